import { WebhookMessages } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { WebhookFormSchema, webhookBody, webhookFormValues } from './webhook-form.schema';

const valid = {
  ...webhookFormValues(null),
  name: 'Newsroom',
  url: 'https://hooks.example.org/in',
  shared_secret: 'a-secret-of-twenty-chars',
};
/** The message each field shows: its first (as the form's resolver reports it). */
const messages = (values: object) => {
  const result = WebhookFormSchema.safeParse(values);
  if (result.success) return [];
  const first = new Map<string, string>();
  for (const issue of result.error.issues) if (!first.has(issue.path.join('.'))) first.set(issue.path.join('.'), issue.message);
  return [...first].map(([path, message]) => `${path}: ${message}`);
};

describe('webhook form (spec 3 section 5)', () => {
  it('requires a name of 3 to 150, a secret of 20, a valid url and an event type', () => {
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, name: '' })).toEqual([`name: ${WebhookMessages.nameRequired}`]);
    expect(messages({ ...valid, name: 'ab' })).toEqual([`name: ${WebhookMessages.nameTooShort}`]);
    expect(messages({ ...valid, name: 'x'.repeat(151) })).toEqual([`name: ${WebhookMessages.nameTooLong}`]);
    expect(messages({ ...valid, shared_secret: '' })).toEqual([`shared_secret: ${WebhookMessages.secretRequired}`]);
    expect(messages({ ...valid, shared_secret: 'short' })).toEqual([`shared_secret: ${WebhookMessages.secretTooShort}`]);
    expect(messages({ ...valid, url: '' })).toEqual([`url: ${WebhookMessages.urlRequired}`]);
    expect(messages({ ...valid, url: 'ftp://x.org' })).toEqual([`url: ${WebhookMessages.urlInvalid}`]);
    expect(messages({ ...valid, event_type: '' })).toEqual(['event_type: webhook.valid.event_type.required']);
  });

  it('asks for a survey only while the toggle is on', () => {
    expect(messages({ ...valid, use_form: true })).toEqual(['form_id: webhook.valid.form.required']);
    expect(messages({ ...valid, use_form: true, form_id: '4' })).toEqual([]);
  });

  it('clears the survey and field keys when the toggle is off', () => {
    const form = WebhookFormSchema.parse({ ...valid, use_form: false, form_id: '4', source_field_key: 'a', destination_field_key: 'b' });
    expect(webhookBody(form)).toMatchObject({ form_id: null, source_field_key: null, destination_field_key: null });
    const on = WebhookFormSchema.parse({ ...valid, use_form: true, form_id: '4', source_field_key: 'a', destination_field_key: '' });
    expect(webhookBody(on)).toMatchObject({ form_id: 4, source_field_key: 'a', destination_field_key: null });
  });
});
