import { zodResolver } from '@hookform/resolvers/zod';
import type { Permission } from '@platform/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextAreaField, TextField } from '../../../ui/Field';
import { RoleFormSchema, type RoleFormValues } from './role-form.schema';

/**
 * Display name, description and permission boxes. The admin role has every permission whatever is
 * stored, so its boxes are all checked and locked (spec 3 section 5).
 */
export function RoleForm({
  permissions,
  defaults,
  isAdminRole,
  onSubmit,
  onCancel,
  actions,
}: {
  permissions: Permission[];
  defaults: RoleFormValues;
  isAdminRole: boolean;
  onSubmit: (values: RoleFormValues, setError: UseFormSetError<RoleFormValues>) => Promise<void>;
  onCancel: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const form = useForm<RoleFormValues>({ resolver: zodResolver(RoleFormSchema), mode: 'onChange', defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) => onSubmit(values, form.setError));

  return (
    <form noValidate onSubmit={submit} className="settings-form" aria-busy={isSubmitting || undefined}>
      <fieldset className="form-section" disabled={isSubmitting}>
        <legend>{t('roles_admin.details')}</legend>
        <TextField label={t('roles_admin.display_name')} required error={errors.display_name?.message} {...form.register('display_name')} />
        <TextAreaField
          label={t('roles_admin.description')}
          rows={2}
          error={errors.description?.message}
          {...form.register('description')}
        />
      </fieldset>
      <fieldset className="form-section" disabled={isSubmitting}>
        <legend>{t('roles_admin.permissions')}</legend>
        {isAdminRole ? <p className="field-hint">{t('roles_admin.admin_permissions')}</p> : null}
        <div className="permission-list">
          {permissions.map((permission) =>
            isAdminRole ? (
              <CheckboxField key={permission.name} label={permissionLabel(t, permission.name)} checked disabled readOnly />
            ) : (
              <CheckboxField
                key={permission.name}
                label={permissionLabel(t, permission.name)}
                value={permission.name}
                {...form.register('permissions')}
              />
            ),
          )}
        </div>
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

/** Permission names are stored in English; the screen shows them translated when a text exists. */
export function permissionLabel(t: TFunction, name: string): string {
  return t(`permissions.${name.replace(/\s+/g, '_').toLowerCase()}`, { defaultValue: name });
}
