import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { CancelImportDialog } from './CancelImportDialog';
import { ImportProblems } from './ImportProblems';
import { DATA_IMPORT_PATH } from './import-paths';
import { RefusedRows } from './RefusedRows';
import { useImportActor } from './useImportActor';
import './data-import.css';

/** `?import=<id>`, or the newest import. */
const followOf = (raw: string | null) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : 'latest');

/**
 * /settings/data-after-import (spec 3 section 4, issue 22 item 3): the rows done of the total and
 * the rows refused, live from pushed events; then the completion with the counts, the collection of
 * imported posts, the refused rows and their report, and import-another. Anyone allowed to import
 * who opens it sees the same progress.
 */
export function AfterImportScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useScreenMeta(t('data_import.title'), { robots: 'noindex, nofollow' });
  const actor = useImportActor({ follow: followOf(params.get('import')) });
  const snapshot = useSelector(actor, (s) => s);
  const { progress, csv, problems } = snapshot.context;
  const filename = csv?.filename ?? '';
  const importAnother = () => void navigate(DATA_IMPORT_PATH);

  if (snapshot.matches('loading') || snapshot.matches('start')) return <p role="status">{t('common.processing')}</p>;
  if (snapshot.matches('nothing') || !progress) {
    return (
      <section className="data-import">
        <ImportProblems problems={problems} />
        <p>{t('data_import.nothing')}</p>
        <Link to={DATA_IMPORT_PATH} className="button button-primary">
          {t('data_import.start_import')}
        </Link>
      </section>
    );
  }

  const done = progress.processed + progress.errors;
  const ended = !snapshot.matches('importing');
  const title = snapshot.matches('done')
    ? t('data_import.complete_title')
    : snapshot.matches('failed')
      ? t('data_import.failed_title')
      : snapshot.matches('cancelled')
        ? t('data_import.cancelled_title')
        : t('data_import.progress_title', { filename });
  const counts = { processed: progress.processed, errors: progress.errors };

  return (
    <section aria-labelledby="after-import-title" className="data-import" data-import-state={ended ? 'ended' : 'running'}>
      <div className="screen-header">
        <h1 id="after-import-title">{title}</h1>
      </div>
      <ImportProblems problems={problems} />
      <div className="import-progress" role="status" aria-live="polite">
        <progress max={Math.max(progress.total, 1)} value={Math.min(done, progress.total)} aria-label={t('data_import.progress_label')} />
        <p className="import-rows">{t('data_import.progress_rows', { done, total: progress.total })}</p>
        {!ended ? <p className="import-refused-count">{t('data_import.progress_refused', { count: progress.errors })}</p> : null}
        {snapshot.matches({ importing: 'catchingUp' }) ? <p>{t('data_import.catching_up')}</p> : null}
        {snapshot.matches('done') ? (
          <>
            <p className="import-counts">{t('data_import.csv_import_processed_errors', counts)}</p>
            <p>{t('data_import.csv_import_success_info', { filename })}</p>
          </>
        ) : null}
        {snapshot.matches('failed') ? <p>{t('data_import.failed_text', counts)}</p> : null}
        {snapshot.matches('cancelled') ? <p>{t('data_import.cancelled_text', counts)}</p> : null}
      </div>
      {ended ? (
        <>
          <div className="form-actions">
            {progress.collection_id !== null ? (
              <Link to={`/collections/${progress.collection_id}`} className="button button-primary">
                {t('data_import.open_collection')}
              </Link>
            ) : null}
            <button type="button" className="button" onClick={importAnother}>
              {t('data_import.import_another')}
            </button>
          </div>
          {progress.errors > 0 ? <RefusedRows importId={progress.id} filename={filename} errors={progress.errors} /> : null}
        </>
      ) : (
        <div className="form-actions">
          <button
            type="button"
            className="button button-danger"
            disabled={snapshot.matches({ importing: 'cancelling' })}
            onClick={() => actor.send({ type: 'CANCEL' })}
          >
            {t('data_import.cancel')}
          </button>
        </div>
      )}
      {snapshot.matches({ importing: 'confirmingCancel' }) ? (
        <CancelImportDialog onKeep={() => actor.send({ type: 'KEEP' })} onConfirm={() => actor.send({ type: 'CONFIRM_CANCEL' })} />
      ) : null}
    </section>
  );
}
