import { DEMO_POST_LIMIT } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDialogs } from '../../providers/services-context';
import { useDemoStatus } from './useDemoStatus';

/** The demo plan banner: days left, expired, or post limit reached, with the way to upgrade. */
export function TrialBanner() {
  const { t } = useTranslation();
  const status = useDemoStatus();
  const { dialogs } = useDialogs();
  if (status.kind === 'none') return null;
  const text =
    status.kind === 'trial'
      ? t('demo.days_left', { count: status.daysLeft })
      : status.kind === 'expired'
        ? t('demo.expired')
        : t('demo.limit_reached', { limit: DEMO_POST_LIMIT });
  return (
    <aside className={`trial-banner trial-${status.kind}`} aria-label={t('demo.banner_label')}>
      <p className="trial-text">{text}</p>
      <div className="trial-actions">
        <button type="button" className="button button-ghost button-small" onClick={() => dialogs.open({ name: 'demoNotice' })}>
          {t('demo.learn_more')}
        </button>
        <Link to="/settings/plan" className="button button-primary button-small">
          {t('demo.upgrade')}
        </Link>
      </div>
    </aside>
  );
}
