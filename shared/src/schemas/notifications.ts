import { z } from 'zod';
import { dbIdField } from './common';
import { listQuery, queryIds, queryIdsOr } from './list-query';

export const NotificationMessages = {
  setRequired: 'set is required',
  setInvalid: 'set must be the id of a collection or saved search',
  setMissing: (id: number) => `Collection or saved search ${id} does not exist`,
  userInvalid: 'user_id must be the id of a user',
  userMissing: (id: number) => `User ${id} does not exist`,
  setUnreadable: (setId: number, userId: number) => `User ${userId} may not read collection or saved search ${setId}`,
  alreadySubscribed: 'You are already subscribed to this collection or saved search',
} as const;
const M = NotificationMessages;

const missing = (iss: { input: unknown }) => iss.input === undefined || iss.input === null;

/** The set arrives as an id or as the `{id, url}` relation the API renders (API-CONTRACT 13.1). */
const SetId = z.union([dbIdField(M.setInvalid), z.object({ id: dbIdField(M.setInvalid) }).transform((v) => v.id)], {
  error: (iss) => (missing(iss) ? M.setRequired : M.setInvalid),
});

/** v3 entities call the field `set_id`; the legacy client posts `set`. Both are read. */
const withSetAlias = (body: unknown) =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && !('set' in body) && 'set_id' in body
    ? { ...body, set: (body as { set_id: unknown }).set_id }
    : body;

export const CreateNotificationBody = z.preprocess(
  withSetAlias,
  z.object({
    set: SetId,
    user_id: dbIdField(M.userInvalid).optional(),
  }),
);
export type CreateNotificationBody = z.infer<typeof CreateNotificationBody>;

export const UpdateNotificationBody = z.preprocess(withSetAlias, z.object({ set: SetId.optional() }));
export type UpdateNotificationBody = z.infer<typeof UpdateNotificationBody>;

export const NotificationSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  user: z.object({ id: z.number().int(), url: z.string() }),
  set: z.object({ id: z.number().int(), url: z.string() }),
  created: z.string(),
  updated: z.string().nullable(),
  allowed_privileges: z.array(z.string()),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NOTIFICATION_SORTABLE = ['id', 'created', 'updated', 'set_id', 'user_id'] as const;

/** `GET /notifications`: `user` (ids or `me`) and `set` (API-CONTRACT 13.1). */
export const NotificationListQuery = listQuery(
  { sortable: NOTIFICATION_SORTABLE, orderby: 'id' },
  { user: queryIdsOr('user', ['me'] as const), set: queryIds('set') },
);
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;
