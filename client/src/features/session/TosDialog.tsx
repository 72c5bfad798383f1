import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useServices } from '../../providers/services-context';
import { Dialog } from '../../ui/Dialog';
import { CheckboxField } from '../../ui/Field';
import { TosFormSchema, type TosForm } from './forms';
import { TOS_VERSION_DATE } from '../../session/tos';
import { useLoginState } from './useSession';

export const TERMS_URL = 'https://www.ushahidi.com/terms-of-service';

/** Shown after login until the user agrees to the current terms; declining does not log in (spec 1 section 4). */
export default function TosDialog() {
  const { t, i18n } = useTranslation();
  const { session } = useServices();
  const state = useLoginState();
  const saving = state.matches('savingTos');
  const form = useForm<TosForm>({ resolver: zodResolver(TosFormSchema), defaultValues: { agree: false } });
  const updated = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(TOS_VERSION_DATE));

  return (
    <Dialog title={t('tos.title')} size="medium">
      <form noValidate onSubmit={form.handleSubmit(() => session.send({ type: 'AGREE_TOS' }))}>
        <div className="tos-text">
          <p>{t('tos.intro', { date: updated })}</p>
          <ul>
            <li>{t('tos.point_content')}</li>
            <li>{t('tos.point_conduct')}</li>
            <li>{t('tos.point_data')}</li>
          </ul>
          <p>
            <Trans i18nKey="tos.read_full" components={{ terms: <a href={TERMS_URL} target="_blank" rel="noopener noreferrer" /> }} />
          </p>
        </div>
        {state.context.tosFailed ? (
          <p className="form-alert" role="alert">
            {t('tos.failed')}
          </p>
        ) : null}
        <CheckboxField
          label={t('tos.agree')}
          required
          error={form.formState.errors.agree?.message}
          disabled={saving}
          {...form.register('agree')}
        />
        <div className="dialog-footer">
          <button type="button" className="button button-ghost" onClick={() => session.send({ type: 'DECLINE_TOS' })} disabled={saving}>
            {t('tos.decline')}
          </button>
          <button type="submit" className="button button-primary" disabled={saving} aria-busy={saving || undefined}>
            {saving ? t('common.saving') : t('tos.continue')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
