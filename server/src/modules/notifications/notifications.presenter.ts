import type { Auth } from '../../auth/auth';
import { notificationRule } from '../../auth/policy/account.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { ref, resourceUrl, w3c } from '../../http/urls';
import type { NotificationRow } from './notifications.repository';

/** Notification JSON (API-CONTRACT 13.1); the set relation uses v3's `sets` resource name. */
export function presentNotification(base: string, auth: Auth, notification: NotificationRow) {
  return {
    id: notification.id,
    url: resourceUrl(base, 'notifications', notification.id),
    user: ref(base, 'users', notification.user_id),
    set: ref(base, 'sets', notification.set_id),
    created: w3c(notification.created),
    updated: w3c(notification.updated),
    allowed_privileges: allowedPrivileges(notificationRule, auth, { userId: notification.user_id }),
  };
}
