import { z } from 'zod';
import { NAME_MAX } from '../constants';
import { listQuery, queryIds, queryWords } from './list-query';

export const WEBHOOK_EVENT_TYPES = ['create', 'update', 'delete'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'skipped'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
/** The header receivers verify: base64(HMAC-SHA256(shared secret, url + body)), as v3 sends it. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Ushahidi-Signature';
export const WEBHOOK_SECRET_MIN = 20;

export const WebhookMessages = {
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 3 characters long',
  nameTooLong: 'Name is too long',
  secretRequired: 'Shared secret is required',
  secretTooShort: `Shared secret must be at least ${WEBHOOK_SECRET_MIN} characters long`,
  urlRequired: 'URL is required',
  urlInvalid: 'URL must be a valid http or https address',
  eventTypeInvalid: 'Event type must be one of create, update, delete',
  entityTypeInvalid: 'Entity type must be post',
  formInvalid: 'form_id must be a survey id',
  fieldKeyInvalid: 'Field keys must be text of at most 255 characters',
  fieldKeysNeedForm: 'Field keys need a survey (form_id)',
  formNotFound: (id: number) => `Survey ${id} does not exist`,
  addressRefused: (why: string) => `The URL is not allowed: ${why}`,
  protectedWebhook: 'Protected webhooks can not be deleted',
} as const;
const M = WebhookMessages;

const Name = z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).min(3, M.nameTooShort).max(NAME_MAX, M.nameTooLong);
const Secret = z
  .string({ error: M.secretRequired })
  .min(1, M.secretRequired)
  .min(WEBHOOK_SECRET_MIN, M.secretTooShort)
  .max(1000, M.secretTooShort);
const Url = z
  .string({ error: M.urlRequired })
  .trim()
  .min(1, M.urlRequired)
  .max(2000, M.urlInvalid)
  .pipe(z.url({ protocol: /^https?$/, hostname: /^[^\s@]+$/, error: M.urlInvalid }));
const EventType = z.enum(WEBHOOK_EVENT_TYPES, { error: M.eventTypeInvalid });
const EntityType = z.literal('post', { error: M.entityTypeInvalid });
const FormId = z.number({ error: M.formInvalid }).int(M.formInvalid).positive(M.formInvalid).nullable();
const FieldKey = z.string({ error: M.fieldKeyInvalid }).trim().max(255, M.fieldKeyInvalid).nullable();

const fieldKeysNeedForm = (body: { form_id?: number | null; source_field_key?: string | null; destination_field_key?: string | null }) =>
  !(body.source_field_key || body.destination_field_key) || typeof body.form_id === 'number';

/** `POST /webhooks` (API-CONTRACT 14.6, spec 3 section 5: name 3..150). */
export const CreateWebhookBody = z
  .object({
    name: Name,
    shared_secret: Secret,
    url: Url,
    event_type: EventType,
    entity_type: EntityType,
    form_id: FormId.optional(),
    source_field_key: FieldKey.optional(),
    destination_field_key: FieldKey.optional(),
  })
  .refine(fieldKeysNeedForm, { message: M.fieldKeysNeedForm, path: ['form_id'] });
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

/** `PUT /webhooks/{id}`: fields not sent keep their value; the merged webhook is checked again. */
export const UpdateWebhookBody = z.object({
  name: Name.optional(),
  shared_secret: Secret.optional(),
  url: Url.optional(),
  event_type: EventType.optional(),
  entity_type: EntityType.optional(),
  form_id: FormId.optional(),
  source_field_key: FieldKey.optional(),
  destination_field_key: FieldKey.optional(),
});
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

export const WebhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  user: z.object({ id: z.number().int(), url: z.string() }).nullable(),
  form_id: z.number().int().nullable(),
  name: z.string(),
  shared_secret: z.string().optional(),
  webhook_uuid: z.string(),
  event_type: EventType,
  entity_type: z.literal('post'),
  source_field_key: z.string().nullable(),
  destination_field_key: z.string().nullable(),
  protected: z.boolean(),
  created: z.string(),
  updated: z.string().nullable(),
  allowed_privileges: z.array(z.string()),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const WebhookAttemptSchema = z.object({
  attempted_at: z.string(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
});

export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  webhook_id: z.number().int(),
  event_id: z.number().int(),
  post_id: z.number().int(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created: z.string(),
  updated: z.string().nullable(),
  delivered_at: z.string().nullable(),
  attempt_log: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WEBHOOK_SORTABLE = ['id', 'name', 'created', 'updated'] as const;
export const WebhookListQuery = listQuery(
  { sortable: WEBHOOK_SORTABLE, orderby: 'id' },
  { event_type: queryWords, form_id: queryIds('form_id') },
);
export type WebhookListQuery = z.infer<typeof WebhookListQuery>;

export const WEBHOOK_DELIVERY_SORTABLE = ['id', 'created'] as const;
/** `GET /webhooks/{id}/deliveries`: newest first by default. */
export const WebhookDeliveryListQuery = listQuery(
  { sortable: WEBHOOK_DELIVERY_SORTABLE, orderby: 'id', order: 'desc', maxLimit: 100, defaultLimit: 50 },
  { status: queryWords },
);
export type WebhookDeliveryListQuery = z.infer<typeof WebhookDeliveryListQuery>;

/** The payload of a pushed `webhook.delivery_updated` (its aggregate id is the webhook's id). */
export const WebhookDeliveryEventPayloadSchema = z.object({
  delivery_id: z.number().int(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
});
export type WebhookDeliveryEventPayload = z.infer<typeof WebhookDeliveryEventPayloadSchema>;
