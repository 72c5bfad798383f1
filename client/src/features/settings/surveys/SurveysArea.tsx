import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { lazyChunk } from '../../../ui/lazy-chunk';
import { useSession } from '../../session/useSession';

const SurveyRoutes = lazyChunk(() => import('./surveys.routes'));

/** `/settings/surveys/*`: Manage Settings (or admin) only, otherwise back to `/` (spec 3 section 6). */
export function SurveysArea() {
  const { t } = useTranslation();
  const { can } = useSession();
  if (!can('Manage Settings')) return <Navigate to="/" replace />;
  return (
    <Suspense
      fallback={
        <p className="loading" role="status">
          {t('app.loading')}
        </p>
      }
    >
      <SurveyRoutes />
    </Suspense>
  );
}
