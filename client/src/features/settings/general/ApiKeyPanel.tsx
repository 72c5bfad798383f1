import type { ApiKey } from '@platform/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentApiKey, generateApiKey } from '../../../api/endpoints/apikeys';
import { useServices } from '../../../providers/services-context';
import { useLiveQuery, useSetLiveData } from '../../../providers/query/useLiveQuery';
import { TextField } from '../../../ui/Field';
import { apiErrorTexts } from '../../notices/api-error-text';

/** The deployment's API key with a generate button (spec 3 section 2); it saves on its own. */
export function ApiKeyPanel() {
  const { t } = useTranslation();
  const { api, dialogs, notices } = useServices();
  const [busy, setBusy] = useState(false);

  const query = useLiveQuery(['apikey'], () => currentApiKey(api));
  const setKey = useSetLiveData<ApiKey | null>(['apikey']);
  const state = query.isPending ? { status: 'loading' } : query.isError ? { status: 'error' } : { status: 'ready', key: query.data };

  const existing = query.isSuccess ? query.data : null;

  const generate = async () => {
    // A new value replaces the old one at once: apps still using it stop working.
    if (existing && !(await dialogs.confirm({ message: t('general_settings.api_key_regenerate_confirm'), danger: true }))) return;
    setBusy(true);
    try {
      setKey(await generateApiKey(api, existing));
      notices.success(t('general_settings.api_key_generated'));
    } catch (error) {
      notices.warning(t('general_settings.api_key_failed'), apiErrorTexts(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="form-section">
      <legend>{t('general_settings.api_key_section')}</legend>
      <div className="inline-field">
        <TextField
          label={t('general_settings.api_key')}
          className="key-value"
          readOnly
          value={
            state.status === 'loading'
              ? t('app.loading')
              : state.status === 'error'
                ? t('general_settings.api_key_unavailable')
                : (existing?.api_key ?? t('general_settings.api_key_none'))
          }
        />
        <button
          type="button"
          className="button button-ghost"
          onClick={() => void generate()}
          disabled={busy || state.status !== 'ready'}
          aria-busy={busy || undefined}
        >
          {busy ? t('common.processing') : t('general_settings.api_key_generate')}
        </button>
      </div>
    </fieldset>
  );
}
