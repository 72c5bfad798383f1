import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { useExport } from './useExport';

/** The running export as the machine sees it: progress, the download link, failure or cancellation. */
export function ExportProgress({ snapshot, send, toExchange = false }: ReturnType<typeof useExport> & { toExchange?: boolean }) {
  const { t } = useTranslation();
  const { processed, total, url, error, jobId } = snapshot.context;
  if (snapshot.matches('idle')) return null;
  if (snapshot.matches('requesting')) return <p role="status">{t('data_export.requesting')}</p>;
  if (snapshot.matches('ready'))
    return (
      <div className="alert alert-success export-status" role="status">
        <p>{t('data_export.ready', { count: processed })}</p>
        {toExchange && jobId !== null ? (
          // Sent to the exchange: the file waits for the dataset's details (spec 3, /settings/hdx-details).
          <Link className="button button-primary" to={`/settings/hdx-details?exportJob=${jobId}`}>
            {t('data_export.describe_dataset')}
          </Link>
        ) : url ? (
          <a className="button button-primary" href={url} download>
            {t('data_export.download')}
          </a>
        ) : null}
      </div>
    );
  if (snapshot.matches('failed'))
    return (
      <p className="alert alert-error" role="alert">
        {t('data_export.failed')}
        {error ? ` ${error}` : ''}
      </p>
    );
  if (snapshot.matches('cancelled'))
    return (
      <p className="alert alert-warning" role="status">
        {t('data_export.cancelled')}
      </p>
    );
  return (
    <div className="export-status" role="status">
      <p>{total === null ? t('data_export.running') : t('data_export.progress', { processed, total })}</p>
      <progress max={total ?? undefined} value={total === null ? undefined : processed} aria-label={t('data_export.running')} />
      <button
        type="button"
        className="button button-ghost"
        onClick={() => send({ type: 'CANCEL' })}
        disabled={!snapshot.matches('running')}
      >
        {t('data_export.cancel')}
      </button>
    </div>
  );
}
