import type { Rng } from './rng';
import type { RouteTarget } from './routes';
import { requestBody } from './bodies';
import { sampleQuery } from './samples';
import type { Identity, World } from './seed';
import { NASTY_PARAMS, QUERY_KEYS, QUERY_VALUES } from './values';

/** One request as it goes on the wire, and what was odd about it (for grouping and reports). */
export type FuzzRequest = {
  index: number;
  method: string;
  /** Path and query, encoded as sent. */
  path: string;
  route: RouteTarget;
  identity: string;
  headers: Record<string, string>;
  body?: Buffer;
  tags: string[];
};

const STANDARD_OTHER_METHODS = [
  'PATCH',
  'PUT',
  'POST',
  'DELETE',
  'GET',
  'TRACE',
  'PROPFIND',
  'SEARCH',
  'LOCK',
  'MKCOL',
  'COPY',
  'PURGE',
  'QUERY',
];
/** Tokens Node's HTTP parser does not know: it answers them itself, before Express. */
const UNKNOWN_METHODS = ['FOO', 'BREW', 'get'];

/** Destructive requests aim at spare rows, so the identities and the main survey survive the run. */
function pathParam(rng: Rng, world: World, segment: string, destructive: boolean, tags: string[]): string {
  if (rng.chance(0.15)) {
    tags.push('param:nasty');
    return rng.pick(NASTY_PARAMS);
  }
  if (segment === 'config')
    return rng.pick(['site', 'map', 'features', 'deployment_id', 'data-provider', 'twitter', 'gmail', 'test', 'nope']);
  if (segment === 'geojson' || segment === ':z' || segment === ':x') return String(rng.int(0, 8));
  if (segment === 'assets') return rng.pick([...world.assets, 'missing.js', '..%2Findex.html']);
  const pool = destructive ? world.expendable[segment] : world.ids[segment];
  if (!pool || pool.length === 0) return String(rng.int(1, 40));
  return String(rng.pick(pool));
}

/** Fills `:params` (and `*key`) of a route pattern, keeping nested ids consistent most of the time. */
function fillPath(rng: Rng, world: World, pattern: string, method: string, tags: string[]): string {
  const parts = pattern.split('/');
  const destructive = method === 'DELETE' || (method === 'PUT' && /\/(users|roles)\/:id$/.test(pattern));
  const params = parts.flatMap((part, i) => (part.startsWith(':') ? [{ i, segment: parts[i - 1] ?? '' }] : []));
  if (params.length === 2 && !destructive) {
    const key = `${params[0]!.segment}/${params[1]!.segment}`;
    const known = world.pairs[key];
    if (known && rng.chance(0.7)) {
      const [a, b] = rng.pick(known);
      parts[params[0]!.i] = String(a);
      parts[params[1]!.i] = String(b);
    }
  }
  for (const { i, segment } of params) {
    if (parts[i]!.startsWith(':')) {
      const name = parts[i]!;
      parts[i] =
        name === ':user_id' && rng.chance(0.2)
          ? 'me'
          : pathParam(rng, world, name === ':x' || name === ':y' ? ':x' : segment, destructive, tags);
    }
  }
  const filled = parts.join('/');
  if (!filled.includes('*key')) return filled;
  return rng.chance(0.7) && world.mediaFiles.length > 0 ? rng.pick(world.mediaFiles) : `/media/files/${rng.pick(NASTY_PARAMS)}`;
}

/** A route's own valid query (one of its values made wrong, at times), plus random parameters. */
function queryString(rng: Rng, world: World, route: RouteTarget, tags: string[]): string {
  const sample = rng.chance(0.6) ? sampleQuery(route.path, rng, world) : undefined;
  const pairs: string[] = sample ? sample.split('&') : [];
  if (sample && rng.chance(0.5)) {
    const i = rng.int(0, pairs.length - 1);
    pairs[i] = `${pairs[i]!.split('=')[0]}=${rng.pick(QUERY_VALUES)}`;
    tags.push('query:sample-value');
  } else if (sample) tags.push('query:sample');
  if (rng.chance(sample ? 0.7 : 0.45)) return pairs.length > 0 ? `?${pairs.join('&')}` : '';
  const count = rng.weighted([
    [10, 1],
    [6, 2],
    [3, 4],
    [0.2, 1200],
  ]);
  if (count > 100) {
    // Many short parameters, so the query parser's limits are reached before the parser's 16 KB head limit.
    tags.push('query:many');
    const many = Array.from({ length: count }, (_, i) => `${rng.pick(['status[]', 'tags[]', 'form', 'x'])}=${i % 10}`);
    return `?${[...pairs, ...many].join('&')}`;
  }
  for (let i = 0; i < count; i++) {
    const key = rng.pick(QUERY_KEYS);
    const value = () => rng.pick(QUERY_VALUES);
    pairs.push(
      rng.weighted<() => string>([
        [10, () => `${key}=${value()}`],
        [3, () => `${key}[]=${value()}&${key}[]=${value()}`],
        [2, () => `${key}=${value()}&${key}=${value()}`],
        [2, () => `${key}[${rng.pick(['any', 'all', 'a', '0', 'key'])}]=${value()}`],
        [1, () => `${key}[a][b][c][d][e][f][g]=${value()}`],
        [1, () => `${key}[0]=${value()}&${key}[1001]=${value()}`],
        [1, () => key],
        [1, () => `${key}[]=`],
        [1, () => rng.pick(['[]=1', `${key}[=1`, `${key}]=1`, '=', '&&', `${key}=%`, `${key}[values][${key}][]=1`])],
      ])(),
    );
  }
  return `?${pairs.join('&')}`;
}

