import type { Post } from '@platform/shared';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client';
import { listPosts } from '../../api/endpoints/posts';
import { hasMorePosts, initialPostList, postListReducer } from './post-list-state';

const post = (id: number) => ({ id, created: `2026-01-0${(id % 9) + 1}T00:00:00+00:00` }) as Post;
const page = (ids: number[]) => ids.map(post);

describe('post list totals at scale', () => {
  it('offers more posts while an exact total is not reached, and not beyond it', () => {
    const loaded = postListReducer(initialPostList, {
      type: 'loaded',
      results: page([1, 2]),
      total: 3,
      totalKind: 'exact',
      pageFull: true,
      append: false,
    });
    expect(hasMorePosts(loaded)).toBe(true);
    const all = postListReducer(loaded, {
      type: 'loaded',
      results: page([3]),
      total: 3,
      totalKind: 'exact',
      pageFull: false,
      append: true,
    });
    expect(all.posts.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(hasMorePosts(all)).toBe(false);
  });

  it('keeps offering more past a capped or estimated total while pages come back full', () => {
    const capped = postListReducer(initialPostList, {
      type: 'loaded',
      results: page([1, 2]),
      total: 2,
      totalKind: 'at_least',
      pageFull: true,
      append: false,
    });
    expect(capped.totalKind).toBe('at_least');
    expect(hasMorePosts(capped)).toBe(true);
    const last = postListReducer(capped, {
      type: 'loaded',
      results: page([3]),
      total: 3,
      totalKind: 'estimate',
      pageFull: false,
      append: true,
    });
    expect(last.totalKind).toBe('estimate');
    expect(hasMorePosts(last)).toBe(false);
  });

  it('reads how the server counted the total from X-Total-Count-Kind', async () => {
    const body = {
      count: 0,
      results: [],
      limit: 20,
      offset: 0,
      order: 'desc',
      orderby: 'created',
      curr: '',
      next: '',
      prev: '',
      total_count: 10000,
    };
    const answer = (kind: string | null) =>
      vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: kind ? { 'X-Total-Count-Kind': kind } : {} }));
    const capped = await listPosts(createApiClient({ fetch: answer('at_least') as unknown as typeof fetch }), {});
    expect(capped.total_count_kind).toBe('at_least');
    const legacy = await listPosts(createApiClient({ fetch: answer(null) as unknown as typeof fetch }), {});
    expect(legacy.total_count_kind).toBe('exact');
    const odd = await listPosts(createApiClient({ fetch: answer('lots') as unknown as typeof fetch }), {});
    expect(odd.total_count_kind).toBe('exact');
  });
});
