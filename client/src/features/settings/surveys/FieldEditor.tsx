import { zodResolver } from '@hookform/resolvers/zod';
import type { Form, Tag } from '@platform/shared';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../ui/Dialog';
import { CheckboxField, TextAreaField, TextField } from '../../../ui/Field';
import { fieldChanges, fieldFormValues, FieldFormSchema, type FieldForm } from './field-editor.schema';
import { RelatedSurveys, TagOptions } from './FieldChoices';
import { fieldTypeLabel } from './field-types';
import { OptionsEditor } from './OptionsEditor';
import type { FieldChanges } from './survey-editor.reducer';
import { surveyMessageKey } from './survey-messages';
import { canBePrivate, hasChoices, isBuiltIn, takesDefault, type DraftField } from './survey-draft';

/** Single-choice inputs hold one value: their cardinality is not asked. */
const asksCardinality = (field: DraftField) => !isBuiltIn(field) && !['select', 'radio'].includes(field.input);

function DefaultValue({ field, form }: { field: DraftField; form: ReturnType<typeof useForm<FieldForm>> }) {
  const { t } = useTranslation();
  const id = useId();
  const options = useWatch({ control: form.control, name: 'options' });
  if (!takesDefault(field)) return null;
  if (!hasChoices(field)) return <TextField label={t('survey.default_value')} {...form.register('default')} />;
  const choices = [...new Set(options.map((o) => o.value.trim()).filter((v) => v !== ''))];
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t('survey.default_value')}
      </label>
      <select id={id} className="select" {...form.register('default')}>
        <option value="">{t('survey.no_default')}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Edits one field (spec 3 section 4): label, instructions, required, default, options, cardinality,
 * private responses, caption, related surveys or categories, as the field's type allows.
 */
export function FieldEditor({
  field,
  isNew,
  surveys,
  tags,
  onCancel,
  onSubmit,
}: {
  field: DraftField;
  isNew: boolean;
  surveys: Form[];
  tags: Tag[];
  onCancel: () => void;
  onSubmit: (changes: FieldChanges) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<FieldForm>({ resolver: zodResolver(FieldFormSchema), mode: 'onChange', defaultValues: fieldFormValues(field) });
  const { errors } = form.formState;
  const builtIn = isBuiltIn(field);
  const typeName = fieldTypeLabel(t, field.type, field.input);
  const submit = form.handleSubmit((values) => onSubmit(fieldChanges(field, values)));

  return (
    <Dialog
      title={isNew ? t('survey.add_field_title', { type: typeName }) : t('survey.edit_field_title', { type: typeName })}
      size="medium"
      onClose={onCancel}
    >
      <form
        noValidate
        className="field-editor"
        onSubmit={(event) => {
          // The dialog is rendered in a portal, but React still bubbles its submit to the survey form.
          event.stopPropagation();
          void submit(event);
        }}
      >
        <TextField label={t('survey.field_label')} required error={surveyMessageKey(errors.label?.message)} {...form.register('label')} />
        <TextAreaField label={t('survey.instructions')} rows={2} {...form.register('instructions')} />
        <CheckboxField
          switch
          label={t('survey.required')}
          disabled={builtIn}
          hint={builtIn ? t('survey.built_in_hint') : undefined}
          {...form.register('required')}
        />
        <DefaultValue field={field} form={form} />
        {hasChoices(field) ? <OptionsEditor control={form.control} register={form.register} errors={errors} /> : null}
        {field.type === 'tags' ? (
          <Controller
            control={form.control}
            name="tagIds"
            render={({ field: f }) => <TagOptions tags={tags} value={f.value} onChange={f.onChange} />}
          />
        ) : null}
        {field.type === 'relation' ? (
          <Controller
            control={form.control}
            name="relatedForms"
            render={({ field: f }) => <RelatedSurveys surveys={surveys} value={f.value} onChange={f.onChange} />}
          />
        ) : null}
        {field.type === 'media' ? <CheckboxField switch label={t('survey.has_caption')} {...form.register('hasCaption')} /> : null}
        {asksCardinality(field) ? (
          <TextField
            label={t('survey.cardinality')}
            type="number"
            min={0}
            inputMode="numeric"
            hint={t('survey.cardinality_hint')}
            error={errors.cardinality?.message}
            {...form.register('cardinality', { valueAsNumber: true })}
          />
        ) : null}
        {canBePrivate(field) ? (
          <CheckboxField
            switch
            label={t('survey.response_private')}
            hint={t('survey.response_private_hint')}
            {...form.register('response_private')}
          />
        ) : null}
        <div className="dialog-footer">
          <button type="button" className="button button-ghost" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button-primary">
            {isNew ? t('survey.add_field') : t('survey.apply_field')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
