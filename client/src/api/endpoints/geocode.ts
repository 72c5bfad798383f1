import { GeocodeResultsSchema } from '@platform/shared';
import type { ApiClient } from '../client';

export type GeocodedPlace = { name: string; lat: number; lon: number };

/** Place search (contracts-extra `GET /geocode`): Nominatim's shape, lat and lon as strings. */
export async function searchPlaces(api: ApiClient, q: string, signal?: AbortSignal): Promise<GeocodedPlace[]> {
  const results = await api.get('/geocode', GeocodeResultsSchema, { query: { q, limit: 8 }, signal, ignore403: true });
  return results
    .map((r) => ({ name: r.display_name, lat: Number(r.lat), lon: Number(r.lon) }))
    .filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lon));
}
