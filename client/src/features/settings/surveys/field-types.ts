import { BUILDER_FIELDS, BUILT_IN_TYPES } from '@platform/shared';
import type { TFunction } from 'i18next';

export type FieldTypeChoice = { type: string; input: string };

/** What "Add field" offers: every type/input pair of spec 3 section 3 except the built-ins. */
export const FIELD_TYPE_CHOICES: readonly FieldTypeChoice[] = BUILDER_FIELDS.filter((f) => !BUILT_IN_TYPES.includes(f.type));

const key = (type: string, input: string) => `${type}_${input}`;

/** "Short text", "Number (integer)" ...; unknown pairs (older data) show as type/input. */
export function fieldTypeLabel(t: TFunction, type: string, input: string): string {
  return t(`survey.field_type.${key(type, input)}`, { defaultValue: `${type} / ${input}` });
}

export function fieldTypeHint(t: TFunction, type: string, input: string): string {
  return t(`survey.field_type_hint.${key(type, input)}`, { defaultValue: '' });
}
