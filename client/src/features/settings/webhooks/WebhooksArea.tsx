import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadChunk } from '../../../ui/lazy-chunk';
import { RequireAccess } from '../RequireAccess';
import { settingsAccess as can } from '../settings-access';

const WebhookRoutes = lazy(() => loadChunk(() => import('./webhooks.routes')));

/** `/settings/webhooks/*`: Manage Settings (or admin) only, otherwise back to `/` (spec 3 section 2). */
export function WebhooksArea() {
  const { t } = useTranslation();
  return (
    <RequireAccess rule={can.manageSettings}>
      <Suspense
        fallback={
          <p className="loading" role="status">
            {t('app.loading')}
          </p>
        }
      >
        <WebhookRoutes />
      </Suspense>
    </RequireAccess>
  );
}
