import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { confirmPasswordReset } from '../../api/endpoints/users';
import { applyPointerErrors } from '../../api/form-errors';
import { useServices } from '../../providers/services-context';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { ResetConfirmFormSchema, type ResetConfirmForm } from './forms';

/** Step two: the token (from the link, or typed in) and the new password; success opens login. */
export default function ResetConfirmDialog({ token }: { token?: string }) {
  const { t } = useTranslation();
  const { api, dialogs, notices, session } = useServices();
  const form = useForm<ResetConfirmForm>({
    resolver: zodResolver(ResetConfirmFormSchema),
    defaultValues: { token: token ?? '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await confirmPasswordReset(api, values.token, values.password);
      notices.success(t('notify.passwordreset.success'));
      dialogs.close();
      session.send({ type: 'OPEN_LOGIN' });
    } catch (error) {
      const rest = applyPointerErrors(error, form.setError, token ? ['password'] : ['token', 'password']);
      notices.warning(t('notify.passwordreset.failed'), rest);
    }
  });

  return (
    <Dialog title={t('password_reset_confirm.title')} size="small" onClose={isSubmitting ? undefined : () => dialogs.close()}>
      <form noValidate onSubmit={submit}>
        {token ? null : (
          <TextField
            label={t('password_reset_confirm.token')}
            autoComplete="one-time-code"
            required
            error={errors.token?.message}
            {...form.register('token')}
          />
        )}
        <TextField
          label={t('password_reset_confirm.password')}
          type="password"
          autoComplete="new-password"
          required
          hint={t('register.password_hint')}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="dialog-footer">
          <button type="button" className="button button-ghost" onClick={() => dialogs.close()} disabled={isSubmitting}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? t('common.processing') : t('password_reset_confirm.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
