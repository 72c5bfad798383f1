import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A route that failed to load or render (a chunk that never arrived, a bug). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <main id="main" className="app-main">
      <section className="status-page" role="alert">
        <h1>{t('route_error.title')}</h1>
        <p>{error instanceof Error ? error.message : t('route_error.message')}</p>
        <p>
          <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
            {t('route_error.reload')}
          </button>
        </p>
      </section>
    </main>
  );
}
