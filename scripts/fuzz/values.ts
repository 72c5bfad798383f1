import type { Rng } from './rng';

/** JSON text written as is: numbers and shapes `JSON.stringify` cannot make (`1e309`, `-0`, 5,000 levels). */
export class Raw {
  constructor(
    readonly text: string,
    readonly tag: string,
  ) {}
}

/** `JSON.stringify` that writes `Raw` leaves verbatim. */
export function toJsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** Tags of every Raw leaf, so a failure says what was odd about its body. */
export function rawTags(value: unknown, out: string[] = []): string[] {
  if (value instanceof Raw) out.push(value.tag);
  else if (Array.isArray(value)) for (const v of value) rawTags(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) rawTags(v, out);
  return out;
}

export const deepArray = (depth: number) => new Raw('['.repeat(depth) + ']'.repeat(depth), `deep-nesting:${depth}`);
export const deepObject = (depth: number) => new Raw('{"a":'.repeat(depth) + '1' + '}'.repeat(depth), `deep-nesting:${depth}`);

export const NUMBERS: unknown[] = [
  -1,
  0,
  1.5,
  2147483647,
  4294967296,
  -2147483649,
  1e21,
  new Raw('2147483648', 'int-out-of-range'),
  new Raw('1e309', 'number-overflow'),
  new Raw('-1e309', 'number-overflow'),
  new Raw('9007199254740993', 'unsafe-integer'),
  new Raw('123456789012345678901234567890', 'unsafe-integer'),
  new Raw('1e-400', 'number-underflow'),
  new Raw('-0', 'negative-zero'),
];

/** Just past what the database's integer columns hold, and past what a double holds exactly. */
const EDGE_INTEGERS: unknown[] = [
  new Raw('2147483648', 'int-out-of-range'),
  new Raw('-2147483649', 'int-out-of-range'),
  new Raw('9223372036854775808', 'int-out-of-range'),
  '2147483648',
  4294967296,
  new Raw('9007199254740993', 'unsafe-integer'),
];

export const STRINGS: string[] = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '2147483648',
  '1e309',
  '9999999999999999999999',
  '1.5',
  'null',
  'true',
  'undefined',
  'me',
  'none',
  'all',
  'admin',
  'user',
  'published',
  'draft',
  'x',
  'ab',
  'a'.repeat(151),
  'a'.repeat(256),
  'a'.repeat(5000),
  'x\u0000y',
  '\u0000',
  '\ud83d\udca9 \u202eevil',
  '\ud800',
  'e\u0301\u0301\u0301',
  '\uFEFFbom',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00%ff',
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  'javascript:alert(1)',
  'https://example.org/x',
  'http://127.0.0.1:1/',
  '2024-13-45',
  '2024-02-30',
  '0000-00-00 00:00:00',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-19T00:00:00Z',
  '1970-01-01',
  '#zzzzzz',
  'a@b',
  `${'x'.repeat(70)}@${'y'.repeat(200)}.org`,
  'fuzz@example.org',
  '\n\r\t',
  '\\',
  '"',
  '{"a":1}',
  '[1,2]',
  '__proto__',
  'constructor',
  ' 1 ',
  '1,2,3',
  '0x1F',
  'Etc/Unknown',
  'n/j/Y',
];

/** A value a well-behaved client would never send. */
export function nastyValue(rng: Rng, depth = 0): unknown {
  return rng.weighted<() => unknown>([
    [5, () => rng.pick(NUMBERS)],
    [8, () => rng.pick(STRINGS)],
    [1, () => 'a'.repeat(rng.pick([70_000, 300_000]))],
    [2, () => rng.pick([true, false, null])],
    [3, () => rng.pick<unknown>([[], {}, [null], [[]], [{}], [1, 'a', null], { id: 1 }])],
    [1, () => (depth < 2 ? [nastyValue(rng, depth + 1), nastyValue(rng, depth + 1)] : [])],
    [1, () => (depth < 2 ? { id: nastyValue(rng, depth + 1), value: nastyValue(rng, depth + 1) } : {})],
    [1, () => new Raw('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}', 'proto-keys')],
    [1, () => rng.pick([deepArray(rng.pick([64, 1000, 5000])), deepObject(rng.pick([64, 1000, 5000]))])],
    [0.3, () => new Raw(`[${'0,'.repeat(20_000)}0]`, 'big-array')],
    [0.3, () => new Raw(`{${Array.from({ length: 5000 }, (_, i) => `"k${i}":${i}`).join(',')}}`, 'many-keys')],
  ])();
}

