import type { Notification } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { deleteNotification, listMyNotifications, notificationSetName } from '../../api/endpoints/notifications';
import type { ApiClient } from '../../api/client';
import { useServices } from '../../providers/services-context';
import { useLiveQuery } from '../../providers/query/useLiveQuery';
import { apiErrorTexts } from '../notices/api-error-text';

type Item = { notification: Notification; name: string | null };

async function loadNamed(api: ApiClient): Promise<Item[]> {
  const list = await listMyNotifications(api);
  return Promise.all(list.map(async (notification) => ({ notification, name: await notificationSetName(api, notification.set.id) })));
}

/** The collections and saved searches the user gets notified about, each with a delete button. */
export function NotificationList() {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  const query = useLiveQuery(['notifications'], () => loadNamed(api));
  const items = query.data ?? null;
  const failed = query.isError;

  const nameOf = (item: Item) => item.name ?? t('notification.unnamed', { id: item.notification.set.id });

  const remove = async (item: Item) => {
    try {
      await deleteNotification(api, item.notification.id);
      notices.success(t('notify.notification.destroy_success', { name: nameOf(item) }));
    } catch (error) {
      notices.warning(t('notification.error_message'), apiErrorTexts(t, error));
    }
    void query.refetch();
  };

  return (
    <section aria-labelledby="notifications-heading" className="form-section">
      <h3 id="notifications-heading">{t('notification.list_title')}</h3>
      {failed ? (
        <p className="form-alert" role="alert">
          {t('notification.load_failed')}
        </p>
      ) : null}
      {items === null && !failed ? <p role="status">{t('app.loading')}</p> : null}
      {items?.length === 0 ? <p className="empty-state">{t('notification.none')}</p> : null}
      <ul className="notification-list">
        {items?.map((item) => (
          <li key={item.notification.id} className="notification-row">
            <span>{nameOf(item)}</span>
            <button type="button" className="button button-ghost button-small" onClick={() => void remove(item)}>
              {t('common.delete')} <span className="visually-hidden">{nameOf(item)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
