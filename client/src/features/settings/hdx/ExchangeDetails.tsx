import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useConfig } from '../../../providers/config-context';
import { isFeatureEnabled } from '../../../providers/features';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { ExchangeDatasetForm } from './ExchangeDatasetForm';
import { UploadStatus } from './UploadStatus';
import { phaseOf } from './upload.machine';
import { useExchangeUpload } from './useExchangeUpload';
import './hdx.css';

/**
 * /settings/hdx-details?exportJob=ID (spec 3 "Export and humanitarian data exchange"): the dataset
 * metadata of an export sent to the exchange, then its upload followed live (uploading, then the
 * dataset's link, or the exchange's answer when it failed). To the map when hxl is off.
 */
export function ExchangeDetails() {
  const { features } = useConfig();
  const [params] = useSearchParams();
  const exportJob = Number(params.get('exportJob'));
  if (!isFeatureEnabled(features, 'hxl')) return <Navigate to="/views/map" replace />;
  if (!Number.isSafeInteger(exportJob) || exportJob <= 0) return <Navigate to="/settings/data-export" replace />;
  return <ExchangeDetailsPage key={exportJob} exportJob={exportJob} />;
}

function ExchangeDetailsPage({ exportJob }: { exportJob: number }) {
  const { t } = useTranslation();
  const id = useId();
  useScreenMeta(t('hdx.details.title'), { robots: 'noindex, nofollow' });
  const { snapshot, send } = useExchangeUpload(exportJob);
  const { view, error } = snapshot.context;
  const describing = view !== null && phaseOf(view) === 'describing';

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="screen-header">
        <h1 id={`${id}-title`}>{t('hdx.details.title')}</h1>
      </div>
      <p className="screen-intro">{t('hdx.details.intro')}</p>
      {snapshot.matches('reading') ? <p role="status">{t('app.loading')}</p> : null}
      {snapshot.matches('unreadable') ? (
        <p className="alert alert-error" role="alert">
          {t('hdx.upload.unreadable')} {error}
        </p>
      ) : null}
      {view ? <UploadStatus view={view} /> : null}
      {describing ? (
        <ExchangeDatasetForm
          exportJob={exportJob}
          saving={snapshot.matches('saving')}
          saveError={error}
          onSave={(body) => send({ type: 'SAVE', body })}
        />
      ) : null}
    </section>
  );
}