/**
 * A wrong value shaped after the right one: a number for a number (out of range, overflowing), a
 * string for a string, deep nesting or a list for an object. Such near misses get past the first
 * checks and reach the code that trusted them.
 */
export function nastyLike(rng: Rng, current: unknown): unknown {
  if (rng.chance(0.25)) return nastyValue(rng);
  if (typeof current === 'number') return rng.chance(0.5) ? rng.pick(EDGE_INTEGERS) : rng.pick(NUMBERS);
  if (typeof current === 'string') return rng.pick(STRINGS);
  if (typeof current === 'boolean') return rng.pick<unknown>(['true', 'yes', 1, 0, null, [], {}]);
  if (Array.isArray(current)) {
    if (current.length > 0 && rng.chance(0.5)) return current.map((item, i) => (i === 0 ? nastyLike(rng, item) : item));
    return rng.chance(0.3) ? deepArray(rng.pick([64, 1000, 5000])) : rng.pick<unknown>([{}, 'a,b', [[]], [null], [current]]);
  }
  if (current !== null && typeof current === 'object')
    return rng.chance(0.4)
      ? rng.pick([deepObject(rng.pick([64, 1000, 5000])), deepArray(rng.pick([1000, 5000]))])
      : rng.pick<unknown>([[], 'text', 1, null]);
  return nastyValue(rng);
}

/** Path parameters that are not ids. Percent sequences are sent as written (some are broken on purpose). */
export const NASTY_PARAMS = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  '1e309',
  '1.5',
  '01',
  '+1',
  '1%20',
  'NaN',
  'null',
  'abc',
  'me',
  '%00',
  '%E0%A4%A',
  '%',
  '%2F',
  '..',
  '%2e%2e',
  '%F0%9F%92%A9',
  '__proto__',
  'constructor',
  '1,2',
  '[]',
  "1'",
  'a'.repeat(3000),
];

/** Query values, written as they go on the wire (already encoded, some broken on purpose). */
export const QUERY_VALUES = [
  '1',
  '2',
  '3',
  '-1',
  '0',
  '20',
  '2147483648',
  '99999999999999999999',
  '1e309',
  'NaN',
  'abc',
  '',
  'me',
  'none',
  'all',
  'published',
  'draft,archived',
  'asc',
  'desc',
  'created',
  'id',
  'title',
  'post_date',
  'priority',
  'realname',
  'DROP%20TABLE',
  '2024-01-01',
  '2024-13-99',
  '1,2,3',
  '-180,-90,180,90',
  '10,20,30,40,50',
  '1e309,1,1,1',
  '1.5',
  'true',
  'false',
  'jsonp',
  'fn',
  'alert(1)',
  'a'.repeat(300),
  'a'.repeat(5000),
  '%00',
  '%FF',
  '%E0%A4%A',
  '%',
  '%%',
  '+',
  '%2C',
  '%F0%9F%92%A9',
  '%5B%5D',
  'map',
  'polling',
  'websocket',
  '4',
];

/** Every query parameter some route reads, and some nobody reads (unknown ones must be ignored). */
export const QUERY_KEYS = [
  'limit',
  'offset',
  'order',
  'orderby',
  'q',
  'status',
  'form',
  'tags',
  'set',
  'user',
  'user_id',
  'source',
  'created_after',
  'created_before',
  'updated_after',
  'updated_before',
  'date_after',
  'date_before',
  'created_before_by_id',
  'created_after_by_id',
  'bbox',
  'center_point',
  'within_km',
  'has_location',
  'published_to',
  'post_id',
  'values',
  'type',
  'locale',
  'slug',
  'parent',
  'parent_id',
  'include_types',
  'include_attributes',
  'group_by',
  'group_by_attribute_key',
  'group_by_tags',
  'timeline',
  'timeline_interval',
  'timeline_attribute',
  'include_unmapped',
  'zoom',
  'groups',
  'format',
  'callback',
  'postStatus',
  'featured',
  'editableBy',
  'role',
  'email',
  'level',
  'tag',
  'label',
  'key',
  'input',
  'form_id',
  'disabled',
  'targeted_survey',
  'contact',
  'config_key',
  'country_code',
  'dial_code',
  'data_source',
  'name',
  'access_token',
  'EIO',
  'transport',
  'sid',
  'ignore403',
  'current_stage',
  'order_unlocked_on_top',
  '__proto__',
  'constructor',
  'hasOwnProperty',
];
