import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../providers/config-context';
import { useScreenMeta } from '../../providers/useScreenMeta';
import { useSession } from '../session/useSession';
import { SETTINGS_SECTIONS, type SettingsSection } from './settings-sections';

/** One card per area its user may open (spec 3 section 2); unusable areas show why instead of a link. */
export function SettingsHub() {
  const { t } = useTranslation();
  const config = useConfig();
  const { session } = useSession();
  useScreenMeta(t('settings_hub.title'), { robots: 'noindex, nofollow' });
  const sections = SETTINGS_SECTIONS.filter((section) => section.visible(session, config));
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings_hub.title')}</h1>
      {sections.length === 0 ? (
        <p className="empty-state">{t('settings_hub.empty')}</p>
      ) : (
        <ul className="card-list">
          {sections.map((section) => (
            <li key={section.id} className="card">
              <HubCard section={section} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HubCard({ section }: { section: SettingsSection }) {
  const { t } = useTranslation();
  const config = useConfig();
  const title = t(section.titleKeyFor?.(config) ?? section.titleKey);
  const detail = section.detail?.(config);
  const unavailable = section.unavailable?.(config) === true;
  const body = (
    <>
      <span className="card-title">{title}</span>
      <span className="card-description">{t(section.descriptionKey)}</span>
      {detail ? <span className="card-detail">{t(detail.key, detail.values)}</span> : null}
    </>
  );
  if (unavailable || section.comingSoon) {
    // Not a link: there is nothing to open. The note says why, and is read with the card.
    return (
      <div className="card-link card-disabled" aria-disabled="true">
        {body}
        <span className="card-note">{unavailable ? t('views.unavailable', { view: title }) : t('settings_hub.coming_soon')}</span>
      </div>
    );
  }
  return (
    <Link to={section.to} className="card-link">
      {body}
    </Link>
  );
}
