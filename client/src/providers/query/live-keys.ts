import { MessageEventPayloadSchema, type PushedEvent } from '@platform/shared';
import type { ResourceKey } from './query-keys';

/**
 * What a pushed event makes stale, in one place (pushes are thin, DESIGN 4: the reader refetches
 * over REST). Keys are prefixes: ['posts'] covers every list query of posts.
 */
export function keysForEvent(event: PushedEvent): ResourceKey[] {
  const id = Number(event.aggregate_id);
  const one = (resource: string): ResourceKey[] => (Number.isInteger(id) ? [[resource, id]] : [[resource]]);
  switch (event.type) {
    case 'post.created':
    case 'post.deleted':
      // The demo plan counts every post; a change of status or content does not change that count.
      return [['posts'], ...one('post'), ['post-stats'], ['post-total'], ['clusters']];
    case 'post.updated':
    case 'post.status_changed':
      return [['posts'], ...one('post'), ['post-stats'], ['clusters']];
    case 'message.created':
    case 'message.updated': {
      const payload = MessageEventPayloadSchema.safeParse(event.payload);
      // A targeted survey's questions and answers are messages: its counts (sent, pending, responses) move with them.
      return [payload.success && payload.data.contact_id !== null ? ['messages', payload.data.contact_id] : ['messages'], ['form-stats']];
    }
    case 'collection.updated':
      return [...one('set'), ['sets']];
    case 'config.updated':
      return [['config']];
    case 'export.progressed':
    case 'export.upload_progressed':
    case 'export.completed':
    case 'export.failed':
    case 'export.cancelled':
      return [['exports']];
    case 'webhook.delivery_updated':
      return [...one('webhook-deliveries')];
    default:
      return [];
  }
}

/**
 * Resources refetched at most once per window however many events arrive: the running counts, a
 * survey's counts (a targeted survey sends a message per recipient at once) and the map's clusters ask the server for an aggregate, which an import of thousands of posts would
 * otherwise ask for each.
 */
export const THROTTLED: Readonly<Record<string, number>> = { 'post-stats': 1500, clusters: 1000, 'form-stats': 1000 };
