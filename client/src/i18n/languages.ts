export type Language = { code: string; name: string; dir: 'ltr' | 'rtl' };

/** Languages with a translation file; names are written in their own language. */
export const LANGUAGES: readonly Language[] = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
];

export const DEFAULT_LANGUAGE = 'en';
const RTL = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'dv', 'ckb', 'yi']);

/** `en-US`, `en_US` and `EN` all mean the `en` file. */
export const baseLanguage = (code: string | null | undefined): string =>
  (code ?? '').trim().toLowerCase().split(/[-_]/)[0] || DEFAULT_LANGUAGE;

export const directionOf = (code: string): 'ltr' | 'rtl' => (RTL.has(baseLanguage(code)) ? 'rtl' : 'ltr');
