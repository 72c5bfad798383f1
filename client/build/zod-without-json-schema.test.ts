import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LEFT_OUT, standIn } from './zod-without-json-schema';

const core = path.resolve(import.meta.dirname, '../../node_modules/zod/v4/core');
// Inside the project, where the test runner loads modules from.
const cache = path.resolve(import.meta.dirname, '../../node_modules/.cache');
fs.mkdirSync(cache, { recursive: true });
const dir = fs.mkdtempSync(path.join(cache, 'zod-stand-in-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The stand-in for one of zod's JSON Schema modules, loaded beside the real one. */
async function load(name: string) {
  const file = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(file, await standIn(path.join(core, `${name}.js`)));
  const [standing, real] = await Promise.all([import(/* @vite-ignore */ file), import(/* @vite-ignore */ path.join(core, `${name}.js`))]);
  return { standing: standing as Record<string, unknown>, real: real as Record<string, unknown> };
}

describe("the client build's stand-in for zod's JSON Schema modules", () => {
  it('has every export of the real module, so that zod links to it unchanged', async () => {
    for (const name of ['to-json-schema', 'json-schema-processors']) {
      const { standing, real } = await load(name);
      expect(Object.keys(standing).sort()).toEqual(Object.keys(real).sort());
    }
  });

  it('fails plainly when JSON Schema is asked for, and not before', async () => {
    const { standing } = await load('to-json-schema');
    const method = (standing.createStandardJSONSchemaMethod as (schema: unknown, io: string) => () => unknown)({}, 'input');
    expect(method).toThrow(LEFT_OUT);
    const { standing: processors } = await load('json-schema-processors');
    expect(() => (processors.toJSONSchema as () => unknown)()).toThrow(LEFT_OUT);
    expect(() => (processors.stringProcessor as () => unknown)()).toThrow(LEFT_OUT);
  });
});
