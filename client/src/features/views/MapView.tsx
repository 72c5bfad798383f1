import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadChunk } from '../../app/lazy-chunk';
import { ViewFrame } from './ViewFrame';

const MapViewBody = lazy(() => loadChunk(() => import('../map/MapViewBody')));

export function MapView() {
  const { t } = useTranslation();
  return (
    <ViewFrame view="map" title={t('views.map.title')}>
      <Suspense fallback={<p className="empty-state">{t('app.loading')}</p>}>
        <MapViewBody />
      </Suspense>
    </ViewFrame>
  );
}
