import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client';
import { fitClusters } from './cluster-fit';
import { cameraBounds, fitCamera } from './fit-camera';

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

const params = (url: string) => new URL(url, 'http://x').searchParams;

describe('the clusters a map fits itself to', () => {
  it('asks for the whole world at the opening zoom, and stops there without posts or without room', async () => {
    const { client, urls } = api();
    const query = { form: [3], status: ['published'] };
    await expect(fitClusters(client, query, { zoom: 7, minZoom: 7, size: { width: 800, height: 600 } })).resolves.toEqual(world);
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain('/api/v3/posts/clusters?');
    expect(params(urls[0]!).get('zoom')).toBe('7');
    expect(params(urls[0]!).get('form[]')).toBe('3');
    expect(urls[0]).not.toContain('bbox');

    const located = { type: 'FeatureCollection', total: 3, bbox: [30, -5, 40, 5], features: [cluster(3, 5)] };
    const unsized = api(() => located);
    await expect(fitClusters(unsized.client, query, { zoom: 2, minZoom: 2 })).resolves.toEqual(located);
    await expect(fitClusters(unsized.client, query, { zoom: 2, minZoom: 2, size: { width: 0, height: 0 } })).resolves.toEqual(located);
    expect(unsized.urls).toHaveLength(2);
  });

  it("then asks for the view a map of its size fitted to the posts' bbox shows, and keeps the world's bbox", async () => {
    const bbox = [29.5, -4.8, 41.9, 4.6];
    const fitted = { type: 'FeatureCollection', total: 30, bbox: [30, -4, 41, 4], features: [cluster(20, 9), cluster(10, 9)] };
    const { client, urls } = api((zoom) =>
      zoom === 2 ? { type: 'FeatureCollection', total: 30, bbox, features: [cluster(30, 4)] } : fitted,
    );
    const size = { width: 1000, height: 700 };
    await expect(fitClusters(client, { form: [5] }, { zoom: 2, minZoom: 2, size })).resolves.toEqual({ ...fitted, bbox });

    const camera = fitCamera([29.5, -4.8, 41.9, 4.6], size, { padding: 60, minZoom: 2, maxZoom: 15 });
    const view = cameraBounds(camera, size).map((n) => String(Math.round(n * 1e5) / 1e5));
    expect(urls).toHaveLength(2);
    expect(params(urls[1]!).get('zoom')).toBe(String(Math.floor(camera.zoom)));
    expect(params(urls[1]!).get('bbox')).toBe(view.join(','));
    expect(params(urls[1]!).get('form[]')).toBe('5');
  });

  it('fits one place at the highest zoom a fitted map may reach', async () => {
    const { client, urls } = api((zoom) => ({
      type: 'FeatureCollection',
      total: 2,
      bbox: [36.8, -1.3, 36.8, -1.3],
      features: [cluster(2, zoom + 1)],
    }));
    await fitClusters(client, { form: [6] }, { zoom: 2, minZoom: 2, size: { width: 400, height: 300 } });
    expect(urls.map((url) => params(url).get('zoom'))).toEqual(['2', '15']);
  });
});
