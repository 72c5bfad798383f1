import { AttributeMessages, CreateAttributeBody } from '@platform/shared';
import { z } from 'zod';
import type { FieldChanges } from './survey-editor.reducer';
import { canBePrivate, hasChoices, isBuiltIn, takesDefault, type DraftField } from './survey-draft';

/**
 * The field editor's form. The label rule is the shared attribute schema's; repeated choices get
 * the shared message on every repeat (spec 3 section 5: survey.duplicate_option, saving blocked).
 */
export const FieldFormSchema = z
  .object({
    label: CreateAttributeBody.out.shape.label,
    instructions: z.string(),
    required: z.boolean(),
    default: z.string(),
    options: z.array(z.object({ value: z.string() })),
    cardinality: z.number({ error: 'survey.valid.cardinality' }).int('survey.valid.cardinality').min(0, 'survey.valid.cardinality'),
    response_private: z.boolean(),
    hasCaption: z.boolean(),
    relatedForms: z.array(z.number()),
    tagIds: z.array(z.number()),
  })
  .superRefine((form, ctx) => {
    const seen = new Map<string, number>();
    form.options.forEach((option, index) => {
      const value = option.value.trim();
      if (value === '') return;
      if (seen.has(value)) ctx.addIssue({ code: 'custom', path: ['options', index, 'value'], message: AttributeMessages.duplicateOption });
      else seen.set(value, index);
    });
  });
export type FieldForm = z.infer<typeof FieldFormSchema>;

const numbers = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter((n) => Number.isInteger(n) && n > 0) : []);

const relatedFormsOf = (config: Record<string, unknown>): number[] => {
  const input = config.input;
  return typeof input === 'object' && input !== null ? numbers((input as { form?: unknown }).form) : [];
};

export function fieldFormValues(field: DraftField): FieldForm {
  return {
    label: field.label,
    instructions: field.instructions,
    required: field.required,
    default: field.default ?? '',
    options: hasChoices(field) ? field.options.map((o) => ({ value: String(o) })) : [],
    cardinality: field.cardinality,
    response_private: field.response_private,
    hasCaption: field.config.hasCaption === true,
    relatedForms: relatedFormsOf(field.config),
    tagIds: field.type === 'tags' ? numbers(field.options) : [],
  };
}

/** What the builder stores from the form, with each type's rules applied. */
export function fieldChanges(field: DraftField, form: FieldForm): FieldChanges {
  let options = field.options;
  if (hasChoices(field)) options = form.options.map((o) => o.value.trim()).filter((v) => v !== '');
  if (field.type === 'tags') options = form.tagIds;
  let config = field.config;
  if (field.type === 'media') config = { ...config, hasCaption: form.hasCaption };
  if (field.type === 'relation') {
    const input = typeof config.input === 'object' && config.input !== null ? config.input : {};
    config = { ...config, input: { ...input, form: form.relatedForms } };
  }
  return {
    label: form.label.trim(),
    instructions: form.instructions,
    required: isBuiltIn(field) ? true : form.required,
    default: takesDefault(field) && form.default.trim() !== '' ? form.default : null,
    options,
    cardinality: form.cardinality,
    response_private: canBePrivate(field) ? form.response_private : false,
    config,
  };
}
