import { CreateWebhookBody, UpdateWebhookBody, WebhookMessages, type WebhookListQuery } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import { ApiError, notFound, parseBody, ValidationError, type FieldError } from '../../http/errors';
import type { Paging } from '../../http/query';
import type { AddressGuard } from './address-guard';
import { webhookRule } from './webhooks.policy';
import * as repo from './webhooks.repository';

const RESOURCE = 'webhook';

export type WebhooksService = ReturnType<typeof createWebhooksService>;

/**
 * Webhook registrations (API-CONTRACT 14.6): admins only, behind the `webhooks` feature (404 when
 * it is off, like v3's feature-gated routes). A URL whose host is or resolves to an internal
 * address is refused at save (issue 25 item 4), and again at every delivery.
 */
export function createWebhooksService(ctx: AppContext, guard: AddressGuard) {
  async function assertEnabled() {
    if (!(await ctx.settings.feature('webhooks'))) throw new ApiError(404, 'The webhooks feature is not enabled for your deployment.');
  }

  async function load(id: number) {
    return (await repo.findById(ctx.db, id)) ?? notFound(RESOURCE, id);
  }

  /** What zod cannot know: the survey exists and the address may be reached. */
  async function check(values: { url: string; form_id: number | null }): Promise<void> {
    const fields: FieldError[] = [];
    if (values.form_id !== null && !(await repo.formExists(ctx.db, values.form_id))) {
      fields.push({ pointer: '/form_id', message: WebhookMessages.formNotFound(values.form_id) });
    }
    const refused = await guard.checkForSave(new URL(values.url));
    if (refused) fields.push({ pointer: '/url', message: WebhookMessages.addressRefused(refused) });
    if (fields.length > 0) throw new ValidationError(RESOURCE, fields);
  }

  return {
    assertEnabled,

    async get(auth: Auth, id: number) {
      const row = await load(id);
      authorize(webhookRule, auth, 'read', row);
      return row;
    },

    async search(auth: Auth, filters: WebhookListQuery['filters'], paging: Paging) {
      authorize(webhookRule, auth, 'search', null);
      return repo.search(ctx.db, filters, paging);
    },

    async create(auth: Auth, body: unknown) {
      authorize(webhookRule, auth, 'create', null);
      const data = parseBody(CreateWebhookBody, body, RESOURCE);
      const formId = data.form_id ?? null;
      await check({ url: data.url, form_id: formId });
      return repo.insert(ctx.db, {
        user_id: auth.userId,
        name: data.name,
        shared_secret: data.shared_secret,
        url: data.url,
        event_type: data.event_type,
        entity_type: data.entity_type,
        form_id: formId,
        source_field_key: formId === null ? null : (data.source_field_key ?? null),
        destination_field_key: formId === null ? null : (data.destination_field_key ?? null),
      });
    },

    /** Fields not sent keep their value; clearing the survey clears its field keys (spec 3 section 5). */
    async update(auth: Auth, id: number, body: unknown) {
      const row = await load(id);
      authorize(webhookRule, auth, 'update', row);
      const data = parseBody(UpdateWebhookBody, body, RESOURCE);
      const formId = data.form_id !== undefined ? data.form_id : row.form_id;
      const merged = {
        name: data.name ?? row.name,
        shared_secret: data.shared_secret ?? row.shared_secret,
        url: data.url ?? row.url,
        event_type: data.event_type ?? row.event_type,
        form_id: formId,
        source_field_key: formId === null ? null : data.source_field_key !== undefined ? data.source_field_key : row.source_field_key,
        destination_field_key:
          formId === null ? null : data.destination_field_key !== undefined ? data.destination_field_key : row.destination_field_key,
      };
      if (formId === null && (data.source_field_key || data.destination_field_key)) {
        throw new ValidationError(RESOURCE, [{ pointer: '/form_id', message: WebhookMessages.fieldKeysNeedForm }]);
      }
      await check(merged);
      return (await repo.update(ctx.db, id, { ...merged, updated: ctx.now() })) ?? notFound(RESOURCE, id);
    },

    async remove(auth: Auth, id: number) {
      const row = await load(id);
      if (row.protected && webhookRule(auth, 'read', row)) throw new ApiError(403, WebhookMessages.protectedWebhook);
      authorize(webhookRule, auth, 'delete', row);
      await repo.remove(ctx.db, id);
      return row;
    },
  };
}
