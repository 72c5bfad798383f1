import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { baseLanguage, DEFAULT_LANGUAGE, directionOf } from './languages';

type Resources = Record<string, unknown>;
type Part = 'first' | 'rest';

// Every language is its own chunks, English too, each file in two parts (client/build/locale-parts.ts):
// what the first screen shows, and the rest. A page loads the language it shows; English only when
// another language lacks a string (the fallback) or cannot be loaded.
const parts: Record<Part, Record<string, () => Promise<{ default: Resources }>>> = {
  first: import.meta.glob<{ default: Resources }>('../locales/*.json', { query: '?part=first' }),
  rest: import.meta.glob<{ default: Resources }>('../locales/*.json', { query: '?part=rest' }),
};

export const i18n = i18next.createInstance();

const loads = new Map<string, Promise<void>>();
const loaded = new Set<string>();

/** Adds one part of a language's strings, once; a part that did not arrive is asked for again next time. */
function loadPart(code: string, part: Part): Promise<void> {
  const key = `${code}:${part}`;
  let pending = loads.get(key);
  if (!pending) {
    const load = parts[part][`../locales/${code}.json`];
    pending = (load ? load() : Promise.reject(new Error(`no translation file for ${code}`))).then((module) => {
      i18n.addResourceBundle(code, 'translation', module.default, true, true);
      loaded.add(key);
    });
    pending.catch(() => loads.delete(key));
    loads.set(key, pending);
  }
  return pending;
}

const loadWhole = (code: string) => Promise.all([loadPart(code, 'first'), loadPart(code, 'rest')]).then(() => undefined);
const isWhole = (code: string) => loaded.has(`${code}:first`) && loaded.has(`${code}:rest`);

/** Screens translate again once strings they lacked have arrived. */
const retranslate = () => void i18n.emit('languageChanged', i18n.language);

/**
 * Every string of the language shown: what a screen other than the first one waits for
 * (ui/lazy-chunk.ts), and what the page fetches once the map is drawn (main.tsx).
 */
export function loadAllStrings(): Promise<void> {
  if (!i18n.isInitialized || isWhole(i18n.language)) return Promise.resolve();
  return loadWhole(i18n.language).then(retranslate);
}

let missing: Promise<void> | null = null;
/**
 * A string the loaded parts do not have: the rest of the language shown, else English, is loaded
 * (once) and the screens translate again, so the string replaces the key shown meanwhile.
 */
function loadMissing() {
  if (missing) return;
  const code = i18n.language;
  const load = !isWhole(code) ? loadWhole(code) : !isWhole(DEFAULT_LANGUAGE) ? loadWhole(DEFAULT_LANGUAGE) : null;
  if (!load) return;
  missing = load.then(
    () => {
      missing = null;
      retranslate();
    },
    (error: unknown) => console.warn('Some interface strings are unavailable', error),
  );
}

/** The language's strings (all, or the first screen's part), or English's when its file is missing or does not load. */
async function loadUsable(requested: string, firstPaint = false): Promise<string> {
  const load = (code: string) => (firstPaint ? loadPart(code, 'first') : loadWhole(code));
  const code = baseLanguage(requested);
  try {
    await load(code);
    return code;
  } catch (error) {
    if (code === DEFAULT_LANGUAGE) throw error;
    console.warn(`Language ${code} is unavailable; using English`, error);
    await load(DEFAULT_LANGUAGE);
    return DEFAULT_LANGUAGE;
  }
}

function applyToDocument(code: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = code;
  document.documentElement.dir = directionOf(code);
}

let started: Promise<unknown> | null = null;
const start = () =>
  (started ??= i18n.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    partialBundledLanguages: true,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
    parseMissingKeyHandler: (key, defaultValue) => {
      loadMissing();
      return defaultValue ?? key;
    },
  }));

let ready: Promise<unknown> | null = null;

/**
 * Starts i18next in the language given (the stored one at boot, else English), loading that
 * language only: all of it, or with `firstPaint` only what the first screen shows. Once started,
 * later calls wait for the same start; a start whose file did not arrive is tried again by the next call.
 */
export function initI18n(language: string = DEFAULT_LANGUAGE, { firstPaint = false } = {}): Promise<unknown> {
  ready ??= (async () => {
    await start();
    const code = await loadUsable(language, firstPaint);
    await i18n.changeLanguage(code);
    applyToDocument(code);
  })().catch((error: unknown) => {
    ready = null;
    throw error;
  });
  return ready;
}

/** Loads and switches language; a missing or broken file falls back to English (spec 1 section 7). */
export async function changeLanguage(requested: string): Promise<string> {
  await initI18n();
  const code = await loadUsable(requested);
  await i18n.changeLanguage(code);
  applyToDocument(code);
  return code;
}
