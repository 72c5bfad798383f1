import type { MapConfig, SiteConfig } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { getMapConfig, getSiteConfig, updateConfig } from '../../../api/endpoints/config';
import { uploadMedia } from '../../../api/endpoints/media';
import { isApiError } from '../../../api/errors';
import { applyPointerErrors } from '../../../api/form-errors';
import { useConfig } from '../../../providers/config-context';
import { isFeatureEnabled } from '../../../providers/features';
import { useServices } from '../../../providers/services-context';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { READ_ON_OPEN, useLiveQuery, useSetLiveData } from '../../../providers/query/useLiveQuery';
import { apiErrorTexts } from '../../notices/api-error-text';
import { useLoadFailedNotice } from '../../notices/useLoadFailedNotice';
import { ApiKeyPanel } from './ApiKeyPanel';
import { GeneralForm, type GeneralSubmit } from './GeneralForm';
import { mapBody, siteBody, toFormValues, type SiteSwitches } from './general.schema';

type Loaded = { site: SiteConfig; map: MapConfig };

const SITE_FIELDS = ['name', 'description', 'email', 'language', 'private', 'disable_registration'] as const;
// The map group's pointers name its stored keys; the form shows them under these fields.
const MAP_ALIASES = {
  'default_view.lat': 'lat',
  'default_view.lon': 'lon',
  'default_view.zoom': 'zoom',
  location_precision: 'location_precision',
} as const;

/** /settings/general: loads the stored site and map groups, saves both (spec 3 sections 2, 4). */
export function GeneralSettings() {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  const { features, reload } = useConfig();
  useScreenMeta(t('general_settings.title'), { robots: 'noindex, nofollow' });

  const query = useLiveQuery(
    ['config', 'general-settings'],
    async (): Promise<Loaded> => {
      const [site, map] = await Promise.all([getSiteConfig(api), getMapConfig(api)]);
      return { site, map };
    },
    READ_ON_OPEN,
  );
  useLoadFailedNotice(query.error, t('general_settings.load_failed'));
  const loaded = query.data ?? null;
  const failed = query.isError;
  const setLoaded = useSetLiveData<Loaded>(['config', 'general-settings']);

  const switches: SiteSwitches = {
    privateEnabled: isFeatureEnabled(features, 'private'),
    registrationSwitchEnabled: isFeatureEnabled(features, 'disable_registration'),
    precisionEnabled: isFeatureEnabled(features, 'anonymise-reporters'),
  };

  const save: GeneralSubmit = async (values, change, setError) => {
    if (!loaded) return false;
    try {
      const media = change.logo.file ? await uploadMedia(api, change.logo.file) : null;
      const imageHeader = media ? media.original_file_url : change.logo.remove ? null : undefined;
      const site = await updateConfig(api, 'site', siteBody(values, change.languageChanged, switches, imageHeader));
      const map = await updateConfig(api, 'map', mapBody(values, loaded.map, switches));
      setLoaded({ site: { ...loaded.site, ...site } as SiteConfig, map: { ...loaded.map, ...map } as MapConfig });
      notices.success(t('general_settings.saved'));
      await reload();
      return true;
    } catch (error) {
      // Field errors show at their fields; the notice lists whatever no field could take.
      const details =
        isApiError(error) && error.fieldProblems.length > 0
          ? applyPointerErrors(error, setError, SITE_FIELDS, MAP_ALIASES)
          : apiErrorTexts(t, error);
      notices.warning(t('general_settings.save_failed'), details);
      return false;
    }
  };

  return (
    <section aria-labelledby="general-title">
      <div className="screen-header">
        <h1 id="general-title">{t('general_settings.title')}</h1>
      </div>
      {loaded ? (
        <GeneralForm
          defaults={toFormValues(loaded.site, loaded.map)}
          currentLogo={loaded.site.image_header ?? null}
          switches={switches}
          between={<ApiKeyPanel />}
          onSubmit={save}
        />
      ) : failed ? (
        <p className="empty-state">{t('general_settings.load_failed')}</p>
      ) : (
        <p className="loading" role="status">
          {t('app.loading')}
        </p>
      )}
    </section>
  );
}
