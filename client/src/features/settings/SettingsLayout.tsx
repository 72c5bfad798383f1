import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useConfig } from '../../providers/config-context';
import { ScreenRegion } from '../../providers/ScreenRegion';

/** Breadcrumbs (site, Settings) above every settings screen. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const { site } = useConfig();
  return (
    <div className="settings">
      <nav aria-label={t('settings_hub.breadcrumbs')} className="breadcrumbs">
        <ol>
          <li>
            <Link to="/">{site.name || t('app.name')}</Link>
          </li>
          <li>
            <Link to="/settings">{t('settings_hub.title')}</Link>
          </li>
        </ol>
      </nav>
      <ScreenRegion region="settings">
        <Outlet />
      </ScreenRegion>
    </div>
  );
}
