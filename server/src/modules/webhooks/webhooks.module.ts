import type { AppContext } from '../../context';
import type { ApiKeysService } from '../apikeys/apikeys.service';
import type { PostsModule } from '../posts/posts.module';
import { createAddressGuard } from './address-guard';
import { createWebhookDeliveryService } from './webhook-delivery.service';
import { createWebhookWriteBack } from './webhook-writeback';
import { createWebhooksService } from './webhooks.service';

export type WebhooksModule = ReturnType<typeof createWebhooksModule>;

/** Registrations, deliveries and the signed write-back, sharing one address guard (issue 25). */
export function createWebhooksModule(ctx: AppContext, posts: PostsModule, apiKeys: ApiKeysService) {
  const guard = createAddressGuard(ctx.config.webhooks.allowHosts);
  const deliveries = createWebhookDeliveryService(ctx, posts, guard);
  // Post events become deliveries as the log is read; `start` catches up with what came while down.
  ctx.reader.subscribe((events) => deliveries.dispatcher.observe(events));
  return {
    registrations: createWebhooksService(ctx, guard),
    deliveries,
    writeBack: createWebhookWriteBack(ctx, posts, apiKeys),
    posts,
    start: () => deliveries.dispatcher.wake(),
    stop: () => deliveries.dispatcher.stop(),
  };
}
