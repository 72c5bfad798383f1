import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../providers/config-context';
import { canRegister } from '../../providers/features';
import { useServices } from '../../providers/services-context';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { LoginFormSchema, type LoginForm } from './forms';
import { useLoginState } from './useSession';

/** Login (spec 1 sections 2, 4): cancel only on a public site; a failure clears the fields. */
export default function LoginDialog() {
  const { t } = useTranslation();
  const { session, dialogs } = useServices();
  const { site } = useConfig();
  const state = useLoginState();
  const processing = !state.matches('anonymous');
  const { loginFailed, loginRefused, loginMessage } = state.context;
  const form = useForm<LoginForm>({
    mode: 'onTouched',
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isValid } = form.formState;

  // Refused credentials are cleared; after a server that did not answer they stay, to try again.
  useEffect(() => {
    if (loginFailed && loginRefused) {
      form.reset({ email: '', password: '' });
      form.setFocus('email');
    }
  }, [loginFailed, loginRefused, form]);

  const isPrivate = site.private === true;
  const leaveFor = (name: 'register' | 'forgotPassword') => {
    if (!isPrivate) session.send({ type: 'CANCEL_LOGIN' });
    dialogs.open({ name });
  };

  return (
    <Dialog
      title={t('login.title')}
      size="small"
      onClose={isPrivate || processing ? undefined : () => session.send({ type: 'CANCEL_LOGIN' })}
      description={isPrivate ? t('login.private_notice') : undefined}
    >
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => session.send({ type: 'LOGIN', email: values.email, password: values.password }))}
      >
        {loginFailed ? (
          <div className="form-alert" role="alert">
            {loginRefused || !loginMessage ? <p>{t('notify.login.failed')}</p> : null}
            {loginMessage ? <p>{loginMessage}</p> : null}
          </div>
        ) : null}
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="username"
          required
          error={errors.email?.message}
          disabled={processing}
          {...form.register('email')}
        />
        <TextField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          disabled={processing}
          {...form.register('password')}
        />
        <p className="form-links">
          <button type="button" className="link-button" onClick={() => leaveFor('forgotPassword')} disabled={processing}>
            {t('login.forgot')}
          </button>
          {canRegister(site) ? (
            <button type="button" className="link-button" onClick={() => leaveFor('register')} disabled={processing}>
              {t('login.no_account')}
            </button>
          ) : null}
        </p>
        <div className="dialog-footer">
          {!isPrivate ? (
            <button
              type="button"
              className="button button-ghost"
              onClick={() => session.send({ type: 'CANCEL_LOGIN' })}
              disabled={processing}
            >
              {t('common.cancel')}
            </button>
          ) : null}
          <button type="submit" className="button button-primary" disabled={processing || !isValid} aria-busy={processing || undefined}>
            {processing ? t('common.processing') : t('login.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
