import type { Role } from '@platform/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../ui/SelectField';

/** Select-all for the page, and the bulk role change and delete for what is selected. */
export function UserBulkBar({
  roles,
  selectedCount,
  pageCount,
  busy,
  onSelectAll,
  onChangeRole,
  onDelete,
}: {
  roles: Role[];
  selectedCount: number;
  pageCount: number;
  busy: boolean;
  onSelectAll: (all: boolean) => void;
  onChangeRole: (role: string) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [role, setRole] = useState('');
  const none = selectedCount === 0;
  const all = pageCount > 0 && selectedCount === pageCount;
  return (
    <div className="list-toolbar">
      <label className="radio">
        <input
          type="checkbox"
          className="checkbox"
          checked={all}
          ref={(input) => {
            if (input) input.indeterminate = !none && !all;
          }}
          onChange={(event) => onSelectAll(event.target.checked)}
          disabled={pageCount === 0 || busy}
        />
        {t('users_admin.select_all')}
      </label>
      <span aria-live="polite">{t('users_admin.selected', { count: selectedCount })}</span>
      <div className="bulk-actions">
        <SelectField
          label={<span className="visually-hidden">{t('users_admin.bulk_role')}</span>}
          value={role}
          onChange={(e) => setRole(e.target.value)}
        >
          <option value="">{t('users_admin.bulk_role')}</option>
          {roles.map((r) => (
            <option key={r.name} value={r.name}>
              {r.display_name}
            </option>
          ))}
        </SelectField>
        <button type="button" className="button button-ghost" disabled={none || role === '' || busy} onClick={() => onChangeRole(role)}>
          {t('users_admin.change_role')}
        </button>
        <button type="button" className="button button-danger" disabled={none || busy} onClick={onDelete}>
          {t('users_admin.delete_selected')}
        </button>
      </div>
    </div>
  );
}