/** Callers who get past authentication reach more code: they are asked to send more. */
const IDENTITY_WEIGHTS: Record<string, number> = { admin: 4, manager: 3, member: 3, client: 2, anonymous: 2, 'narrow-scope': 1 };

function authorization(rng: Rng, world: World, tags: string[], sweep?: Identity): { identity: string; header?: string } {
  const identity = sweep ?? rng.weighted(world.identities.map((i) => [IDENTITY_WEIGHTS[i.name] ?? 0.5, i] as const));
  if (!rng.chance(0.06)) return { identity: identity.name, header: identity.authorization };
  tags.push('auth:broken');
  const token = identity.authorization?.slice('Bearer '.length) ?? 'x';
  return {
    identity: identity.name,
    header: rng.pick([
      'Bearer',
      'Bearer ',
      `Bearer ${token}x`,
      `bearer ${token}`,
      `Bearer ${token} extra`,
      'Basic YWRtaW46YWRtaW4=',
      'Token abc',
      `Bearer ${'x'.repeat(4000)}`,
      'Bearer %00',
      'Bearer null',
    ]),
  };
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
type Target = { route: RouteTarget; method: string | null };
const targetsOf = new WeakMap<RouteTarget[], Array<readonly [number, Target]>>();

/**
 * Each route with each of its own methods, writes weighted up (that is where bodies, and most of
 * the code, are), plus a share of methods the route does not serve. Paths outside the route table
 * (static pages, other API versions) get a smaller share.
 */
function targets(routes: RouteTarget[]): Array<readonly [number, Target]> {
  let list = targetsOf.get(routes);
  if (list) return list;
  list = routes.flatMap((route) => {
    const own = route.methods.filter((m) => m !== '*' && m !== 'HEAD' && m !== 'OPTIONS');
    const scale = route.routed ? 1 : 0.3;
    const served = own.length > 0 ? own : ['GET', 'POST', 'PUT', 'DELETE'];
    return [
      ...served.map((method) => [(WRITES.has(method) ? 4 : 1) * scale, { route, method }] as const),
      [0.8 * scale, { route, method: null }] as const,
    ];
  });
  targetsOf.set(routes, list);
  return list;
}

function otherMethod(rng: Rng, route: RouteTarget, tags: string[]): string {
  return rng.weighted<() => string>([
    [2, () => (route.methods.includes('GET') ? 'HEAD' : 'OPTIONS')],
    [2, () => 'OPTIONS'],
    [3, () => rng.pick(STANDARD_OTHER_METHODS)],
    [0.5, () => (tags.push('method:unknown'), rng.pick(UNKNOWN_METHODS))],
  ])();
}

/**
 * Builds request `index` of a run; the same seed and index always give the same request. The first
 * requests of a run sweep every route and method with every identity, once each, so that a run
 * long enough covers them all whatever the dice say; the rest are drawn by weight.
 */
export function buildRequest(rng: Rng, index: number, routes: RouteTarget[], world: World): FuzzRequest {
  const tags: string[] = [];
  const all = targets(routes);
  const identities = world.identities.length;
  const swept =
    index < all.length * identities
      ? { target: all[Math.floor(index / identities)]![1], identity: world.identities[index % identities] }
      : null;
  const { route, method: own } = swept?.target ?? rng.weighted(all);
  const method = own ?? otherMethod(rng, route, tags);
  let path = fillPath(rng, world, route.path, method, tags);
  if (route.kind === 'socket')
    path = `/socket.io/${rng.pick(['', '?EIO=4&transport=polling', '?EIO=3&transport=polling', '?EIO=4&transport=websocket', '?EIO=4&transport=polling&sid=nope', '?EIO=9'])}`;
  else path += queryString(rng, world, route, tags);
  if (rng.chance(0.03)) path = path.replace(/(\/[^/?]+)(\?|$)/, '$1/$2');

  const { identity, header } = authorization(rng, world, tags, swept?.identity);
  // Pages are asked for as browsers do, the API as its clients do.
  const accept = route.kind === 'root' && rng.chance(0.7) ? 'text/html,application/xhtml+xml,*/*;q=0.8' : 'application/json';
  const headers: Record<string, string> = { 'X-Request-Id': `fuzz-${index}`, Accept: accept };
  if (header !== undefined) headers.Authorization = header;
  if (rng.chance(0.1))
    headers.Accept = rng.pick(['text/html', '*/*', 'application/xml', 'text/html,application/xhtml+xml', '', 'garbage/;;']);
  if (rng.chance(0.05)) headers['Accept-Language'] = rng.pick(['xx', '*', 'en-US;q=abc', 'a'.repeat(500), 'fr, de;q=0.5']);
  if (rng.chance(0.05)) headers.Origin = rng.pick(['http://evil.example', 'null', 'https://client.example']);
  if (method === 'OPTIONS' && rng.chance(0.5)) {
    headers.Origin = 'https://client.example';
    headers['Access-Control-Request-Method'] = rng.pick(['POST', 'PUT', 'DELETE', 'FOO']);
    headers['Access-Control-Request-Headers'] = 'authorization, content-type';
  }
  if (rng.chance(0.02)) headers.Range = rng.pick(['bytes=999999-', 'bytes=0-0', 'bytes=x', 'bytes=5-1']);
  if (rng.chance(0.02)) headers['X-HTTP-Method-Override'] = 'DELETE';

  let body: Buffer | undefined;
  const sendsBody = WRITES.has(method) ? rng.chance(0.92) : rng.chance(0.05);
  if (sendsBody) {
    const made = requestBody(rng, world, method, route, tags);
    body = made.body;
    if (made.type) headers['Content-Type'] = made.type;
    if (made.encoding) headers['Content-Encoding'] = made.encoding;
  }
  return { index, method, path, route, identity, headers, body, tags };
}
