import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { lazyChunk } from '../../../ui/lazy-chunk';
import { useSession } from '../../session/useSession';

const CategoryRoutes = lazyChunk(() => import('./categories.routes'));

/** `/settings/categories/*`: Manage Settings (or admin) only, otherwise back to `/` (API-CONTRACT 14.2). */
export function CategoriesArea() {
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
      <CategoryRoutes />
    </Suspense>
  );
}
