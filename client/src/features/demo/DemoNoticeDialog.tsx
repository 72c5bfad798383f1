import { DEMO_POST_LIMIT, DEMO_TRIAL_DAYS } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDialogs } from '../../providers/services-context';
import { Dialog } from '../../ui/Dialog';
import { useDemoStatus } from './useDemoStatus';

/** The demo deployment notice; opened from the banner, or by itself when the trial ran out or is full. */
export default function DemoNoticeDialog({ auto = false }: { auto?: boolean }) {
  const { t } = useTranslation();
  const { dialogs } = useDialogs();
  const status = useDemoStatus();
  const close = () => (auto ? dialogs.dismiss('demoNotice') : dialogs.close());
  const headline =
    status.kind === 'expired' ? t('demo.expired') : status.kind === 'limit' ? t('limit.post_limit_reached') : t('demo.notice_title');
  return (
    <Dialog
      title={headline}
      size="small"
      onClose={close}
      footer={
        <>
          <button type="button" className="button button-ghost" onClick={close}>
            {t('common.close')}
          </button>
          <Link to="/settings/plan" className="button button-primary" onClick={close}>
            {t('demo.upgrade')}
          </Link>
        </>
      }
    >
      <p>{t('demo.notice_body', { posts: DEMO_POST_LIMIT, days: DEMO_TRIAL_DAYS })}</p>
      {status.kind === 'trial' ? <p>{t('demo.days_left', { count: status.daysLeft })}</p> : null}
    </Dialog>
  );
}
