import type { Attribute } from '@platform/shared';
import type { DataProvider, ProviderOption } from '../../../api/endpoints/datasources';

/** What an option's rules make of its input (spec 3 section 8, data source option fields). */
export type OptionControl = 'read-only' | 'radio' | 'digits' | 'email' | 'password' | 'text';

// Lowercase-letter start, letters, digits, dots or underscores, an @, lowercase letters, a dot, a 2 to 5 character suffix.
export const EMAIL_PATTERN = '[a-z][a-zA-Z0-9._]*@[a-z]+\\.[a-z]{2,5}';
const EMAIL = new RegExp(`^${EMAIL_PATTERN}$`);

const has = (option: ProviderOption, rule: string) => (option.rules ?? []).includes(rule);

export function optionControl(option: ProviderOption): OptionControl {
  if (option.input === 'read-only-text') return 'read-only';
  if (option.input === 'radio') return 'radio';
  if (has(option, 'number')) return 'digits';
  if (has(option, 'email')) return 'email';
  if (has(option, 'password')) return 'password';
  return 'text';
}

export const isRequired = (option: ProviderOption) => has(option, 'required');

/** Whether one option's value breaks its rules (required, digits only, the e-mail pattern). */
export function optionInvalid(option: ProviderOption, value: string): boolean {
  const control = optionControl(option);
  if (control === 'read-only') return false;
  const text = value.trim();
  if (text === '') return isRequired(option);
  if (control === 'digits') return !/^\d+$/.test(text);
  if (control === 'email') return !EMAIL.test(text);
  if (control === 'radio') return option.options !== undefined && !option.options.includes(text);
  return false;
}

/** The provider's option values as the form edits them: text, from whatever is stored. */
export function optionValues(provider: DataProvider, stored: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, option] of Object.entries(provider.options)) {
    if (optionControl(option) === 'read-only') continue;
    const value = stored[key];
    values[key] = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  }
  return values;
}

export const formValid = (provider: DataProvider, values: Record<string, string>): boolean =>
  Object.entries(provider.options).every(([key, option]) => !optionInvalid(option, values[key] ?? ''));

/** Field types a provider field may fill: the same type, and text-like fields for text (spec 3 section 8). */
const FITS: Record<string, readonly string[]> = {
  text: ['text', 'varchar', 'title', 'description', 'markdown'],
};

export const fitsType = (providerType: string, attributeType: string): boolean =>
  providerType === attributeType || (FITS[providerType] ?? []).includes(attributeType);

/** The post key a survey field is stored under: the title and description are the post's own. */
export const postKeyOf = (attribute: Pick<Attribute, 'key' | 'type'>): string =>
  attribute.type === 'title' ? 'title' : attribute.type === 'description' ? 'content' : attribute.key;

export const formIdOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

/** Provider field -> post key, only the fields given one. */
export function mappingOf(stored: unknown): Record<string, string> {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  return Object.fromEntries(Object.entries(stored).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}

/**
 * The provider's settings object as saved: the stored object (keeps keys the screen does not edit,
 * such as e-mail's `last_uid`), the edited options, and the survey association. Without import to a
 * survey, the form and its field keys are cleared (spec 3 section 5).
 */
export function providerBody(
  stored: Record<string, unknown>,
  values: Record<string, string>,
  importOn: boolean,
  formId: number | null,
  mapping: Record<string, string>,
): Record<string, unknown> {
  const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
  return {
    ...stored,
    ...trimmed,
    form_id: importOn ? formId : null,
    inbound_fields: importOn && formId !== null ? mapping : {},
  };
}
