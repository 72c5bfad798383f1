import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client';
import { prefetchWorldClusters, takeWorldClusters } from './cluster-prefetch';

const world = { type: 'FeatureCollection', total: 1, features: [] };
const point = (lon: number, lat: number, properties: Record<string, unknown>) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lon, lat] },
  properties,
});
const cluster = (count: number, expansion_zoom: number) => point(36.8, -1.3, { cluster: true, count, expansion_zoom });

function api(answers: (zoom: number) => unknown = () => world) {
  const urls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    urls.push(String(input));
    const zoom = Number(new URL(String(input), 'http://x').searchParams.get('zoom'));
    return new Response(JSON.stringify(answers(zoom)), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return { client: createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch }), urls };
}

describe('world clusters asked for before the map loads', () => {
  it('asks once per filter set for the whole world at the opening zoom, and hands the answer over once', async () => {
    const { client, urls } = api();
    const query = { form: [3], status: ['published'] };
    prefetchWorldClusters(client, query, 7);
    prefetchWorldClusters(client, { ...query }, 7);
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain('/api/v3/posts/clusters?');
    expect(urls[0]).toContain('zoom=7');
    expect(urls[0]).not.toContain('bbox');
    expect(takeWorldClusters({ form: [4], status: ['published'] })).toBeNull();
    await expect(takeWorldClusters(query)).resolves.toEqual(world);
    expect(takeWorldClusters(query)).toBeNull();
  });

  it('looks closer while the world is one cluster, and stops at the zoom a fitted map may reach', async () => {
    const split = { type: 'FeatureCollection', total: 30, features: [cluster(20, 9), cluster(10, 9)] };
    const { client, urls } = api((zoom) =>
      zoom < 6 ? { type: 'FeatureCollection', total: 30, features: [cluster(30, zoom === 2 ? 4 : 6)] } : split,
    );
    prefetchWorldClusters(client, { form: [5] }, 2);
    await expect(takeWorldClusters({ form: [5] })).resolves.toEqual(split);
    expect(urls.map((url) => new URL(url, 'http://x').searchParams.get('zoom'))).toEqual(['2', '4', '6']);
    expect(urls.every((url) => !url.includes('bbox'))).toBe(true);

    const deep = api(() => ({ type: 'FeatureCollection', total: 2, features: [cluster(2, 20)] }));
    prefetchWorldClusters(deep.client, { form: [6] }, 2);
    await takeWorldClusters({ form: [6] });
    expect(deep.urls.map((url) => new URL(url, 'http://x').searchParams.get('zoom'))).toEqual(['2', '15']);
  });
});
