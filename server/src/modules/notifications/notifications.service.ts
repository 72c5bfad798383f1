import { CreateNotificationBody, NotificationMessages, UpdateNotificationBody } from '@platform/shared';
import { isAdmin, isLoggedIn, type Auth } from '../../auth/auth';
import { notificationRule } from '../../auth/policy/account.policy';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { deny, notFound, parseBody, ValidationError } from '../../http/errors';
import { requestedUserId } from '../../http/id-filters';
import type { Paging } from '../../http/query';
import { setRule } from '../sets/sets.policy';
import * as repo from './notifications.repository';
import { seesSubscribedSet } from './subscriber';

const RESOURCE = 'notification';
const M = NotificationMessages;

const owned = (row: repo.NotificationRow) => ({ ...row, userId: row.user_id });

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * Subscriptions to a collection or saved search (API-CONTRACT 13.1). Only the records live here;
 * delivering new posts to the subscribers' contacts is the notification job's work.
 */
export function createNotificationsService(ctx: AppContext) {
  async function load(id: number) {
    return (await repo.findById(ctx.db, id)) ?? notFound(RESOURCE, id);
  }

  /**
   * The set must exist (422, API-CONTRACT 13.1) and be readable: by the caller, as `GET` of it
   * would answer (403), and by the subscriber, who is mailed its name and posts (422 when an admin
   * subscribes someone who may not read it). Delivery checks the subscriber again at send time.
   */
  async function checkSet(trx: Trx, auth: Auth, setId: number, userId: number): Promise<void> {
    const set = await repo.findSetForShare(trx, setId);
    if (!set) throw new ValidationError(RESOURCE, [{ pointer: '/set', message: M.setMissing(setId) }]);
    authorize(setRule, auth, 'read', set);
    if (userId === auth.userId) return;
    const subscriber = await repo.findSubscriberForShare(trx, userId);
    if (!subscriber) throw new ValidationError(RESOURCE, [{ pointer: '/user_id', message: M.userMissing(userId) }]);
    if (!seesSubscribedSet(subscriber, set))
      throw new ValidationError(RESOURCE, [{ pointer: '/set', message: M.setUnreadable(setId, userId) }]);
  }

  return {
    async get(auth: Auth, id: number) {
      const row = await load(id);
      authorize(notificationRule, auth, 'read', owned(row));
      return row;
    },

    async search(auth: Auth, filters: repo.NotificationFilters, paging: Paging) {
      authorize(notificationRule, auth, 'search', null);
      // Counting only readable rows keeps `total_count` honest for members (API-CONTRACT 16).
      const visibleTo = isAdmin(auth) ? undefined : (auth.userId ?? 0);
      const { rows, total } = await repo.search(ctx.db, { ...filters, visibleTo }, paging);
      return { rows: rows.filter((row) => notificationRule(auth, 'read', owned(row))), total };
    },

    async create(auth: Auth, body: unknown) {
      const owner = requestedUserId(body, auth);
      authorize(notificationRule, auth, 'create', { userId: owner });
      if (!isLoggedIn(auth) || owner === null) return deny(auth);
      const data = parseBody(CreateNotificationBody, body, RESOURCE);
      return ctx.tx(async (trx) => {
        await checkSet(trx, auth, data.set, owner);
        return repo.insertOrFind(trx, owner, data.set);
      });
    },

    async update(auth: Auth, id: number, body: unknown) {
      const current = await load(id);
      authorize(notificationRule, auth, 'update', owned(current));
      const data = parseBody(UpdateNotificationBody, body, RESOURCE);
      if (data.set === undefined || data.set === current.set_id) return current;
      const setId = data.set;
      return ctx.tx(async (trx) => {
        await checkSet(trx, auth, setId, current.user_id);
        const other = await repo.findByUserAndSet(trx, current.user_id, setId);
        if (other && other.id !== id) throw new ValidationError(RESOURCE, [{ pointer: '/set', message: M.alreadySubscribed }]);
        return (await repo.updateSet(trx, id, setId, ctx.now())) ?? notFound(RESOURCE, id);
      });
    },

    async remove(auth: Auth, id: number) {
      const row = await load(id);
      authorize(notificationRule, auth, 'delete', owned(row));
      await repo.remove(ctx.db, id);
      return row;
    },
  };
}
