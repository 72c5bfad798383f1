import { CreateWebhookBody, WEBHOOK_EVENT_TYPES, type Webhook } from '@platform/shared';
import { z } from 'zod';
import type { WebhookBody } from '../../../api/endpoints/webhooks';

const fields = CreateWebhookBody.shape;

/**
 * The webhook editor (spec 3 section 5): name 3 to 150, shared secret, url, event and entity type
 * required, with the shared schema's rules and texts. The survey and its field keys are optional,
 * behind a toggle: off, they are cleared and never sent; on, a survey must be chosen.
 */
export const WebhookFormSchema = z
  .object({
    name: fields.name,
    url: fields.url,
    shared_secret: fields.shared_secret,
    event_type: z.enum(WEBHOOK_EVENT_TYPES, { error: 'webhook.valid.event_type.required' }),
    entity_type: fields.entity_type,
    use_form: z.boolean(),
    form_id: z.string(),
    source_field_key: z.string(),
    destination_field_key: z.string(),
  })
  .superRefine((form, ctx) => {
    if (form.use_form && form.form_id === '') ctx.addIssue({ code: 'custom', path: ['form_id'], message: 'webhook.valid.form.required' });
  });
export type WebhookFormValues = z.input<typeof WebhookFormSchema>;
export type WebhookFormOutput = z.output<typeof WebhookFormSchema>;

export function webhookFormValues(hook: Webhook | null): WebhookFormValues {
  return {
    name: hook?.name ?? '',
    url: hook?.url ?? '',
    shared_secret: hook?.shared_secret ?? '',
    event_type: hook?.event_type ?? 'create',
    entity_type: 'post',
    use_form: hook?.form_id != null,
    form_id: hook?.form_id != null ? String(hook.form_id) : '',
    source_field_key: hook?.source_field_key ?? '',
    destination_field_key: hook?.destination_field_key ?? '',
  };
}

/** With the toggle off the survey and field keys are sent as null, so an edit clears stored ones. */
export function webhookBody(form: WebhookFormOutput): WebhookBody {
  const keyOrNull = (key: string) => (form.use_form && key !== '' ? key : null);
  return {
    name: form.name,
    url: form.url,
    shared_secret: form.shared_secret,
    event_type: form.event_type,
    entity_type: form.entity_type,
    form_id: form.use_form && form.form_id !== '' ? Number(form.form_id) : null,
    source_field_key: keyOrNull(form.source_field_key),
    destination_field_key: keyOrNull(form.destination_field_key),
  };
}
