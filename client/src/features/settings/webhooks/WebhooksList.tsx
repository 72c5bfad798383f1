import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listWebhooks } from '../../../api/endpoints/webhooks';
import { useConfig } from '../../../providers/config-context';
import { isFeatureEnabled } from '../../../providers/features';
import { useServices } from '../../../providers/services-context';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { useLiveQuery } from '../../../providers/query/useLiveQuery';
import { useLoadFailedNotice } from '../../notices/useLoadFailedNotice';
import { WEBHOOK_LIST_PATH } from './WebhookEditor';
import { useDeleteWebhook } from './useDeleteWebhook';
import { Skeleton } from '../../../ui/Skeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { Inbox } from '../../../ui/icons';

/** /settings/webhooks: every webhook with its event and receiver, and create, edit and delete (spec 3 section 2). */
export function WebhooksList() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { features } = useConfig();
  const deleteWebhook = useDeleteWebhook();
  const enabled = isFeatureEnabled(features, 'webhooks');
  useScreenMeta(t('webhook.list_title'), { robots: 'noindex, nofollow' });

  const query = useLiveQuery(['webhooks'], () => listWebhooks(api), { enabled });
  useLoadFailedNotice(query.error, t('webhook.list_failed'));

  return (
    <section aria-labelledby="webhooks-title">
      <div className="screen-header">
        <h1 id="webhooks-title">{t('webhook.list_title')}</h1>
        {enabled ? (
          <Link to={`${WEBHOOK_LIST_PATH}/create`} className="button button-primary">
            {t('webhook.add')}
          </Link>
        ) : null}
      </div>
      <p className="screen-intro">{t('webhook.intro')}</p>
      {enabled ? null : (
        <p className="alert alert-warning" role="status">
          {t('views.unavailable', { view: t('webhook.list_title') })}
        </p>
      )}
      {enabled && query.isPending ? <Skeleton shape="row" /> : null}
      {query.data?.length === 0 ? <EmptyState icon={Inbox}>{t('webhook.none')}</EmptyState> : null}
      {query.data && query.data.length > 0 ? (
        <ul className="entity-list" aria-label={t('webhook.list_title')}>
          {query.data.map((hook) => (
            <li key={hook.id} className="entity-row">
              <div className="entity-main">
                <Link to={`${WEBHOOK_LIST_PATH}/${hook.id}`} className="entity-title">
                  {hook.name}
                </Link>
                <span className="entity-meta">{hook.url}</span>
                <span className="entity-meta">{t(`webhook.event.${hook.event_type}`)}</span>
              </div>
              {hook.protected ? <span className="badge">{t('webhook.protected')}</span> : null}
              {hook.protected ? null : (
                <div className="entity-actions">
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    aria-label={t('webhook.delete_named', { name: hook.name })}
                    onClick={() => void deleteWebhook(hook).then((gone) => (gone ? void query.refetch() : undefined))}
                  >
                    {t('common.delete')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
