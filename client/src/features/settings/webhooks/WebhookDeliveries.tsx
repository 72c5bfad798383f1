import type { WebhookDelivery } from '@platform/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listDeliveries, redeliver } from '../../../api/endpoints/webhooks';
import { useServices } from '../../../providers/services-context';
import { useLiveQuery } from '../../../providers/query/useLiveQuery';
import { apiErrorTexts } from '../../notices/api-error-text';

/** What a delivery's last attempt answered: an HTTP code, the error, or nothing yet. */
function Outcome({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  if (delivery.last_status_code === null && delivery.last_error === null)
    return <span className="entity-meta">{t('webhook.deliveries.no_answer')}</span>;
  return (
    <span className="entity-meta">
      {delivery.last_status_code !== null ? t('webhook.deliveries.http', { code: delivery.last_status_code }) : null}
      {delivery.last_status_code !== null && delivery.last_error ? ' · ' : null}
      {delivery.last_error}
    </span>
  );
}

/**
 * A webhook's recent deliveries, newest first, refreshed as each is queued or attempted
 * (`webhook.delivery_updated`); a finished one can be sent again (issue 25 item 5).
 */
export function WebhookDeliveries({ webhookId }: { webhookId: number }) {
  const { t, i18n } = useTranslation();
  const { api, notices } = useServices();
  const [sending, setSending] = useState<number | null>(null);
  const query = useLiveQuery(['webhook-deliveries', webhookId], () => listDeliveries(api, webhookId));
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });

  const again = async (delivery: WebhookDelivery) => {
    setSending(delivery.id);
    try {
      await redeliver(api, webhookId, delivery.id);
      notices.success(t('webhook.deliveries.redelivered', { post: delivery.post_id }));
    } catch (error) {
      notices.warning(t('webhook.deliveries.redeliver_failed'), apiErrorTexts(t, error));
    } finally {
      setSending(null);
      void query.refetch();
    }
  };

  return (
    <section aria-labelledby="webhook-deliveries-title" className="webhook-deliveries">
      <h2 id="webhook-deliveries-title">{t('webhook.deliveries.title')}</h2>
      <p className="screen-intro">{t('webhook.deliveries.intro')}</p>
      {query.isPending ? (
        <p className="loading" role="status">
          {t('app.loading')}
        </p>
      ) : null}
      {query.isError ? <p className="form-alert">{t('webhook.deliveries.load_failed')}</p> : null}
      {query.data?.length === 0 ? <p className="empty-state">{t('webhook.deliveries.none')}</p> : null}
      {query.data && query.data.length > 0 ? (
        <ul className="entity-list" aria-label={t('webhook.deliveries.title')}>
          {query.data.map((delivery) => (
            <li key={delivery.id} className="entity-row webhook-delivery" data-status={delivery.status}>
              <div className="entity-main">
                <span className="entity-title">{t('webhook.deliveries.post', { id: delivery.post_id })}</span>
                <span className="entity-meta">
                  {when.format(new Date(delivery.delivered_at ?? delivery.updated ?? delivery.created))}
                  {' · '}
                  {/* Every request made, redeliveries included (`attempts` restarts with each redelivery). */}
                  {t('webhook.deliveries.attempts', { count: delivery.attempt_log.length })}
                </span>
                <Outcome delivery={delivery} />
              </div>
              <span className={`badge delivery-status delivery-${delivery.status}`}>{t(`webhook.status.${delivery.status}`)}</span>
              <div className="entity-actions">
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={delivery.status === 'pending' || sending === delivery.id}
                  aria-label={t('webhook.deliveries.redeliver_named', { post: delivery.post_id })}
                  onClick={() => void again(delivery)}
                >
                  {t('webhook.deliveries.redeliver')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
