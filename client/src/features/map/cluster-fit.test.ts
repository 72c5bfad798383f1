import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client';
import { fitClusters } from './cluster-fit';

const answer = { type: 'FeatureCollection', total: 0, features: [] };

function api() {
  const urls: URLSearchParams[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://x');
    expect(url.pathname).toBe('/api/v3/posts/clusters');
    urls.push(url.searchParams);
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return { client: createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch }), urls };
}

describe('the clusters a map fits itself to', () => {
  it("asks once, for the view a map of its size opens at, from its lowest zoom up, under the list's filters", async () => {
    const { client, urls } = api();
    await expect(
      fitClusters(client, { form: [5], status: ['published'] }, { minZoom: 2, size: { width: 979.6, height: 526 } }),
    ).resolves.toEqual(answer);
    expect(urls).toHaveLength(1);
    expect(urls[0]!.get('fit')).toBe('980,526');
    expect(urls[0]!.get('zoom')).toBe('2');
    expect(urls[0]!.getAll('form[]')).toEqual(['5']);
    expect(urls[0]!.has('bbox')).toBe(false);
  });

  it('asks for the whole world at its lowest zoom while the map has no room', async () => {
    const { client, urls } = api();
    await fitClusters(client, {}, { minZoom: 7 });
    await fitClusters(client, {}, { minZoom: 3, size: { width: 0, height: 0 } });
    expect(urls.map((params) => [params.get('zoom'), params.has('fit'), params.has('bbox')])).toEqual([
      ['7', false, false],
      ['3', false, false],
    ]);
  });
});
