import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from '../../api/endpoints/users';
import { applyPointerErrors } from '../../api/form-errors';
import { useServices } from '../../providers/services-context';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { ForgotPasswordFormSchema, type ForgotPasswordForm } from './forms';

/** Step one of a password reset: the server mails a link (and a code) to the address. */
export default function ForgotPasswordDialog() {
  const { t } = useTranslation();
  const { api, dialogs, notices } = useServices();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordForm>({ resolver: zodResolver(ForgotPasswordFormSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(api, email);
      setSentTo(email);
    } catch (error) {
      const rest = applyPointerErrors(error, form.setError, ['email']);
      notices.warning(t('notify.passwordreset.request_failed'), rest);
    }
  });

  if (sentTo) {
    return (
      <Dialog
        title={t('password_reset.title')}
        size="small"
        onClose={() => dialogs.close()}
        footer={
          <>
            <button type="button" className="button button-ghost" onClick={() => dialogs.close()}>
              {t('common.close')}
            </button>
            <button type="button" className="button button-primary" onClick={() => dialogs.open({ name: 'resetConfirm' })}>
              {t('password_reset.have_code')}
            </button>
          </>
        }
      >
        <p role="status">{t('password_reset.sent', { email: sentTo })}</p>
      </Dialog>
    );
  }

  return (
    <Dialog title={t('password_reset.title')} size="small" onClose={isSubmitting ? undefined : () => dialogs.close()}>
      <form noValidate onSubmit={submit}>
        <p>{t('password_reset.intro')}</p>
        <TextField
          label={t('password_reset.email')}
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <div className="dialog-footer">
          <button type="button" className="button button-ghost" onClick={() => dialogs.close()} disabled={isSubmitting}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? t('common.processing') : t('password_reset.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
