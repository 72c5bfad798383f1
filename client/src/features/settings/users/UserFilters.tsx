import type { Role } from '@platform/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';

/** Search by name or e-mail and filter by role; both start again from page 1. */
export function UserFilters({
  q,
  role,
  roles,
  onChange,
}: {
  q: string;
  role: string;
  roles: Role[];
  onChange: (next: { q: string; role: string }) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(q);
  return (
    <form
      role="search"
      className="list-filters"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: text.trim(), role });
      }}
    >
      <TextField label={t('users_admin.search')} type="search" value={text} onChange={(event) => setText(event.target.value)} />
      <button type="submit" className="button button-ghost">
        {t('users_admin.search_button')}
      </button>
      <SelectField
        label={t('users_admin.filter_role')}
        value={role}
        onChange={(event) => onChange({ q: text.trim(), role: event.target.value })}
      >
        <option value="">{t('users_admin.all_roles')}</option>
        {roles.map((r) => (
          <option key={r.name} value={r.name}>
            {r.display_name}
          </option>
        ))}
      </SelectField>
    </form>
  );
}
