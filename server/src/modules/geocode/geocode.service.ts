import { GeocodeQuery, GeocodeResultsSchema, type GeocodeResult } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { blockedByPrivacy } from '../../auth/auth';
import type { AppContext } from '../../context';
import { deny, parseBody } from '../../http/errors';
import type { Gazetteer } from './gazetteer';
import { createGazetteerThread } from './gazetteer-thread';

/** How long a configured geocoder may take before the gazetteer answers instead. */
const PROXY_TIMEOUT_MS = 3000;

export type GeocodeService = ReturnType<typeof createGeocodeService>;

/**
 * `GET /geocode` (contracts-extra): a Nominatim-compatible service when `map.geocoder_url` is set,
 * else (and whenever it fails) the offline gazetteer shipped with the app, loaded on first use in
 * its own thread (or the one a test passes in).
 */
export function createGeocodeService(ctx: AppContext, options: { gazetteer?: () => Gazetteer } = {}) {
  let local: Gazetteer | null = null;
  const thread = options.gazetteer ? null : createGazetteerThread();
  const offline = async (q: string, limit: number): Promise<GeocodeResult[]> =>
    thread ? thread.search(q, limit) : (local ??= options.gazetteer!()).search(q, limit);

  async function proxied(base: string, q: string, limit: number): Promise<GeocodeResult[] | null> {
    const url = new URL(`${base.replace(/\/+$/, '')}/search`);
    url.searchParams.set('format', 'json');
    url.searchParams.set('q', q);
    url.searchParams.set('limit', String(limit));
    try {
      const res = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(PROXY_TIMEOUT_MS) });
      if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
      const raw = (await res.json()) as unknown;
      // Nominatim gives lat/lon as strings; some compatible services give numbers.
      const places = Array.isArray(raw)
        ? raw.map((p: Record<string, unknown>) => ({ display_name: p?.display_name, lat: String(p?.lat), lon: String(p?.lon) }))
        : raw;
      return GeocodeResultsSchema.parse(places).slice(0, limit);
    } catch (error) {
      ctx.logger.warn({ err: error, geocoder: url.origin }, 'geocoder failed; answering from the offline gazetteer');
      return null;
    }
  }

  return {
    async search(auth: Auth, query: Record<string, unknown>): Promise<GeocodeResult[]> {
      if (blockedByPrivacy(auth)) deny(auth);
      const { q, limit } = parseBody(GeocodeQuery, query, 'geocode');
      const text = q.trim();
      if (text.length < 2) return [];
      const configured = (await ctx.settings.get('map')).geocoder_url;
      if (typeof configured === 'string' && /^https?:\/\//i.test(configured)) {
        const places = await proxied(configured, text, limit);
        if (places) return places;
      }
      return offline(text, limit);
    },
  };
}
