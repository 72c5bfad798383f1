import { AttributeMessages, FormMessages, StageMessages } from '@platform/shared';

/**
 * The shared schemas speak the server's words; the builder shows the spec's (spec 3 section 5).
 * Each known message becomes an i18n key, which the field components translate.
 */
const KEYS: Record<string, string> = {
  [FormMessages.nameRequired]: 'survey.valid.name.required',
  [FormMessages.nameTooShort]: 'survey.valid.name.minlength',
  [FormMessages.nameTooLong]: 'survey.valid.name.maxlength',
  [FormMessages.nameInvalid]: 'survey.valid.name.invalid',
  [StageMessages.labelRequired]: 'survey.valid.task_label.required',
  [StageMessages.labelTooShort]: 'survey.valid.task_label.minlength',
  [StageMessages.labelTooLong]: 'survey.valid.task_label.maxlength',
  [StageMessages.labelInvalid]: 'survey.valid.task_label.invalid',
  [AttributeMessages.labelRequired]: 'post.valid.label.required',
  [AttributeMessages.labelTooLong]: 'survey.valid.field_label.maxlength',
  [AttributeMessages.duplicateOption]: 'survey.duplicate_option',
  [AttributeMessages.tagsPrivate]: 'survey.valid.tags_private',
  [AttributeMessages.builtInPrivate]: 'survey.valid.built_in_private',
  [AttributeMessages.builtInOptional]: 'survey.valid.built_in_optional',
  [AttributeMessages.noOptions]: 'survey.valid.no_options',
  [AttributeMessages.noDefault]: 'survey.valid.no_default',
};

export function surveyMessageKey(message: string): string;
export function surveyMessageKey(message: string | undefined): string | undefined;
export function surveyMessageKey(message: string | undefined): string | undefined {
  return message === undefined ? undefined : (KEYS[message] ?? message);
}
