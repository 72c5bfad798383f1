import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyChunk } from '../../ui/lazy-chunk';
import { ViewFrame } from './ViewFrame';

const ActivityBody = lazyChunk(() => import('../activity/ActivityBody'));

/** The activity page (spec 2 screen 23); the plan check is the frame's (features.views.activity). */
export function ActivityView() {
  const { t } = useTranslation();
  return (
    <ViewFrame view="activity" title={t('views.activity.title')}>
      <Suspense fallback={<p className="empty-state">{t('app.loading')}</p>}>
        <ActivityBody />
      </Suspense>
    </ViewFrame>
  );
}
