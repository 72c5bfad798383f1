import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client';
import { prefetchWorldClusters, takeWorldClusters } from './cluster-prefetch';

const world = { type: 'FeatureCollection', total: 1, features: [] };

function api() {
  const urls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return new Response(JSON.stringify(world), { status: 200, headers: { 'Content-Type': 'application/json' } });
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
});
