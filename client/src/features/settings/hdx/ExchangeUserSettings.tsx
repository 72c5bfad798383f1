import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { listMyExchangeSettings, saveMyExchangeSetting } from '../../../api/endpoints/hdx';
import { isApiError } from '../../../api/errors';
import { useConfig } from '../../../providers/config-context';
import { isFeatureEnabled } from '../../../providers/features';
import { useLiveQuery, useSetLiveData } from '../../../providers/query/useLiveQuery';
import { useServices } from '../../../providers/services-context';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { TextField } from '../../../ui/Field';

const RESOURCE = ['hdx-user-settings'] as const;

/**
 * /settings/user-settings (spec 3 "Export and humanitarian data exchange"): the caller's exchange
 * user id and API key, saved as their own user settings. The key is never shown again whole (the
 * API masks it); leaving the key empty keeps the saved one. Only with user-settings and hxl both on.
 */
export function ExchangeUserSettings() {
  const { features } = useConfig();
  if (!isFeatureEnabled(features, 'user-settings') || !isFeatureEnabled(features, 'hxl')) return <Navigate to="/views/map" replace />;
  return <ExchangeUserSettingsForm />;
}

function ExchangeUserSettingsForm() {
  const { t } = useTranslation();
  const { api } = useServices();
  const id = useId();
  useScreenMeta(t('hdx.user_settings.title'), { robots: 'noindex, nofollow' });
  const settings = useLiveQuery(RESOURCE, () => listMyExchangeSettings(api));
  const setSettings = useSetLiveData<Awaited<ReturnType<typeof listMyExchangeSettings>>>(RESOURCE);
  const saved = (key: string) => settings.data?.find((s) => s.config_key === key);
  const [userId, setUserId] = useState<string | null>(null);
  const [apiKey, setApiKey] = useState('');
  const [errors, setErrors] = useState<{ userId?: string; apiKey?: string; form?: string }>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const shownUserId = userId ?? saved('hdx_maintainer_id')?.config_value ?? '';
  const savedKey = saved('hdx_api_key');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = {
      ...(shownUserId.trim() ? {} : { userId: t('hdx.user_settings.user_id_required') }),
      ...(apiKey.trim() || savedKey ? {} : { apiKey: t('hdx.user_settings.key_required') }),
    };
    setErrors(problems);
    if (problems.userId || problems.apiKey) return;
    setStatus('saving');
    try {
      const next = [await saveMyExchangeSetting(api, saved('hdx_maintainer_id'), 'hdx_maintainer_id', shownUserId.trim())];
      next.push(apiKey.trim() ? await saveMyExchangeSetting(api, savedKey, 'hdx_api_key', apiKey.trim()) : savedKey!);
      setSettings(next);
      setApiKey('');
      setUserId(null);
      setStatus('saved');
    } catch (error) {
      setStatus('idle');
      setErrors({ form: isApiError(error) ? error.messages.join(' ') : t('hdx.user_settings.save_failed') });
    }
  }

  if (settings.isPending) {
    return (
      <p className="loading" role="status">
        {t('hdx.loading')}
      </p>
    );
  }
  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="screen-header">
        <h1 id={`${id}-title`}>{t('hdx.user_settings.title')}</h1>
      </div>
      <p className="screen-intro">{t('hdx.user_settings.intro')}</p>
      <form noValidate onSubmit={submit} className="settings-form">
        <TextField
          label={t('hdx.user_settings.user_id')}
          name="hdx_maintainer_id"
          value={shownUserId}
          error={errors.userId}
          onChange={(e) => setUserId(e.target.value)}
          autoComplete="off"
        />
        <TextField
          label={t('hdx.user_settings.api_key')}
          name="hdx_api_key"
          type="password"
          value={apiKey}
          error={errors.apiKey}
          hint={savedKey?.config_value ? t('hdx.user_settings.key_saved', { masked: savedKey.config_value }) : undefined}
          onChange={(e) => setApiKey(e.target.value)}
          autoComplete="off"
        />
        {errors.form ? (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={status === 'saving'}>
            {t('hdx.user_settings.save')}
          </button>
          {status === 'saved' ? <span role="status">{t('hdx.user_settings.saved')}</span> : null}
        </div>
      </form>
    </section>
  );
}
