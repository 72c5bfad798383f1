import type { HxlUploadStage } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { phaseOf, type UploadView } from './upload.machine';

const STEPS: readonly HxlUploadStage[] = ['queued', 'dataset', 'file'];

/** The export file as it is written, then the upload's steps, then its end: the dataset's link or the exchange's answer. */
export function UploadStatus({ view }: { view: UploadView }) {
  const { t } = useTranslation();
  const phase = phaseOf(view);
  if (phase === 'gone')
    return (
      <p className="alert alert-warning" role="status">
        {t('hdx.upload.gone')}
      </p>
    );
  if (phase === 'done')
    return (
      <div className="alert alert-success hdx-upload" role="status">
        <p>{t('hdx.upload.done')}</p>
        {view.datasetUrl ? (
          <a className="button button-primary" href={view.datasetUrl} target="_blank" rel="noopener noreferrer">
            {t('hdx.upload.open_dataset')}
          </a>
        ) : null}
      </div>
    );
  if (phase === 'failed')
    return (
      <div className="alert alert-error hdx-upload" role="alert">
        <p>{t('hdx.uploading_data_err')}</p>
        {view.reason ? (
          <p>
            {/* The exchange answers in English: isolated, so a right-to-left page keeps its order. */}
            {t('hdx.upload.reason')} <bdi dir="ltr">{view.reason}</bdi>
          </p>
        ) : null}
      </div>
    );
  const fileReady = view.status === 'PENDING_HDX';
  const file = fileReady
    ? t('hdx.upload.file_ready', { count: view.processed })
    : view.total === null
      ? t('hdx.upload.file_writing')
      : t('hdx.upload.file_progress', { processed: view.processed, total: view.total });
  if (phase === 'describing')
    return (
      <p className="hdx-file" role="status">
        {file}
      </p>
    );
  const current = STEPS.indexOf(view.stage!);
  return (
    <div className="hdx-upload" role="status">
      <p>{t('hdx.upload.uploading')}</p>
      <progress aria-label={t('hdx.upload.uploading')} />
      <ol className="hdx-steps">
        {STEPS.map((step, index) => (
          <li key={step} aria-current={index === current ? 'step' : undefined} data-done={index < current ? 'true' : undefined}>
            {step === 'queued' && !fileReady ? file : t(`hdx.upload.stage_${step}`)}
          </li>
        ))}
      </ol>
      {view.datasetUrl ? (
        <p>
          <a href={view.datasetUrl} target="_blank" rel="noopener noreferrer">
            {t('hdx.upload.dataset_link')}
          </a>
        </p>
      ) : null}
    </div>
  );
}
