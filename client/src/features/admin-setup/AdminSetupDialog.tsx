import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { updateMe } from '../../api/endpoints/users';
import { applyPointerErrors } from '../../api/form-errors';
import { useServices } from '../../providers/services-context';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { AdminSetupSchema, type AdminSetupForm } from './admin-setup.schema';

/** Shown while the administrator still has the default e-mail: take the account over (spec 1 section 2). */
export default function AdminSetupDialog() {
  const { t } = useTranslation();
  const { api, dialogs, notices, session } = useServices();
  const form = useForm<AdminSetupForm>({ resolver: zodResolver(AdminSetupSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const later = () => dialogs.dismiss('adminSetup');

  const submit = form.handleSubmit(async (values) => {
    try {
      const user = await updateMe(api, values);
      session.send({ type: 'PROFILE_UPDATED', email: user.email ?? values.email, realname: user.realname });
      notices.success(t('admin_setup.success'));
      dialogs.dismiss('adminSetup');
    } catch (error) {
      notices.warning(t('admin_setup.failed'), applyPointerErrors(error, form.setError, ['email', 'password']));
    }
  });

  return (
    <Dialog title={t('admin_setup.title')} size="small" onClose={isSubmitting ? undefined : later} description={t('admin_setup.intro')}>
      <form noValidate onSubmit={submit}>
        <TextField
          label={t('admin_setup.email')}
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label={t('admin_setup.password')}
          type="password"
          autoComplete="new-password"
          required
          hint={t('register.password_hint')}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="dialog-footer">
          <button type="button" className="button button-ghost" onClick={later} disabled={isSubmitting}>
            {t('admin_setup.later')}
          </button>
          <button type="submit" className="button button-primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
