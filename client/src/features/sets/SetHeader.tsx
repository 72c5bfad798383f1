import type { Notification } from '@platform/shared';
import { useCallback, useState } from 'react';
import './sets.css';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { SetInput } from '../../api/endpoints/collections';
import { deleteNotification, myNotificationFor, subscribeToSet } from '../../api/endpoints/notifications';
import { useLiveQuery, useSetLiveData } from '../../providers/query/useLiveQuery';
import { useServices } from '../../providers/services-context';
import { useSession } from '../session/useSession';
import { SetEditorDialogLazy } from './lazy-dialogs';
import type { EditedSet } from './SetEditorDialog';
import type { SetKind } from '../common/set-scope';

export type ShownSet = EditedSet & { id: number; allowed_privileges: string[] };

/** Get or turn off notifications for new posts in the set (spec 2 screen 20, API-CONTRACT 13.1). */
function NotificationToggle({ set }: { set: ShownSet }) {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  const query = useLiveQuery(['set-notification', set.id], () => myNotificationFor(api, set.id).catch(() => null));
  const subscription = query.data;
  const setSubscription = useSetLiveData<Notification | null>(['set-notification', set.id]);
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    setBusy(true);
    try {
      if (subscription) {
        await deleteNotification(api, subscription.id);
        setSubscription(null);
        notices.success(t('notify.notification.destroy_success', { name: set.name }));
      } else {
        setSubscription(await subscribeToSet(api, set.id));
        notices.success(t('notify.notification.add', { name: set.name }));
      }
    } catch (error) {
      notices.apiError(error, t('notify.notification.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (subscription === undefined) return null;
  return (
    <button type="button" className="button" aria-pressed={subscription !== null} disabled={busy} onClick={() => void toggle()}>
      {t(subscription ? 'sets.notifications_off' : 'sets.notifications_on')}
    </button>
  );
}

/**
 * The context header of collection and saved-search mode (spec 2 screen 20): what is shown, edit,
 * get or turn off notifications, delete, and the way back to all posts. `extra` holds the saved
 * search's update and reset buttons.
 */
export function SetHeader({
  kind,
  set,
  view,
  onSave,
  onDelete,
  extra,
}: {
  kind: SetKind;
  set: ShownSet;
  view: 'data' | 'map';
  onSave: (body: SetInput) => Promise<void>;
  onDelete: () => Promise<boolean>;
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const mayEdit = set.allowed_privileges.includes('update');
  const mayDelete = set.allowed_privileges.includes('delete');
  const save = useCallback(
    async (body: SetInput) => {
      await onSave(body);
      setEditing(false);
    },
    [onSave],
  );

  return (
    <header className="set-header" aria-label={t(`sets.${kind}.label`)}>
      <div className="set-header-text">
        <p className="set-header-kind">{t(`sets.${kind}.label`)}</p>
        <h2 className="set-header-name">{set.name}</h2>
        {set.description ? <p className="set-header-description">{set.description}</p> : null}
      </div>
      <div className="set-header-actions">
        {extra}
        {mayEdit ? (
          <button type="button" className="button" onClick={() => setEditing(true)}>
            {t('common.edit')}
          </button>
        ) : null}
        {loggedIn ? <NotificationToggle set={set} /> : null}
        {mayDelete ? (
          <button
            type="button"
            className="button button-danger"
            onClick={() => void onDelete().then((gone) => gone && navigate(`/views/${view}`))}
          >
            {t('common.delete')}
          </button>
        ) : null}
        <Link className="button button-ghost" to={`/views/${view}`}>
          {t('sets.all_posts')}
        </Link>
      </div>
      {editing ? <SetEditorDialogLazy kind={kind} set={set} onSave={save} onClose={() => setEditing(false)} /> : null}
    </header>
  );
}
