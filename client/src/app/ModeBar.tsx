import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../features/session/useSession';
import { SetListDialogLazy } from '../features/sets/lazy-dialogs';
import { useConfig } from './config-context';
import { isViewEnabled } from './features';

/** Map and Data always; Activity when the view is enabled or the user may manage settings (spec 1 section 2). */
export function ModeBar() {
  const { t } = useTranslation();
  const { features } = useConfig();
  const { can } = useSession();
  const showActivity = isViewEnabled(features, 'activity') || can('Manage Settings');
  const [collections, setCollections] = useState(false);
  const link = ({ isActive }: { isActive: boolean }) => `mode-link${isActive ? ' is-active' : ''}`;
  return (
    <nav className="mode-bar" aria-label={t('nav.modes')}>
      <ul>
        <li>
          <NavLink to="/views/map" className={link}>
            {t('nav.map')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/views/data" className={link}>
            {t('nav.data')}
          </NavLink>
        </li>
        {showActivity ? (
          <li>
            <NavLink to="/activity" className={link}>
              {t('nav.activity')}
            </NavLink>
          </li>
        ) : null}
        <li>
          <button type="button" className="mode-link" onClick={() => setCollections(true)}>
            {t('nav.collections')}
          </button>
        </li>
      </ul>
      {collections ? <SetListDialogLazy kind="collection" onClose={() => setCollections(false)} /> : null}
    </nav>
  );
}
