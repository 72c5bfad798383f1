import { listEnvelope, NotificationSchema, type Notification } from '@platform/shared';
import { z } from 'zod';
import type { ApiClient } from '../client';
import { isApiError } from '../errors';

const NotificationList = listEnvelope(NotificationSchema);
// Collections and saved searches are another feature's resources; only their name is read here.
const NamedSet = z.looseObject({ id: z.number().int(), name: z.string().nullable().optional() });

export async function listMyNotifications(api: ApiClient): Promise<Notification[]> {
  return (await api.get('/notifications', NotificationList, { query: { user: 'me' } })).results;
}

export function deleteNotification(api: ApiClient, id: number): Promise<Notification> {
  return api.delete(`/notifications/${id}`, NotificationSchema, { ignore403: true });
}

/** A notification's name: the collection's, else the saved search's (spec 1 section 3). */
export async function notificationSetName(api: ApiClient, setId: number): Promise<string | null> {
  for (const resource of ['collections', 'savedsearches']) {
    try {
      const set = await api.cached(`/${resource}/${setId}`, NamedSet, { ignore403: true });
      if (set.name) return set.name;
    } catch (error) {
      if (!isApiError(error)) throw error;
    }
  }
  return null;
}

/** The caller's subscription to a collection or saved search, if any (API-CONTRACT 13.1: filters `user`, `set`). */
export async function myNotificationFor(api: ApiClient, setId: number): Promise<Notification | null> {
  const list = await api.get('/notifications', NotificationList, { query: { user: 'me', set: setId } });
  return list.results.find((n) => n.set.id === setId) ?? null;
}

export function subscribeToSet(api: ApiClient, setId: number): Promise<Notification> {
  return api.post('/notifications', NotificationSchema, { body: { set: setId } });
}
