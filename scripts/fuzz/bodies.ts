import { gzipSync } from 'node:zlib';
import { PNG_1X1 } from '../../tests/integration/helpers/images';
import type { Rng } from './rng';
import type { RouteTarget } from './routes';
import { EXTRA_KEYS, sampleBody } from './samples';
import type { World } from './seed';
import { Raw, deepArray, deepObject, nastyLike, nastyValue, rawTags, toJsonText } from './values';

/** Sets an own property, even one named `__proto__`. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Applies one to three mutations to a sample body; sometimes none, so valid requests go through too. */
function mutate(rng: Rng, sample: Record<string, unknown>, tags: string[]): unknown {
  let body: unknown = sample;
  const rounds = rng.weighted([
    [2, 0],
    [5, 1],
    [2, 2],
    [1, 3],
  ]);
  if (rounds === 0) tags.push('body:sample');
  for (let round = 0; round < rounds; round++) {
    const objects: Array<Record<string, unknown>> = [];
    const collect = (value: unknown) => {
      if (value instanceof Raw || value === null || typeof value !== 'object') return;
      if (!Array.isArray(value)) objects.push(value as Record<string, unknown>);
      for (const v of Object.values(value)) collect(v);
    };
    collect(body);
    const target = objects.length > 0 ? rng.pick(objects) : null;
    const keys = target ? Object.keys(target) : [];
    const op = rng.weighted<string>([
      [6, 'set'],
      [2, 'drop'],
      [2, 'add'],
      [1, 'wrap'],
      [1.5, 'root'],
    ]);
    if (op === 'root' || !target) {
      body = rng.pick<unknown>([[], null, 'text', 1, true, [sample], nastyValue(rng)]);
      tags.push('body:root');
    } else if (op === 'set' && keys.length > 0) {
      const key = rng.pick(keys);
      setOwn(target, key, nastyLike(rng, target[key]));
      tags.push('body:field');
    } else if (op === 'drop' && keys.length > 0) {
      delete target[rng.pick(keys)];
      tags.push('body:drop');
    } else if (op === 'wrap' && keys.length > 0) {
      const key = rng.pick(keys);
      const value = target[key];
      setOwn(target, key, Array.isArray(value) ? Object.fromEntries(value.map((v, i) => [String(i), v])) : [value]);
      tags.push('body:wrap');
    } else {
      setOwn(target, rng.pick(EXTRA_KEYS), rng.chance(0.5) ? nastyValue(rng) : rng.pick<unknown>([1, 'x', [], {}, [1, 2]]));
      tags.push('body:extra');
    }
  }
  tags.push(...rawTags(body));
  return body;
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  '[1,2',
  'undefined',
  'NaN',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":01}',
  '{"a":"\\x41"}',
  '{"a":"\\ud800"}',
  '{"a":1}{"b":2}',
  '\u0000',
  '"unterminated',
  '{"a":1 /* comment */}',
  '  ',
  'null',
  '"just a string"',
  '12',
  'true',
];

const boundary = '----fuzzboundary';
const part = (name: string, content: string | Buffer, file?: { filename: string; type: string }) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file.filename}"` : ''}\r\n` +
        (file ? `Content-Type: ${file.type}\r\n` : '') +
        '\r\n',
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from('\r\n'),
  ]);
const end = Buffer.from(`--${boundary}--\r\n`);

