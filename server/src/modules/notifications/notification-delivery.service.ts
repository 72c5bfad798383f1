import { PostListQuery } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { canManagePosts, postRule } from '../../auth/policy/posts.policy';
import type { AppContext } from '../../context';
import type { Executor, Trx } from '../../db/database';
import type { StoredEvent } from '../../events/events.repository';
import { NOTIFICATION_RETRY, notificationDeliveryJob } from '../../jobs/notification-delivery.job';
import type { MessagesService } from '../messages/messages.service';
import { filteredPosts } from '../posts/search';
import * as posts from '../posts/posts.repository';
import * as repo from './notification-delivery.repository';
import { seesSubscribedSet, subscriberAuth } from './subscriber';

const POST_EVENTS = new Set(['post.created', 'post.updated', 'post.status_changed']);
const EXCERPT = 300;
/** An SMS notification stays within two SMS segments: the title is shortened to fit. */
const SMS_LENGTH = 306;

/** `New post in Floods: Bridge washed away https://…/posts/12`, the title cut to fit. */
export function notificationSms(setName: string, title: string, link: string): string {
  const frame = (t: string) => `New post in ${setName}: ${t} ${link}`;
  const room = SMS_LENGTH - frame('').length;
  return frame(title.length > room ? `${title.slice(0, Math.max(room - 1, 0))}…` : title);
}

const mayRead = (auth: Auth, post: posts.PostRow) =>
  postRule(auth, 'read', { user_id: post.user_id, status: post.status, published_to: post.published_to, form: null });

export type NotificationDeliveryService = ReturnType<typeof createNotificationDeliveryService>;

/**
 * Notification delivery (API-CONTRACT 13.1, DESIGN 5): when a post enters a collection or starts
 * matching a saved search, each subscriber who may read both the set and the post gets one
 * delivery per `can_notify` contact; both are checked again when it goes out. E-mail goes out
 * through a retried job over real SMTP; an SMS becomes an outgoing message to the phone contact,
 * which the message outbox delivers through the contact's provider (issue 23), retried and
 * recorded there. Every delivery and attempt is a row, never dropped.
 */
