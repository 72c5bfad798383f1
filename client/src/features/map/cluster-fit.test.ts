import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client';
import { fitClusters } from './cluster-fit';

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

describe('the clusters a map fits itself to', () => {
  it('asks for the whole world at the opening zoom', async () => {
    const { client, urls } = api();
    const query = { form: [3], status: ['published'] };
    await expect(fitClusters(client, query, 7)).resolves.toEqual(world);
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain('/api/v3/posts/clusters?');
    expect(urls[0]).toContain('zoom=7');
    expect(urls[0]).not.toContain('bbox');
  });

  it('looks closer while the world is one cluster, and stops at the zoom a fitted map may reach', async () => {
    const split = { type: 'FeatureCollection', total: 30, features: [cluster(20, 9), cluster(10, 9)] };
    const { client, urls } = api((zoom) =>
      zoom < 6 ? { type: 'FeatureCollection', total: 30, features: [cluster(30, zoom === 2 ? 4 : 6)] } : split,
    );
    await expect(fitClusters(client, { form: [5] }, 2)).resolves.toEqual(split);
    expect(urls.map((url) => new URL(url, 'http://x').searchParams.get('zoom'))).toEqual(['2', '4', '6']);
    expect(urls.every((url) => !url.includes('bbox'))).toBe(true);

    const deep = api(() => ({ type: 'FeatureCollection', total: 2, features: [cluster(2, 20)] }));
    await fitClusters(deep.client, { form: [6] }, 2);
    expect(deep.urls.map((url) => new URL(url, 'http://x').searchParams.get('zoom'))).toEqual(['2', '15']);
  });
});