/** Multipart bodies: a real upload, its near misses, and garbage. */
function multipart(rng: Rng, tags: string[]): { body: Buffer; type: string } {
  const type = `multipart/form-data; boundary=${boundary}`;
  const png = Buffer.from(PNG_1X1);
  const variant = rng.weighted<string>([
    [4, 'png'],
    [2, 'png+caption'],
    [1, 'text-as-png'],
    [1, 'wrong-field'],
    [1, 'two-files'],
    [1, 'no-file'],
    [1, 'empty-file'],
    [0.3, 'too-large'],
    [1, 'truncated'],
    [1, 'garbage'],
    [1, 'no-boundary'],
    [1, 'odd-filename'],
  ]);
  tags.push(`multipart:${variant}`);
  const file = (content: Buffer, filename = 'x.png', fileType = 'image/png', name = 'file') =>
    part(name, content, { filename, type: fileType });
  switch (variant) {
    case 'png':
      return { body: Buffer.concat([file(png), end]), type };
    case 'png+caption':
      return { body: Buffer.concat([part('caption', String(nastyValue(rng))), file(png), end]), type };
    case 'text-as-png':
      return { body: Buffer.concat([file(Buffer.from('not an image at all'), 'x.png'), end]), type };
    case 'wrong-field':
      return { body: Buffer.concat([file(png, 'x.png', 'image/png', 'files[]'), end]), type };
    case 'two-files':
      return { body: Buffer.concat([file(png), file(png), end]), type };
    case 'no-file':
      return { body: Buffer.concat([part('caption', 'no file'), end]), type };
    case 'empty-file':
      return { body: Buffer.concat([file(Buffer.alloc(0)), end]), type };
    case 'too-large':
      return { body: Buffer.concat([file(Buffer.concat([png, Buffer.alloc(1_100_000)])), end]), type };
    case 'truncated':
      return { body: Buffer.concat([file(png)]).subarray(0, 60), type };
    case 'garbage':
      return { body: Buffer.from('\u0000\u00ff garbage --fuzzboundary\r\n\r\n--'), type };
    case 'no-boundary':
      return { body: Buffer.concat([file(png), end]), type: 'multipart/form-data' };
    default:
      return {
        body: Buffer.concat([file(png, rng.pick(['../../etc/passwd.png', 'a\u0000b.png', 'ü🙂.png', '.png', 'x'.repeat(2000)])), end]),
        type,
      };
  }
}

/** A JSON or raw body with the content type it claims (or a wrong one). */
export function requestBody(
  rng: Rng,
  world: World,
  method: string,
  route: RouteTarget,
  tags: string[],
): { body?: Buffer; type?: string; encoding?: string } {
  const isUpload = route.path.endsWith('/media') && method === 'POST';
  if (isUpload && rng.chance(0.7)) {
    const { body, type } = multipart(rng, tags);
    return { body, type };
  }
  const kind = rng.weighted<string>([
    [14, 'json'],
    [2, 'malformed'],
    [2, 'wrong-type'],
    [1, 'form'],
    [1, 'multipart'],
    [1, 'encoding'],
    [1, 'bytes'],
    [1, 'empty'],
    [0.3, 'deep'],
    [0.05, 'huge'],
  ]);
  tags.push(`body:${kind}`);
  const json = () => toJsonText(mutate(rng, sampleBody(method, route.path, rng, world), tags));
  switch (kind) {
    case 'json':
      return {
        body: Buffer.from(json()),
        type: rng.chance(0.9)
          ? 'application/json'
          : rng.pick(['application/json; charset=utf-8', 'application/vnd.api+json', 'APPLICATION/JSON']),
      };
    case 'malformed':
      return { body: Buffer.from(rng.pick(MALFORMED_JSON)), type: 'application/json' };
    case 'wrong-type':
      return {
        body: Buffer.from(json()),
        type: rng.pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'application/json; charset=utf-16',
          'application/json; charset=latin1',
          'application/json; charset=nope',
          '*/*',
          'json',
          ';;;',
          '',
        ]),
      };
    case 'form':
      return {
        body: Buffer.from(
          rng.pick([
            'a=1&b[c]=2&b[c]=3',
            'grant_type=password&username=x&password=y',
            'values[x][]=1&title=%E0%A4%A',
            '%%%',
            'a'.repeat(20_000),
          ]),
        ),
        type: 'application/x-www-form-urlencoded',
      };
    case 'multipart':
      return multipart(rng, tags);
    case 'encoding': {
      const text = json();
      return rng.pick([
        { body: gzipSync(text), type: 'application/json', encoding: 'gzip' },
        { body: Buffer.from(text), type: 'application/json', encoding: 'gzip' },
        { body: Buffer.from(text), type: 'application/json', encoding: 'br' },
        { body: Buffer.from(text), type: 'application/json', encoding: 'compress' },
        { body: Buffer.from(text), type: 'application/json', encoding: 'gzip, identity' },
      ]);
    }
    case 'bytes':
      return {
        body: rng.pick([
          Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
          Buffer.from('\ufeff{"a":1}'),
          Buffer.from([0xc3, 0x28]),
          Buffer.from('{"a":"\u0000"}'),
        ]),
        type: 'application/json',
      };
    case 'empty':
      return { body: Buffer.alloc(0), type: rng.pick(['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded']) };
    case 'deep': {
      const deep = rng.pick([deepArray(20_000), deepObject(20_000)]);
      tags.push(deep.tag);
      return { body: Buffer.from(deep.text), type: 'application/json' };
    }
    default:
      return { body: Buffer.from(`{"a":"${'a'.repeat(3 * 1024 * 1024)}"}`), type: 'application/json' };
  }
}
