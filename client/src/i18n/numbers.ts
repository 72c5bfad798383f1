import { useTranslation } from 'react-i18next';

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, kind: 'full' | 'short'): Intl.NumberFormat {
  const key = `${language} ${kind}`;
  let format = formats.get(key);
  if (!format) {
    // Short counts are cut, never rounded up: 1,250 posts read "1.2K", not "1.3K".
    format = new Intl.NumberFormat(language, kind === 'short' ? { notation: 'compact', roundingMode: 'trunc' } : undefined);
    formats.set(key, format);
  }
  return format;
}

/** A count as the language writes it: 629,756 in English, 629.756 in Spanish. */
export const formatCount = (count: number, language: string): string => numberFormat(language, 'full').format(count);

/** A count shortened for a small badge, in the language's words: 999, 1.2K, 35K, 1.1M (35 mil in Spanish). */
export const formatShortCount = (count: number, language: string): string => numberFormat(language, 'short').format(count);

/** `formatCount` in the interface's current language. */
export function useFormatCount(): (count: number) => string {
  const { i18n } = useTranslation();
  return (count) => formatCount(count, i18n.language);
}
