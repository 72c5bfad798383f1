import { zodResolver } from '@hookform/resolvers/zod';
import type { Role } from '@platform/shared';
import { useMemo, type ReactNode } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';
import { userFormSchema, type UserFormMode, type UserFormValues } from './user-form.schema';

/**
 * Full name, e-mail, password and role. Editing yourself keeps the role as it is: nobody changes
 * their own role (spec 3 section 5), so the choice is shown but locked.
 */
export function UserForm({
  mode,
  roles,
  defaults,
  isSelf = false,
  onSubmit,
  onCancel,
  actions,
}: {
  mode: UserFormMode;
  roles: Role[];
  defaults: UserFormValues;
  isSelf?: boolean;
  onSubmit: (values: UserFormValues, setError: UseFormSetError<UserFormValues>) => Promise<void>;
  onCancel: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => userFormSchema(mode), [mode]);
  const form = useForm<UserFormValues>({ resolver: zodResolver(schema), mode: 'onChange', defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) => onSubmit(values, form.setError));

  return (
    <form noValidate onSubmit={submit} className="settings-form" aria-busy={isSubmitting || undefined}>
      <fieldset className="form-section" disabled={isSubmitting}>
        <legend>{t('users_admin.details')}</legend>
        <TextField
          label={t('users_admin.realname')}
          autoComplete="off"
          required
          error={errors.realname?.message}
          {...form.register('realname')}
        />
        <TextField
          label={t('users_admin.email')}
          type="email"
          autoComplete="off"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label={mode === 'create' ? t('users_admin.password') : t('users_admin.new_password')}
          type="password"
          autoComplete="new-password"
          required={mode === 'create'}
          hint={mode === 'create' ? t('register.password_hint') : t('users_admin.password_keep_hint')}
          error={errors.password?.message}
          {...form.register('password')}
        />
        {isSelf ? (
          // Not a disabled select: a locked role is still part of the values the form checks.
          <TextField
            label={t('users_admin.role')}
            readOnly
            value={roles.find((role) => role.name === defaults.role)?.display_name ?? defaults.role}
            hint={t('user.cannot_change_your_own_role')}
          />
        ) : (
          <SelectField label={t('users_admin.role')} required error={errors.role?.message} {...form.register('role')}>
            <option value="">{t('users_admin.choose_role')}</option>
            {roles.map((role) => (
              <option key={role.name} value={role.name}>
                {role.display_name}
              </option>
            ))}
          </SelectField>
        )}
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? t('common.saving') : t('common.save')}
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel} disabled={isSubmitting}>
          {t('common.cancel')}
        </button>
        {actions}
      </div>
    </form>
  );
}
