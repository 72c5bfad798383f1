import { TagMessages } from '@platform/shared';

/** The shared tag schema's texts as the category editor's i18n keys (spec 3 section 5). */
const KEYS: Record<string, string> = {
  [TagMessages.nameRequired]: 'category.valid.tag.required',
  [TagMessages.nameTooShort]: 'category.valid.tag.minlength',
  [TagMessages.nameTooLong]: 'category.valid.tag.maxlength',
  [TagMessages.nameInvalid]: 'category.valid.tag.invalid',
  [TagMessages.descriptionTooLong]: 'category.valid.description.maxlength',
  [TagMessages.descriptionInvalid]: 'category.valid.description.invalid',
  [TagMessages.roleMismatch]: 'category.valid.role.mismatch',
};

export const categoryMessageKey = (message: string | undefined): string | undefined =>
  message === undefined ? undefined : (KEYS[message] ?? message);
