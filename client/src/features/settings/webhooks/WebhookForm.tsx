import { zodResolver } from '@hookform/resolvers/zod';
import { WEBHOOK_EVENT_TYPES, type Form } from '@platform/shared';
import type { ReactNode } from 'react';
import { useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { listAttributes } from '../../../api/endpoints/forms';
import { useServices } from '../../../providers/services-context';
import { useLiveQuery } from '../../../providers/query/useLiveQuery';
import { CheckboxField, TextField } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';
import { WebhookFormSchema, type WebhookFormOutput, type WebhookFormValues } from './webhook-form.schema';

/**
 * Name, receiver URL, shared secret, event and entity type, and behind a toggle the survey with its
 * source and destination fields (spec 3 sections 3 and 5). Turning the toggle off clears them.
 */
export function WebhookForm({
  forms,
  defaults,
  onSubmit,
  onCancel,
  actions,
}: {
  forms: Form[];
  defaults: WebhookFormValues;
  onSubmit: (values: WebhookFormOutput, setError: UseFormSetError<WebhookFormValues>) => Promise<void>;
  onCancel: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const form = useForm<WebhookFormValues, unknown, WebhookFormOutput>({
    resolver: zodResolver(WebhookFormSchema),
    mode: 'onChange',
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) => onSubmit(values, form.setError));
  const surveyOn = useWatch({ control: form.control, name: 'use_form' });
  const formId = Number(useWatch({ control: form.control, name: 'form_id' }));
  const attributes = useLiveQuery(['form-attributes', formId], () => listAttributes(api, formId), {
    enabled: surveyOn && Number.isInteger(formId) && formId > 0,
  });

  const toggleSurvey = (on: boolean) => {
    form.setValue('use_form', on, { shouldDirty: true });
    if (on) return;
    for (const name of ['form_id', 'source_field_key', 'destination_field_key'] as const)
      form.setValue(name, '', { shouldDirty: true, shouldValidate: true });
  };

  const fieldOptions = (
    <>
      <option value="">{t('webhook.no_field')}</option>
      {(attributes.data ?? []).map((attribute) => (
        <option key={attribute.id} value={attribute.key}>
          {attribute.label}
        </option>
      ))}
    </>
  );

  return (
    <form noValidate onSubmit={submit} className="settings-form" aria-busy={isSubmitting || undefined}>
      <fieldset className="form-section" disabled={isSubmitting}>
        <legend>{t('webhook.details')}</legend>
        <TextField label={t('webhook.name')} required error={errors.name?.message} {...form.register('name')} />
        <TextField
          label={t('webhook.url')}
          type="url"
          required
          hint={t('webhook.url_hint')}
          error={errors.url?.message}
          {...form.register('url')}
        />
        <TextField
          label={t('webhook.shared_secret')}
          autoComplete="off"
          required
          hint={t('webhook.shared_secret_hint')}
          error={errors.shared_secret?.message}
          {...form.register('shared_secret')}
        />
        <SelectField label={t('webhook.event_type')} required error={errors.event_type?.message} {...form.register('event_type')}>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`webhook.event.${type}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('webhook.entity_type')} required error={errors.entity_type?.message} {...form.register('entity_type')}>
          <option value="post">{t('webhook.entity.post')}</option>
        </SelectField>
      </fieldset>
      <fieldset className="form-section" disabled={isSubmitting}>
        <legend>{t('webhook.survey_section')}</legend>
        <CheckboxField
          switch
          label={t('webhook.use_survey')}
          hint={t('webhook.use_survey_hint')}
          checked={surveyOn}
          onChange={(event) => toggleSurvey(event.target.checked)}
        />
        {surveyOn ? (
          <>
            <SelectField label={t('webhook.survey')} required error={errors.form_id?.message} {...form.register('form_id')}>
              <option value="">{t('webhook.choose_survey')}</option>
              {forms.map((survey) => (
                <option key={survey.id} value={String(survey.id)}>
                  {survey.name}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('webhook.source_field')} error={errors.source_field_key?.message} {...form.register('source_field_key')}>
              {fieldOptions}
            </SelectField>
            <SelectField
              label={t('webhook.destination_field')}
              error={errors.destination_field_key?.message}
              {...form.register('destination_field_key')}
            >
              {fieldOptions}
            </SelectField>
          </>
        ) : null}
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? t('common.saving') : t('common.save')}
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel} disabled={isSubmitting}>
          {t('common.cancel')}
        </button>
        {actions}
      </div>
    </form>
  );
}
