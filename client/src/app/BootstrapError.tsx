import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors';

/** Shown when the initial `GET /config` fails: the first error message (spec 1 section 2). */
export function BootstrapError({ error, onRetry }: { error: unknown; onRetry: () => Promise<void> }) {
  const { t } = useTranslation();
  const [retrying, setRetrying] = useState(false);
  const message = isApiError(error) ? (error.messages[0] ?? error.message) : error instanceof Error ? error.message : String(error);
  return (
    <section className="bootstrap-error" role="alert" aria-labelledby="bootstrap-error-title">
      <h1 id="bootstrap-error-title">{t('bootstrap.title')}</h1>
      <p className="bootstrap-error-message">{message}</p>
      <button
        type="button"
        className="button button-primary"
        disabled={retrying}
        onClick={() => {
          setRetrying(true);
          void onRetry().finally(() => setRetrying(false));
        }}
      >
        {t('bootstrap.retry')}
      </button>
    </section>
  );
}
