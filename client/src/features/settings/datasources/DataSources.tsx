import { useTranslation } from 'react-i18next';
import { getProviderConfig, listDataProviders, saveProviderConfig, type ProviderConfig } from '../../../api/endpoints/datasources';
import { listForms } from '../../../api/endpoints/forms';
import { useConfig } from '../../../providers/config-context';
import { useServices } from '../../../providers/services-context';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { READ_ON_OPEN, useLiveQuery, useSetLiveData } from '../../../providers/query/useLiveQuery';
import { apiErrorTexts } from '../../notices/api-error-text';
import { useLoadFailedNotice } from '../../notices/useLoadFailedNotice';
import { ProviderPanel, type ProviderState } from './ProviderPanel';
import './datasources.css';

type Loaded = Awaited<ReturnType<typeof load>>;

const RESOURCE = ['config', 'data-provider-screen'] as const;

const load = async (api: Parameters<typeof listDataProviders>[0]) => {
  const [providers, config, forms] = await Promise.all([listDataProviders(api), getProviderConfig(api), listForms(api)]);
  return { providers, config, forms };
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * /settings/datasources: every provider the deployment offers, by name, each in a panel (spec 3
 * sections 2, 5, 8). A switch saves only that provider's switch (the server merges the map), the
 * Save button only that provider's settings object, so two admins never undo each other's providers.
 */
export function DataSources() {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  const { features } = useConfig();
  useScreenMeta(t('datasources.title'), { robots: 'noindex, nofollow' });
  const query = useLiveQuery(RESOURCE, () => load(api), READ_ON_OPEN);
  useLoadFailedNotice(query.error, t('datasources.load_failed'));
  const setLoaded = useSetLiveData<Loaded>(RESOURCE);
  const loaded = query.data ?? null;
  const plan = features['data-providers'] ?? {};

  const keep = (config: ProviderConfig) => setLoaded((current) => (current ? { ...current, config } : (current as unknown as Loaded)));

  const states: ProviderState[] = loaded
    ? loaded.providers
        // The plan lists what the deployment offers; one it marks off shows as unavailable.
        .filter((provider) => provider.id in plan)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((provider) => {
          const available = plan[provider.id] === true;
          const stored = loaded.config[provider.id];
          return {
            provider,
            available,
            enabled: available && loaded.config.providers[provider.id] === true,
            stored: isObject(stored) ? stored : {},
          };
        })
    : [];

  const failed = async (key: string, name: string, error: unknown) => {
    notices.warning(t(key, { name }), apiErrorTexts(t, error));
  };

  return (
    <section aria-labelledby="datasources-title">
      <div className="screen-header">
        <h1 id="datasources-title">{t('datasources.title')}</h1>
      </div>
      <p className="field-hint">{t('datasources.hint')}</p>
      {loaded ? (
        <ul className="provider-list">
          {states.map((state) => (
            <ProviderPanel
              key={state.provider.id}
              state={state}
              forms={loaded.forms}
              onToggle={async (enabled) => {
                try {
                  keep(await saveProviderConfig(api, { providers: { [state.provider.id]: enabled } }));
                  notices.success(t(enabled ? 'datasources.turned_on' : 'datasources.turned_off', { name: state.provider.name }));
                } catch (error) {
                  await failed('datasources.save_failed', state.provider.name, error);
                }
              }}
              onSave={async (body) => {
                try {
                  keep(await saveProviderConfig(api, { [state.provider.id]: body }));
                  notices.success(t('datasources.saved', { name: state.provider.name }));
                } catch (error) {
                  await failed('datasources.save_failed', state.provider.name, error);
                }
              }}
            />
          ))}
        </ul>
      ) : query.isError ? (
        <p className="empty-state">{t('datasources.load_failed')}</p>
      ) : (
        <p className="loading" role="status">
          {t('app.loading')}
        </p>
      )}
    </section>
  );
}
