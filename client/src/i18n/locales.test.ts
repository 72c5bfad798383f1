import { describe, expect, it } from 'vitest';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import es from '../locales/es.json';

type Tree = { [key: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every string of a translation file by its dotted key. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/**
 * The `{{name}}` placeholders of a string (a format after the name, as in `{{count, number}}`, aside)
 * and the `<tag>`s its `Trans` component fills.
 */
const placeholders = (text: string) =>
  new Set([
    ...[...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!),
    ...[...text.matchAll(/<(\w+)>/g)].map((m) => `<${m[1]}>`),
  ]);

const english = leaves(en as Tree);
/** English plural keys by their base: `x_one` and `x_other` are `x`. */
const plurals = new Set([...english.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));

describe.each([
  ['es', es],
  ['ar', ar],
])('the %s translation', (code, file) => {
  const strings = leaves(file as Tree);
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;

  it('has every English string, with the same placeholders', () => {
    const missing: string[] = [];
    const wrong: string[] = [];
    for (const [key, text] of english) {
      if (PLURAL.test(key)) continue;
      const translated = strings.get(key);
      if (!translated?.trim()) missing.push(key);
      else if ([...placeholders(text)].sort().join() !== [...placeholders(translated)].sort().join()) wrong.push(key);
    }
    expect(missing, `${code} lacks these keys`).toEqual([]);
    expect(wrong, `${code} changes the placeholders of these keys`).toEqual([]);
  });

  it(`has each plural in every form the language counts in`, () => {
    const missing: string[] = [];
    const wrong: string[] = [];
    for (const base of plurals) {
      const forms = [...english]
        .filter(([key]) => key.replace(PLURAL, '') === base && PLURAL.test(key))
        .map(([, text]) => placeholders(text));
      // Any form may use what an English form uses; every form keeps what all English forms share,
      // except that the forms for exactly 0, 1 or 2 may spell the number out instead of {{count}}.
      const allowed = new Set(forms.flatMap((set) => [...set]));
      const required = [...allowed].filter((name) => name !== 'count' && forms.every((set) => set.has(name)));
      for (const category of categories) {
        const translated = strings.get(`${base}_${category}`);
        if (!translated?.trim()) missing.push(`${base}_${category}`);
        else {
          const used = placeholders(translated);
          if (required.some((name) => !used.has(name)) || [...used].some((name) => !allowed.has(name))) wrong.push(`${base}_${category}`);
        }
      }
    }
    expect(missing, `${code} lacks these plural forms`).toEqual([]);
    expect(wrong, `${code} changes the placeholders of these plural forms`).toEqual([]);
  });

  it('has no key English does not have', () => {
    const extra = [...strings.keys()].filter((key) => !english.has(key) && !plurals.has(key.replace(PLURAL, '')));
    expect(extra).toEqual([]);
  });
});
