import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { baseLanguage, DEFAULT_LANGUAGE, directionOf } from './languages';

type Resources = Record<string, unknown>;

// English ships with the app; every other language is its own chunk, fetched when chosen.
const loaders = import.meta.glob<{ default: Resources }>(['../locales/*.json', '!../locales/en.json']);

export const i18n = i18next.createInstance();

let ready: Promise<unknown> | null = null;

export function initI18n(): Promise<unknown> {
  ready ??= i18n.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  return ready;
}

function applyToDocument(code: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = code;
  document.documentElement.dir = directionOf(code);
}

/** Loads and switches language; a missing or broken file falls back to English (spec 1 section 7). */
export async function changeLanguage(requested: string): Promise<string> {
  await initI18n();
  let code = baseLanguage(requested);
  if (code !== DEFAULT_LANGUAGE && !i18n.hasResourceBundle(code, 'translation')) {
    const load = loaders[`../locales/${code}.json`];
    try {
      if (!load) throw new Error(`no translation file for ${code}`);
      i18n.addResourceBundle(code, 'translation', (await load()).default, true, true);
    } catch (error) {
      console.warn(`Language ${code} is unavailable; using English`, error);
      code = DEFAULT_LANGUAGE;
    }
  }
  await i18n.changeLanguage(code);
  applyToDocument(code);
  return code;
}
