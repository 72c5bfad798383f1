import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { register as registerUser } from '../../api/endpoints/users';
import { applyPointerErrors } from '../../api/form-errors';
import { useServices } from '../../providers/services-context';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { RegisterFormSchema, type RegisterForm } from './forms';

const FIELDS = ['realname', 'email', 'password'] as const;

/** Registration (spec 1 section 4): success opens login; failure marks fields by pointer. */
export default function RegisterDialog() {
  const { t } = useTranslation();
  const { api, dialogs, notices, session } = useServices();
  const form = useForm<RegisterForm>({
    mode: 'onTouched',
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: { realname: '', email: '', password: '' },
  });
  const { errors, isSubmitting, isValid } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await registerUser(api, values);
      notices.success(t('notify.register.success'));
      dialogs.close();
      session.send({ type: 'OPEN_LOGIN' });
    } catch (error) {
      const rest = applyPointerErrors(error, form.setError, FIELDS);
      notices.warning(t('notify.register.failed'), rest);
    }
  });

  return (
    <Dialog title={t('register.title')} size="small" onClose={isSubmitting ? undefined : () => dialogs.close()}>
      <form noValidate onSubmit={submit}>
        <TextField
          label={t('register.realname')}
          autoComplete="name"
          required
          error={errors.realname?.message}
          {...form.register('realname')}
        />
        <TextField
          label={t('register.email')}
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label={t('register.password')}
          type="password"
          autoComplete="new-password"
          required
          hint={t('register.password_hint')}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <p className="form-links">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              dialogs.close();
              session.send({ type: 'OPEN_LOGIN' });
            }}
          >
            {t('register.have_account')}
          </button>
        </p>
        <div className="dialog-footer">
          <button type="button" className="button button-ghost" onClick={() => dialogs.close()} disabled={isSubmitting}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={isSubmitting || !isValid} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? t('common.processing') : t('register.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
