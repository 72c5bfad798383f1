import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/**
 * zod's two modules that turn a schema into JSON Schema. Classic zod wires them into every schema
 * type (`toJSONSchema()`, `~standard.jsonSchema`, a per-type processor), so they reach the bundle
 * although the browser never generates JSON Schema: the server does, for its OpenAPI document.
 */
const JSON_SCHEMA_MODULE = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;

export const LEFT_OUT =
  "zod's JSON Schema support is not in the browser build (client/build/zod-without-json-schema.ts): generate JSON Schema on the server";

/**
 * The module that stands in for one of them: every export it has, under the same name, failing
 * with LEFT_OUT when used. The `create…Method` factories run when a schema's `~standard` is read
 * (form resolvers read it), so they return the failing function instead of failing themselves.
 */
export async function standIn(realModulePath: string): Promise<string> {
  const real = (await import(pathToFileURL(realModulePath).href)) as Record<string, unknown>;
  const lines = [`const leftOut = () => { throw new Error(${JSON.stringify(LEFT_OUT)}); };`];
  for (const [name, value] of Object.entries(real)) {
    if (typeof value !== 'function') lines.push(`export const ${name} = Object.freeze({});`);
    else if (/^create\w*Method$/.test(name)) lines.push(`export const ${name} = () => leftOut;`);
    else lines.push(`export const ${name} = leftOut;`);
  }
  return lines.join('\n');
}

/**
 * Leaves zod's JSON Schema generation out of the client's build: about 18 KB of minified code
 * (6 KB gzipped) that every screen would otherwise load and none runs. Validation is untouched.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      const [path = id] = id.split('?');
      return JSON_SCHEMA_MODULE.test(path) ? standIn(path) : null;
    },
  };
}
