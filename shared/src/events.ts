import { z } from 'zod';

/**
 * Every event the server appends to its log and pushes over socket.io (DESIGN 3-4).
 * Pushes are thin: ids, versions and names; clients refetch content over REST.
 */
export const EVENT_TYPES = [
  'config.updated',
  'user.updated',
  'user.deleted',
  'post.created',
  'post.updated',
  'post.status_changed',
  'post.deleted',
  'lock.acquired',
  'lock.renewed',
  'lock.released',
  'lock.broken',
  'lock.expired',
  'message.created',
  // An outgoing message's delivery state changed (pending -> sent, failed, unknown).
  'message.updated',
  'import.progressed',
  'import.completed',
  'import.failed',
  'import.cancelled',
  'export.progressed',
  // An export's upload to the humanitarian data exchange moved on a stage (queued, dataset, file).
  'export.upload_progressed',
  'export.completed',
  'export.failed',
  'export.cancelled',
  'collection.updated',
  // A webhook's delivery was queued, attempted, skipped or sent again (issue 25): admins' screens refresh.
  'webhook.delivery_updated',
  // Never pushed (no audience): they tell every node's realtime hub to look at its sockets again.
  'token.revoked',
  'role.updated',
  'role.deleted',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const AGGREGATE_TYPES = [
  'config',
  'user',
  'post',
  'lock',
  'message',
  'import',
  'export',
  'collection',
  'token',
  'role',
  'webhook',
] as const;
export type AggregateType = (typeof AGGREGATE_TYPES)[number];

export const PushedEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(EVENT_TYPES),
  aggregate_type: z.enum(AGGREGATE_TYPES),
  aggregate_id: z.string(),
  actor_id: z.number().int().nullable(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type PushedEvent = z.infer<typeof PushedEventSchema>;

/** The socket.io handshake: `io(url, { auth: { token, lastEventId } })`. */
export const SocketHandshakeSchema = z.object({
  token: z.string().optional(),
  lastEventId: z.coerce.number().int().nonnegative().optional(),
});
export type SocketHandshake = z.infer<typeof SocketHandshakeSchema>;

/**
 * On every API answer: the id of the last event the answering node had pushed. A page that read
 * its data before its socket connected resumes the stream from the lowest such id it saw, so a
 * change made in between is replayed instead of missed.
 */
export const EVENT_POSITION_HEADER = 'X-Event-Position';

/** Socket.io event names. */
export const SOCKET_EVENT = 'event';
/** Sent once a reconnecting socket has received everything it missed. */
export const SOCKET_CAUGHT_UP = 'caught_up';
/**
 * Sent when the token a socket connected with stops working (revoked by a logout, a password reset
 * or the account's deletion; expired). The socket carries on as an anonymous listener: the client
 * drops the token and ends its session instead of reconnecting with it.
 */
export const SOCKET_SESSION_ENDED = 'session_ended';
export const SessionEndedSchema = z.object({ reason: z.enum(['revoked', 'expired']) });
export type SessionEnded = z.infer<typeof SessionEndedSchema>;
