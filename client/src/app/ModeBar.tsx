import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '../features/session/useSession';
import { SetListDialogLazy } from '../features/sets/lazy-dialogs';
import { modeLink, viewOfPath } from '../features/common/set-scope';
import { useConfig } from '../providers/config-context';
import { isViewEnabled } from '../providers/features';
import { ActivityIcon, FolderOpen, List, MapIcon, decorative } from '../ui/icons';

/**
 * Map and Data always; Activity when the view is enabled or the user may manage settings (spec 1
 * section 2). Between Map and Data the filters and the collection or saved-search mode stay.
 */
export function ModeBar() {
  const { t } = useTranslation();
  const { features } = useConfig();
  const { can } = useSession();
  const showActivity = isViewEnabled(features, 'activity') || can('Manage Settings');
  const [collections, setCollections] = useState(false);
  const link = ({ isActive }: { isActive: boolean }) => `mode-link${isActive ? ' is-active' : ''}`;
  const { pathname, search } = useLocation();
  const shown = viewOfPath(pathname);
  const view = (name: 'map' | 'data') => (
    <Link
      to={modeLink(name, pathname, search)}
      className={link({ isActive: shown === name })}
      aria-current={shown === name ? 'page' : undefined}
    >
      {name === 'map' ? <MapIcon {...decorative} /> : <List {...decorative} />}
      {t(`nav.${name}`)}
    </Link>
  );
  return (
    <nav className="mode-bar" aria-label={t('nav.modes')}>
      <ul>
        <li>{view('map')}</li>
        <li>{view('data')}</li>
        {showActivity ? (
          <li>
            <NavLink to="/activity" className={link}>
              <ActivityIcon {...decorative} />
              {t('nav.activity')}
            </NavLink>
          </li>
        ) : null}
        <li>
          <button type="button" className="mode-link" onClick={() => setCollections(true)}>
            <FolderOpen {...decorative} />
            {t('nav.collections')}
          </button>
        </li>
      </ul>
      {collections ? <SetListDialogLazy kind="collection" onClose={() => setCollections(false)} /> : null}
    </nav>
  );
}
