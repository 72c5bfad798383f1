import { createOAuthService } from './auth/oauth.service';
import { createLoginThrottle } from './auth/throttle';
import type { AppContext } from './context';
import type { JobDefinition } from './jobs/jobs';
import { mailJob } from './jobs/mail.job';
import { setAudience } from './modules/sets/sets.audience';
import { configAudience } from './modules/settings/settings.audience';
import { createApiKeysService } from './modules/apikeys/apikeys.service';
import { createContactsService } from './modules/contacts/contacts.service';
import { createCountryCodesService } from './modules/country-codes/country-codes.service';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createPermissionsService } from './modules/permissions/permissions.service';
import { createRolesService } from './modules/roles/roles.service';
import { createTosService } from './modules/tos/tos.service';
import { createUserSettingsService } from './modules/user-settings/user-settings.service';
import { createVerifierService } from './modules/verifier/verifier.service';
import { createMediaService } from './modules/media/media.service';
import { createAccountService } from './modules/users/account.service';
import { userAudience } from './modules/users/users.audience';
import { createUsersService } from './modules/users/users.service';
import { createFormsModule } from './modules/forms/forms.module';
import { createTagsService } from './modules/tags/tags.service';
import { createPostsModule } from './modules/posts/posts.module';
import { postAudience } from './modules/posts/posts.audience';
import { postLockAudience } from './modules/posts/post-locks.audience';
import { messageAudience } from './modules/messages/messages.audience';
import { createMessagesService } from './modules/messages/messages.service';
import { createDataProvidersService } from './modules/datasources/datasources.service';
import { createInboundService } from './modules/datasources/inbound.service';
import { createTargetedService } from './modules/targeted/targeted.service';
import { createEmailPoller } from './modules/datasources/inbound/email.poller';
import { sourcePollJob } from './jobs/source-poll.job';
import { createTwitterPoller } from './modules/datasources/inbound/twitter.poller';
import { createSenders } from './modules/datasources/outbound/senders';
import { createNotificationDeliveryService } from './modules/notifications/notification-delivery.service';
import { createSetsService } from './modules/sets/sets.service';
import { importAudience } from './modules/csv/csv.audience';
import { createCsvService } from './modules/csv/csv.service';
import { exportAudience } from './modules/exports/exports.audience';
import { createExportsService } from './modules/exports/exports.service';
import { createHxlService } from './modules/hxl/hxl.service';
import { webhookAudience } from './modules/webhooks/webhook-delivery-events';
import { createWebhooksModule } from './modules/webhooks/webhooks.module';

/** Builds every service once per process, registers realtime audiences and lists job queues. */
export function createServices(ctx: AppContext) {
  const throttle = createLoginThrottle({
    perAccount: ctx.config.limits.loginFailuresPerAccountAndAddress,
    perIp: ctx.config.limits.loginFailuresPerIp,
    windowSeconds: ctx.config.limits.loginWindowSeconds,
  });
  const oauth = createOAuthService({ db: ctx.db, tx: ctx.tx, throttle, tokens: ctx.tokens, now: ctx.now });
  const users = createUsersService(ctx);
  const account = createAccountService(ctx, users);
  const permissions = createPermissionsService(ctx);
  const roles = createRolesService(ctx, permissions);
  const tos = createTosService(ctx);
  const contacts = createContactsService(ctx);
  const notifications = createNotificationsService(ctx);
  const apiKeys = createApiKeysService(ctx);
  const userSettings = createUserSettingsService(ctx);
  const countryCodes = createCountryCodesService();
  const verifier = createVerifierService(ctx);
  // Category fields check tag ids, and a deleted tag leaves every category field: each side calls the other.
  // A deleted survey takes its posts along, and a deleted category leaves every post: posts hook into both.
  const forms = createFormsModule(ctx, {
    existingTagIds: (db, ids) => tags.existingIds(db, ids),
    beforeFormRemove: (trx, formId, actorId) => posts.announceFormPostsDeleted(trx, formId, actorId),
  });
  const tags = createTagsService(ctx, {
    removeTagFromFields: async (trx, id) => {
      await forms.attributes.removeTagFromOptions(trx, id);
      await posts.removeTagFromPosts(trx, id);
    },
  });
  const posts = createPostsModule(ctx);
  const media = createMediaService(ctx, posts.reads);
  const messages = createMessagesService(ctx, createSenders(ctx));
  const dataProviders = createDataProvidersService();
  const targeted = createTargetedService(ctx, { forms: forms.forms, contacts, messages, posts });
  const inbound = createInboundService(ctx, { contacts, messages, posts, targeted });
  const emailPoller = createEmailPoller(inbound, ctx.logger, { timeoutMs: ctx.config.dataSources.httpTimeoutMs });
  const twitterPoller = createTwitterPoller(ctx, inbound, {
    apiUrl: ctx.config.dataSources.twitterApiUrl,
    timeoutMs: ctx.config.dataSources.httpTimeoutMs,
  });
  const notificationDelivery = createNotificationDeliveryService(ctx, { messages });
  const sets = createSetsService(ctx, { posts, delivery: notificationDelivery });
  const csv = createCsvService(ctx, { posts, sets });
  // An exchange export's file ready queues its upload, which reads the file where exports keep it.
  const exports = createExportsService(ctx, { posts, hdxFileReady: (trx, exportId) => hxl.queueUpload(trx, exportId) });
  const hxl = createHxlService(ctx, { files: exports.files });
  // New and changed posts are matched against subscribed saved searches as the log is read.
  ctx.reader.subscribe((events) => notificationDelivery.observe(events));
  // Replies that found no provider are queued again when the data providers change.
  ctx.reader.subscribe((events) => messages.observe(events));
  const webhooks = createWebhooksModule(ctx, posts, apiKeys);

  ctx.audiences.register('config', configAudience);
  ctx.audiences.register('user', userAudience);
  ctx.audiences.register('post', postAudience());
  ctx.audiences.register('lock', postLockAudience());
  ctx.audiences.register('message', messageAudience);
  ctx.audiences.register('collection', setAudience(ctx.db));
  ctx.audiences.register('import', importAudience);
  ctx.audiences.register('export', exportAudience);
  ctx.audiences.register('webhook', webhookAudience);

  const jobs: JobDefinition[] = [
    mailJob(ctx.mailer),
    posts.locks.expiryJob,
    messages.deliveryJob,
    notificationDelivery.job,
    csv.job,
    exports.job,
    hxl.job,
    webhooks.deliveries.job,
    sourcePollJob('email-poll', () => emailPoller.poll(), ctx.config.dataSources.emailPollSeconds),
    sourcePollJob('twitter-poll', () => twitterPoller.poll(), ctx.config.dataSources.twitterPollSeconds),
  ];
  return {
    oauth,
    users,
    account,
    media,
    permissions,
    roles,
    tos,
    contacts,
    notifications,
    apiKeys,
    userSettings,
    countryCodes,
    verifier,
    forms,
    tags,
    posts,
    messages,
    dataProviders,
    inbound,
    targeted,
    emailPoller,
    twitterPoller,
    notificationDelivery,
    sets,
    csv,
    exports,
    hxl,
    webhooks,
    jobs,
  };
}

export type Services = ReturnType<typeof createServices>;
