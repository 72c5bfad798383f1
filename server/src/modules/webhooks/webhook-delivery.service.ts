import { WEBHOOK_SIGNATURE_HEADER, type WebhookDeliveryListQuery } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { postRule } from '../../auth/policy/posts.policy';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { ApiError, notFound } from '../../http/errors';
import type { Paging } from '../../http/query';
import { retryDelaySeconds, webhookDeliveryJob } from '../../jobs/webhook-delivery.job';
import type { PostAudienceState } from '../posts/post-events';
import type { PostsModule } from '../posts/posts.module';
import { presentPost } from '../posts/posts.presenter';
import { subscriberAuth } from '../notifications/subscriber';
import type { AddressGuard } from './address-guard';
import * as repo from './webhook-deliveries.repository';
import { announceDelivery, createDeliveryTx } from './webhook-delivery-events';
import { createWebhookDispatcher } from './webhook-dispatch';
import { postToWebhook } from './webhook-http';
import { signWebhook } from './webhook-signature';
import * as webhooks from './webhooks.repository';

export type WebhookDeliveryService = ReturnType<typeof createWebhookDeliveryService>;

/**
 * Webhook delivery (issue 25 item 2, DESIGN 5): each post event becomes one delivery per matching
 * webhook (webhook-dispatch.ts), and each delivery is POSTed by a job as the post reads to the
 * webhook's owner through `GET /posts/{id}`, signed, retried with a capped exponential backoff,
 * every attempt recorded. A post the owner may not read is never sent.
 */
export function createWebhookDeliveryService(ctx: AppContext, posts: PostsModule, guard: AddressGuard) {
  const settings = ctx.config.webhooks;
  const job = webhookDeliveryJob((id) => attempt(id), settings.concurrency);
  const enqueue = (trx: Trx, deliveryId: number, startAfter?: Date) =>
    ctx.jobs.send(trx, job, { deliveryId }, startAfter ? { startAfter } : {});
  const deliveryTx = createDeliveryTx(ctx.db, () => void ctx.reader.wake());
  const dispatcher = createWebhookDispatcher(ctx, async (trx, delivery) => {
    await enqueue(trx, delivery.id);
    await announceDelivery(trx, { ...delivery, status: 'pending' });
  });
  const baseUrl = () => ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;

  /** The JSON body, or why nothing may be sent. */
  async function bodyFor(hook: webhooks.WebhookRow, delivery: repo.DeliveryRow): Promise<{ post: unknown } | { skip: string }> {
    const owner = hook.user_id === null ? undefined : await webhooks.ownerOf(ctx.db, hook.user_id);
    if (!owner) return { skip: "The webhook's owner no longer exists" };
    const auth = subscriberAuth(owner);
    if (hook.event_type === 'delete') {
      // The post is gone: the log kept who could read it, and the receiver gets its id.
      const data = (await repo.eventData(ctx.db, delivery.event_id))?.data as { audience?: PostAudienceState } | null | undefined;
      const audience = data?.audience;
      if (!audience || !postRule(auth, 'read', { ...audience, form: null }))
        return { skip: "The webhook's owner could not read this post" };
      return { post: { id: delivery.post_id } };
    }
    try {
      const view = await posts.reads.get(auth, delivery.post_id);
      return { post: presentPost(baseUrl(), auth, view, await posts.reads.viewOptions()) };
    } catch (error) {
      if (error instanceof ApiError && [401, 403, 404].includes(error.status)) {
        return { skip: error.status === 404 ? 'The post no longer exists' : "The webhook's owner may not read this post" };
      }
      throw error;
    }
  }

  /** One attempt of one delivery (the job's handler). */
  async function attempt(deliveryId: number): Promise<void> {
    const delivery = await repo.findDelivery(ctx.db, deliveryId);
    if (!delivery || delivery.status !== 'pending') return;
    const hook = await webhooks.findById(ctx.db, delivery.webhook_id);
    if (!hook) return;
    const body = await bodyFor(hook, delivery);
    if ('skip' in body)
      return deliveryTx(async (trx) => {
        await repo.markSkipped(trx, deliveryId, body.skip, ctx.now());
        await announceDelivery(trx, { ...delivery, status: 'skipped' });
      });

    const json = JSON.stringify({
      ...(body.post as object),
      webhook_uuid: hook.webhook_uuid,
      source_field_key: hook.source_field_key,
      destination_field_key: hook.destination_field_key,
    });
    const at = ctx.now();
    const result = await postToWebhook(
      guard,
      hook.url,
      json,
      { [WEBHOOK_SIGNATURE_HEADER]: signWebhook(hook.shared_secret, hook.url, json), 'User-Agent': 'platform-webhooks' },
      settings.timeoutMs,
    );
    const delivered = result.error === null;
    const attempts = delivery.attempts + 1;
    const final = !delivered && attempts > settings.retryLimit;
    const status = delivered ? 'delivered' : final ? 'failed' : 'pending';
    // Not `ctx.tx`: an attempt changes nothing a reader of posts sees, so kept answers stay.
    await deliveryTx(async (trx) => {
      await repo.recordAttempt(trx, delivery, { ...result, at }, status);
      await announceDelivery(trx, { ...delivery, status });
      if (!delivered && !final) {
        const wait = retryDelaySeconds(attempts, settings.retryDelaySeconds, settings.retryDelayMaxSeconds);
        await enqueue(trx, deliveryId, new Date(ctx.now().getTime() + wait * 1000));
      }
    });
    if (!delivered)
      ctx.logger.warn(
        { deliveryId, attempts, error: result.error },
        final ? 'webhook delivery failed for good' : 'webhook delivery failed, will retry',
      );
  }

  return {
    job,
    dispatcher,
    attempt,

    async list(webhookId: number, filters: WebhookDeliveryListQuery['filters'], paging: Paging) {
      const { rows, total } = await repo.searchDeliveries(ctx.db, webhookId, filters, paging);
      const attempts = await repo.attemptsOf(
        ctx.db,
        rows.map((r) => r.id),
      );
      return { rows: rows.map((row) => ({ row, attempts: attempts.filter((a) => a.delivery_id === row.id) })), total };
    },

    /** Sends a finished delivery again, counting attempts on; a pending one already has its attempt queued (409). */
    async redeliver(_auth: Auth, webhookId: number, deliveryId: number) {
      const existing = await repo.findDelivery(ctx.db, deliveryId);
      if (!existing || existing.webhook_id !== webhookId) return notFound('webhook delivery', deliveryId);
      const reopened = await deliveryTx(async (trx) => {
        const row = await repo.reopen(trx, webhookId, deliveryId, ctx.now());
        if (row) {
          await enqueue(trx, row.id);
          await announceDelivery(trx, row);
        }
        return row;
      });
      if (!reopened) throw new ApiError(409, 'This delivery is still pending: its next attempt is already queued');
      return reopened;
    },
  };
}
