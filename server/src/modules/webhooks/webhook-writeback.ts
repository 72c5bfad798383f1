import { ADMIN_ROLE, WEBHOOK_SIGNATURE_HEADER } from '@platform/shared';
import type { Request } from 'express';
import type { Auth } from '../../auth/auth';
import type { AppContext } from '../../context';
import type { ApiKeysService } from '../apikeys/apikeys.service';
import { unauthorized } from '../../http/errors';
import type { PostsModule } from '../posts/posts.module';
import type { PostView } from '../posts/posts.presenter';
import { subscriberAuth } from '../notifications/subscriber';
import { verifyWebhookSignature } from './webhook-signature';
import * as repo from './webhooks.repository';

/** What a receiver echoes back from the delivery; not post fields. */
const DELIVERY_KEYS = ['webhook_uuid', 'source_field_key', 'destination_field_key', 'api_key'];

export type WebhookWriteBack = ReturnType<typeof createWebhookWriteBack>;

/**
 * `PUT /webhooks/posts/{id}` (API-CONTRACT 14.6): a receiver writes its result back (a
 * classification into the destination field), signed like a delivery but with the deployment's
 * `PLATFORM_SHARED_SECRET` over the full request URL and the raw body, and carrying one of the
 * deployment's API keys (`api_key`, in the query string or the body), as v3's verifier checks it. The update
 * is a partial post update (API-CONTRACT 8.3) made as the webhook's owner when the body names the
 * webhook (`webhook_uuid`), else as the deployment's first administrator: the shared secret is the
 * deployment's own trust.
 */
export function createWebhookWriteBack(ctx: AppContext, posts: PostsModule, apiKeys: ApiKeysService) {
  async function actor(body: Record<string, unknown>): Promise<Auth> {
    const uuid = typeof body.webhook_uuid === 'string' ? body.webhook_uuid : null;
    const hook = uuid && /^[0-9a-f-]{36}$/i.test(uuid) ? await repo.findByUuid(ctx.db, uuid) : undefined;
    const owner =
      (hook?.user_id != null ? await repo.ownerOf(ctx.db, hook.user_id) : undefined) ?? (await repo.firstUserWithRole(ctx.db, ADMIN_ROLE));
    if (!owner) return unauthorized();
    return subscriberAuth(owner);
  }

  return {
    /** Verifies the signature (401 and nothing changes when it is missing or wrong), then updates. */
    async update(req: Request, id: number): Promise<{ auth: Auth; view: PostView | null }> {
      const signature = req.get(WEBHOOK_SIGNATURE_HEADER);
      const url = `${req.base}${req.originalUrl}`;
      if (!verifyWebhookSignature(ctx.config.webhooks.sharedSecret, url, req.rawBody ?? Buffer.alloc(0), signature)) {
        return unauthorized();
      }
      const body =
        typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
      const key = typeof req.query.api_key === 'string' ? req.query.api_key : typeof body.api_key === 'string' ? body.api_key : '';
      if (!(await apiKeys.isCurrent(key))) return unauthorized();
      const auth = await actor(body);
      const fields = Object.fromEntries(Object.entries(body).filter(([key]) => !DELIVERY_KEYS.includes(key)));
      return { auth, view: await posts.writes.update(auth, id, fields) };
    },
  };
}
