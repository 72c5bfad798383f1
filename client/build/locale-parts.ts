import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { FIRST_PAINT_NAMESPACES } from '../src/i18n/first-paint.ts';

const REQUEST = /\/locales\/([\w-]+)\.json\?part=(first|rest)$/;
/** A module of its own, not a `.json` id: the part is built here, as JavaScript. */
const PREFIX = '\0locale-part:';

/**
 * `locales/xx.json?part=first` is the part of a translation file the first screen needs
 * (src/i18n/first-paint.ts), `?part=rest` everything else: two chunks per language, built from the
 * one file translators edit.
 */
export function localeParts(): Plugin {
  // Beside this file, whatever the root of the build or test run.
  const locales = fileURLToPath(new URL('../src/locales/', import.meta.url));
  return {
    name: 'locale-parts',
    enforce: 'pre',
    resolveId(source) {
      const match = REQUEST.exec(source);
      return match ? `${PREFIX}${match[1]}:${match[2]}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [code, part] = id.slice(PREFIX.length).split(':');
      const file = path.join(locales, `${code}.json`);
      this.addWatchFile(file);
      const strings = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      const first = part === 'first';
      const picked = Object.fromEntries(Object.entries(strings).filter(([group]) => FIRST_PAINT_NAMESPACES.includes(group) === first));
      // JSON.parse of a string literal is faster for the browser than the same object as code.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});\n`;
    },
  };
}
