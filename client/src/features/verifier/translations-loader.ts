import { LANGUAGES } from '../../i18n/languages';
import type { TranslationFile } from './client-checks';

// The same files the language picker loads, each fetched the way the app fetches it.
const FILES = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*.json');

export async function loadTranslationFiles(): Promise<TranslationFile[]> {
  return Promise.all(
    LANGUAGES.map(async ({ code, name }) => {
      const load = FILES[`../../locales/${code}.json`];
      if (!load) return { code, name, texts: null, error: 'no file' };
      try {
        return { code, name, texts: (await load()).default };
      } catch (error) {
        return { code, name, texts: null, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
}
