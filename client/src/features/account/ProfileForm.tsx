import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getMe, updateMe } from '../../api/endpoints/users';
import { applyPointerErrors } from '../../api/form-errors';
import { useServices } from '../../providers/services-context';
import { READ_ON_OPEN, useLiveQuery } from '../../providers/query/useLiveQuery';
import { TextField } from '../../ui/Field';
import { useSession } from '../session/useSession';
import { ProfileFormSchema, type ProfileForm as ProfileValues } from './profile.schema';
import { roleLabel } from './roles';

const FIELDS = ['realname', 'email', 'password'] as const;

/** Role (read only), full name, e-mail and an optional new password; Cancel and Save (spec 1 section 2). */
export function ProfileForm({ onCancel, onSaved }: { onCancel: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { api, notices, session: actor } = useServices();
  const { session } = useSession();
  const form = useForm<ProfileValues>({
    resolver: zodResolver(ProfileFormSchema),
    mode: 'onChange',
    defaultValues: { realname: session?.realname ?? '', email: session?.email ?? '', changingPassword: false, password: '' },
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const changingPassword = useWatch({ control: form.control, name: 'changingPassword' });

  // The stored session may be older than the account: show what the server has now.
  const me = useLiveQuery(['me'], () => getMe(api), READ_ON_OPEN).data;
  useEffect(() => {
    // Whatever the person already typed stays, with what was said about it; the rest takes the
    // server's values.
    if (me)
      form.reset(
        { realname: me.realname ?? '', email: me.email ?? '', changingPassword: false, password: '' },
        { keepDirtyValues: true, keepErrors: true },
      );
  }, [me, form]);

  useEffect(() => {
    if (changingPassword) form.setFocus('password');
  }, [changingPassword, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const user = await updateMe(api, {
        realname: values.realname,
        email: values.email,
        ...(values.changingPassword ? { password: values.password } : {}),
      });
      actor.send({ type: 'PROFILE_UPDATED', email: user.email ?? values.email, realname: user.realname });
      notices.success(t('user_profile.update_success'));
      onSaved();
    } catch (error) {
      notices.warning(t('user_profile.update_failed'), applyPointerErrors(error, form.setError, FIELDS));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="profile-form">
      <TextField label={t('user_profile.role')} value={roleLabel(t, session?.role)} readOnly />
      <TextField
        label={t('user_profile.realname')}
        autoComplete="name"
        required
        error={errors.realname?.message}
        {...form.register('realname')}
      />
      <TextField
        label={t('user_profile.email')}
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      {changingPassword ? (
        <TextField
          label={t('user_profile.password')}
          type="password"
          autoComplete="new-password"
          required
          hint={t('register.password_hint')}
          error={errors.password?.message}
          {...form.register('password')}
        />
      ) : (
        <p className="form-links">
          <button
            type="button"
            className="link-button"
            onClick={() => form.setValue('changingPassword', true, { shouldValidate: true, shouldDirty: true })}
          >
            {t('user_profile.change_password')}
          </button>
        </p>
      )}
      <div className="dialog-footer">
        <button type="button" className="button button-ghost" onClick={onCancel} disabled={isSubmitting}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={!isValid || isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? t('common.saving') : t('common.save')}
        </button>
      </div>
    </form>
  );
}
