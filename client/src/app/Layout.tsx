import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { DialogHost } from './DialogHost';
import { TrialBanner } from '../features/demo/TrialBanner';
import { useLoginState, useSession } from '../features/session/useSession';
import { ConnectionBanner } from './ConnectionBanner';
import { AccountMenu } from './AccountMenu';
import { BootstrapError } from './BootstrapError';
import { useConfigState } from '../providers/config-context';
import { isEmbedded } from './embed';
import { LanguagePicker } from './LanguagePicker';
import { ModeBar } from './ModeBar';
import { HeaderMenu } from './HeaderMenu';
import { NoticeList } from './NoticeList';
import { useServices } from '../providers/services-context';
import { SupportMenu } from './SupportMenu';
import { useDebugModeNotice, useDefaultLanguage } from './useStartupChecks';
import { lazyChunk } from '../ui/lazy-chunk';

/** Only a private site's anonymous visitors see it, so the map route does not carry it (nor `Trans`). */
const PrivateSiteNotice = lazyChunk(() => import('./PrivateSiteNotice'));

const POWERED_BY_URL = 'https://www.ushahidi.com';

/** On a private site an anonymous visitor has nothing to see but the login dialog. */
function usePrivateSiteLogin(isPrivate: boolean) {
  const { session } = useServices();
  const state = useLoginState();
  const mustLogIn = isPrivate && state.matches({ anonymous: { prompt: 'closed' } });
  useEffect(() => {
    if (mustLogIn) session.send({ type: 'OPEN_LOGIN' });
  }, [mustLogIn, session]);
}

export function Layout() {
  const { t } = useTranslation();
  const { status, config, error, reload } = useConfigState();
  const embed = isEmbedded();
  usePrivateSiteLogin(config?.site.private === true);
  useDefaultLanguage();
  useDebugModeNotice();

  const { loggedIn } = useSession();
  // A private site shows an anonymous visitor its notice and the login dialog, and loads nothing else.
  const closed = config?.site.private === true && !loggedIn;
  const siteName = config?.site.name || t('app.name');
  return (
    <div className={`app${embed ? ' app-embed' : ''}`}>
      <a className="skip-link" href="#main">
        {t('app.skip_to_content')}
      </a>
      <header className="app-header">
        <Link to="/" className="brand">
          {config?.site.image_header ? <img src={config.site.image_header} alt="" className="brand-image" /> : null}
          <span className="brand-name">{siteName}</span>
        </Link>
        {config ? (
          <>
            {/* The language stays in the phone's one row: a visitor may need it before anything else. */}
            <div className="header-language">
              <LanguagePicker />
            </div>
            <HeaderMenu>
              {closed ? null : <ModeBar />}
              <div className="header-tools">
                <SupportMenu />
              </div>
              <div className="header-account">
                <AccountMenu />
              </div>
            </HeaderMenu>
          </>
        ) : (
          <div className="header-tools">
            <LanguagePicker />
          </div>
        )}
      </header>
      {config ? <TrialBanner /> : null}
      {config ? <ConnectionBanner /> : null}
      <main id="main" className="app-main" tabIndex={-1}>
        {config && closed ? (
          <Suspense fallback={<p className="loading">{t('app.loading')}</p>}>
            <PrivateSiteNotice siteName={siteName} email={config.site.email} />
          </Suspense>
        ) : null}
        {config && !closed ? <Outlet /> : null}
        {!config && status === 'error' ? <BootstrapError error={error} onRetry={reload} /> : null}
        {!config && status === 'loading' ? (
          <p className="loading" role="status">
            {t('app.loading')}
          </p>
        ) : null}
      </main>
      {embed ? (
        <footer className="app-footer">
          <a href={POWERED_BY_URL} target="_blank" rel="noopener noreferrer" className="powered-by">
            {t('app.powered_by')}
          </a>
        </footer>
      ) : null}
      <NoticeList />
      {config ? <DialogHost /> : null}
    </div>
  );
}
