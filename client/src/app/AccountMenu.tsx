import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../features/session/useSession';
import { Disclosure } from '../ui/Disclosure';
import { useConfig } from '../providers/config-context';
import { canRegister } from '../providers/features';
import { useDialogs } from '../providers/services-context';

export function AccountMenu() {
  const { t } = useTranslation();
  const { session, loggedIn, canOpenSettings, send } = useSession();
  const { dialogs } = useDialogs();
  const { site } = useConfig();

  if (!loggedIn || !session) {
    return (
      <div className="account-actions">
        <button type="button" className="button button-primary" onClick={() => send({ type: 'OPEN_LOGIN' })}>
          {t('account.login')}
        </button>
        {canRegister(site) ? (
          <button type="button" className="button button-ghost" onClick={() => dialogs.open({ name: 'register' })}>
            {t('account.register')}
          </button>
        ) : null}
      </div>
    );
  }

  const name = session.realname || session.email || t('account.menu');
  return (
    <Disclosure label={<span className="account-name">{name}</span>} className="account-menu">
      {(close) => (
        <ul className="menu-list">
          <li>
            <button type="button" onClick={() => (close(), dialogs.open({ name: 'profile' }))}>
              {t('account.profile')}
            </button>
          </li>
          <li>
            <button type="button" onClick={() => (close(), dialogs.open({ name: 'contacts' }))}>
              {t('account.contacts')}
            </button>
          </li>
          <li>
            <button type="button" onClick={() => (close(), dialogs.open({ name: 'accountSettings' }))}>
              {t('account.settings')}
            </button>
          </li>
          {canOpenSettings ? (
            <li>
              <Link to="/settings" onClick={close}>
                {t('nav.settings')}
              </Link>
            </li>
          ) : null}
          <li>
            <button type="button" onClick={() => (close(), send({ type: 'LOGOUT' }))}>
              {t('account.logout')}
            </button>
          </li>
        </ul>
      )}
    </Disclosure>
  );
}
