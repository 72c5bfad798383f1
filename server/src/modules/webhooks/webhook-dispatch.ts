import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import type { WebhookEventType } from '../../db/tables/webhooks';
import { readSettledAfter, type StoredEvent } from '../../events/events.repository';
import * as deliveries from './webhook-deliveries.repository';
import * as webhooks from './webhooks.repository';

const BATCH = 500;
/**
 * How long post events gather before a pass reads them: a pass is a transaction of five statements,
 * and under a stream of writes (a group commit every few milliseconds) one per commit doubled the
 * database's transactions. A delivery is a job retried over minutes; this is not felt.
 */
const DISPATCH_GATHER_MS = 100;

/** Which webhooks a post event is for: v3's create, update and delete (a status change is an update). */
const EVENT_TYPES: Record<string, WebhookEventType> = {
  'post.created': 'create',
  'post.updated': 'update',
  'post.status_changed': 'update',
  'post.deleted': 'delete',
};

/**
 * Turns post events into deliveries, from a durable place in the event log (`webhook_cursor`).
 * Why a cursor and not a job enqueued with each event: post events are appended in many places
 * (writes, imports, survey and category deletes, collections), and one reader of the log after
 * commit sees them all, in commit order, with nothing to remember at each of them. The cursor row
 * is locked for the batch, so nodes take turns; the deliveries, their jobs and the cursor's move
 * commit together, so a crash replays the batch and the unique (webhook, event) key drops repeats.
 */
export function createWebhookDispatcher(
  ctx: AppContext,
  enqueue: (trx: Trx, delivery: { id: number; webhook_id: number }) => Promise<void>,
) {
  type Matching = Awaited<ReturnType<typeof webhooks.matching>>;

  /** `hooks` keeps the webhooks matched in this batch: a CSV import's hundreds of events of one survey ask once. */
  async function dispatchEvent(trx: Trx, event: StoredEvent, hooks: Map<string, Promise<Matching>>): Promise<number> {
    const eventType = EVENT_TYPES[event.type];
    if (!eventType) return 0;
    let made = 0;
    const formId = typeof event.payload.form_id === 'number' ? event.payload.form_id : null;
    const key = `${eventType}:${formId}`;
    if (!hooks.has(key)) hooks.set(key, webhooks.matching(trx, eventType, formId));
    for (const hook of await hooks.get(key)!) {
      // A webhook hears of what happens after it exists: the log may still hold older events when it is made.
      if (hook.created.getTime() > Date.parse(event.created_at)) continue;
      const id = await deliveries.insertDelivery(trx, { webhookId: hook.id, eventId: event.id, postId: Number(event.aggregate_id) });
      if (id === null) continue;
      await enqueue(trx, { id, webhook_id: hook.id });
      made++;
    }
    return made;
  }

  /** One batch; true when there may be more. */
  const batch = async () => {
    // Settings are read through the pool, before the transaction: the embedded database runs one
    // connection at a time, and a read on another connection inside the transaction never returns.
    const enabled = await ctx.settings.feature('webhooks');
    // Not `ctx.tx`: a commit there forgets every kept answer (post lists, GeoJSON pages), and this
    // runs after every batch of post events while changing nothing those answers show.
    const { more, made } = await ctx.db.transaction().execute(async (trx) => {
      const cursor = await deliveries.lockCursor(trx);
      const events = await readSettledAfter(trx, cursor, BATCH);
      // While the feature is off nothing is owed: the events pass by, as they would with no webhooks.
      const hooks = new Map<string, Promise<Matching>>();
      let made = 0;
      if (enabled) for (const event of events) made += await dispatchEvent(trx, event, hooks);
      const last = events.at(-1);
      if (last) await deliveries.moveCursor(trx, last.position);
      return { more: events.length === BATCH, made };
    });
    // The new deliveries' events are pushed at once (NOTIFY does not cross the embedded database).
    if (made > 0) void ctx.reader.wake();
    return more;
  };

  let running: Promise<void> | null = null;
  let again = false;
  let gathering: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  /** Catch up with the log; calls made while a pass runs fold into one more pass. */
  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        while (await batch());
      } while (again);
    })()
      .catch((error: unknown) => ctx.logger.error({ err: error }, 'webhook dispatch failed; the next event or start retries it'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  /** Called with every batch the event reader hands out: post events start a pass once a few more have gathered. */
  function observe(events: StoredEvent[]): void {
    if (stopped || gathering || !events.some((e) => e.type in EVENT_TYPES)) return;
    gathering = setTimeout(() => {
      gathering = null;
      void wake();
    }, DISPATCH_GATHER_MS);
  }

  /** No pass starts after this; resolves once the one under way has ended. */
  async function stop(): Promise<void> {
    stopped = true;
    if (gathering) clearTimeout(gathering);
    gathering = null;
    await running;
  }

  return { wake, observe, stop };
}