export function createNotificationDeliveryService(ctx: AppContext, deps: { messages: MessagesService }) {
  const job = notificationDeliveryJob((id) => deliver(id));
  const baseUrl = () => ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;

  /** Records one subscriber's deliveries for a post and queues the e-mails, in the caller's transaction. */
  async function enqueueFor(trx: Trx, subscriber: repo.Subscriber, setId: number, postId: number): Promise<number> {
    let queued = 0;
    for (const contact of await repo.notifiableContacts(trx, subscriber.userId)) {
      const id = await repo.insertDelivery(trx, {
        notificationId: subscriber.notificationId,
        userId: subscriber.userId,
        setId,
        postId,
        contactId: contact.id,
        channel: contact.type === 'email' ? 'email' : 'sms',
        status: 'pending',
      });
      if (id === null) continue;
      queued++;
      await ctx.jobs.send(trx, job, { deliveryId: id });
    }
    return queued;
  }

  /**
   * A post entered a collection: call inside the transaction that adds it (the collections module
   * does, once it exists). Subscribers who may not read the post are skipped.
   */
  async function postEnteredSet(trx: Trx, setId: number, postId: number): Promise<number> {
    // Most collections have no subscriber (a CSV import adds every row to a new one): one query then.
    const subscribers = await repo.subscribersOf(trx, setId);
    if (subscribers.length === 0) return 0;
    const [post, set] = await Promise.all([posts.findById(trx, postId), repo.findSet(trx, setId)]);
    if (!post || !set) return 0;
    let queued = 0;
    for (const subscriber of subscribers) {
      if (seesSubscribedSet(subscriber, set) && mayRead(subscriberAuth(subscriber), post)) {
        queued += await enqueueFor(trx, subscriber, setId, postId);
      }
    }
    return queued;
  }

  /** Many posts joined one collection at once (a bulk add, a CSV import's batch): the subscribers are looked up once. */
  async function postsEnteredSet(trx: Trx, setId: number, postIds: number[]): Promise<number> {
    if (postIds.length === 0 || (await repo.subscribersOf(trx, setId)).length === 0) return 0;
    let queued = 0;
    for (const postId of postIds) queued += await postEnteredSet(trx, setId, postId);
    return queued;
  }

  /** Whether a post matches a saved search's filter as the subscriber would see the list. */
  async function matches(db: Executor, filter: unknown, postId: number, subscriber: repo.Subscriber): Promise<boolean> {
    const parsed = PostListQuery.safeParse(typeof filter === 'object' && filter !== null ? filter : {});
    if (!parsed.success) return false;
    const auth = subscriberAuth(subscriber);
    const viewer = { manager: canManagePosts(auth), userId: subscriber.userId, role: subscriber.role, locationPrecision: 9 };
    const row = await filteredPosts(db, { ...parsed.data, post_id: [postId], demoLimit: null }, viewer)
      .select('posts.id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Saved searches created or changed posts now match (each node does this; the unique row
   * dedups). The subscribed searches are read once for the posts of one batch of events (a CSV
   * import's batch is 200 posts: it was a query per post, and almost always answers none).
   */
  async function onPostsChanged(postIds: number[]): Promise<void> {
    const searches = await repo.subscribedSavedSearches(ctx.db);
    for (const search of searches) {
      const subscribers = await repo.subscribersOf(ctx.db, search.id);
      for (const postId of postIds) {
        for (const subscriber of subscribers) {
          if (!seesSubscribedSet(subscriber, search) || !(await matches(ctx.db, search.filter, postId, subscriber))) continue;
          await ctx.tx((trx) => enqueueFor(trx, subscriber, search.id, postId));
        }
      }
    }
  }
  const onPostChanged = (postId: number) => onPostsChanged([postId]);

  /**
   * An SMS notification becomes an outgoing message in the same transaction that marks the
   * delivery done, so a job run again after a crash finds it done and queues nothing twice.
   */
  async function handToOutbox(id: number, text: string): Promise<void> {
    await ctx.tx(async (trx) => {
      const row = await repo.lockPending(trx, id);
      if (!row) return;
      const message = await deps.messages.queueOutgoingInTransaction(trx, {
        contactId: row.contact_id,
        message: text,
        dataSource: row.data_source,
        postId: null,
      });
      await repo.recordAttempt(
        trx,
        id,
        { status: 'sent', attempts: row.attempts + 1, lastError: null, sentAt: ctx.now(), messageId: message.id },
        ctx.now(),
      );
    });
  }

  /** One attempt of one delivery: an e-mail over SMTP, or an SMS handed to the message outbox. */
  async function deliver(id: number): Promise<void> {
    const row = await repo.findDelivery(ctx.db, id);
    if (!row || row.status !== 'pending') return;
    const attempts = row.attempts + 1;
    const subscriber = { userId: row.user_id, role: row.role, permissions: row.permissions };
    const post = await posts.findById(ctx.db, row.post_id);
    const refuse = (lastError: string) =>
      repo.recordAttempt(ctx.db, id, { status: 'failed', attempts, lastError, sentAt: null }, ctx.now());
    // The notice names the set and the post: both must be readable now, not only when it was queued.
    if (!seesSubscribedSet(subscriber, { user_id: row.set_user_id, role: row.set_role })) {
      return refuse('The subscriber can no longer read this collection or saved search');
    }
    if (!post || !mayRead(subscriberAuth(subscriber), post)) return refuse('The subscriber can no longer read this post');
    const link = `${baseUrl()}/posts/${post.id}`;
    if (row.channel === 'sms') return handToOutbox(id, notificationSms(row.set_name, post.title, link));
    const kind = row.set_is_search ? 'saved search' : 'collection';
    const excerpt = post.content.length > EXCERPT ? `${post.content.slice(0, EXCERPT)}…` : post.content;
    try {
      await ctx.mailer.send({
        to: row.contact,
        subject: `New post in ${row.set_name}: ${post.title}`,
        text: [
          `Hello ${row.realname ?? ''},`.replace(' ,', ','),
          '',
          `A new post was added to the ${kind} "${row.set_name}" you follow:`,
          '',
          post.title,
          excerpt,
          '',
          `Read it: ${link}`,
          '',
          `You receive this e-mail because you turned on notifications for "${row.set_name}".`,
        ].join('\n'),
      });
      await repo.recordAttempt(ctx.db, id, { status: 'sent', attempts, lastError: null, sentAt: ctx.now() }, ctx.now());
    } catch (error) {
      const final = attempts >= NOTIFICATION_RETRY.retryLimit + 1;
      const lastError = error instanceof Error ? error.message : String(error);
      await repo.recordAttempt(ctx.db, id, { status: final ? 'failed' : 'pending', attempts, lastError, sentAt: null }, ctx.now());
      ctx.logger.warn(
        { deliveryId: id, attempts, err: error },
        final ? 'notification e-mail failed for good' : 'notification e-mail failed, will retry',
      );
      if (!final) throw error;
    }
  }

  /** SMS notifications queued before SMS went out (`waiting_for_provider`) are queued once providers change. */
  const releaseWaiting = (): Promise<void> =>
    ctx.tx(async (trx) => {
      for (const deliveryId of await repo.releaseWaiting(trx, ctx.now())) await ctx.jobs.send(trx, job, { deliveryId });
    });

  /** Follows post events in commit order, one at a time, without holding up the realtime pushes. */
  let chain: Promise<void> = Promise.resolve();
  function observe(events: StoredEvent[]): void {
    if (events.some((e) => e.type === 'config.updated' && e.aggregate_id === 'data-provider')) {
      chain = chain
        .then(releaseWaiting)
        .catch((error: unknown) => ctx.logger.error({ err: error }, 'releasing waiting SMS notifications failed'));
    }
    const ids = [...new Set(events.filter((e) => POST_EVENTS.has(e.type)).map((e) => Number(e.aggregate_id)))];
    if (ids.length === 0) return;
    chain = chain
      .then(() => onPostsChanged(ids))
      .catch((error: unknown) => ctx.logger.error({ err: error }, 'saved search notifications failed'));
  }

  return { job, postEnteredSet, postsEnteredSet, onPostChanged, deliver, observe, idle: () => chain };
}
