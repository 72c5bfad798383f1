import type { Post, TotalCountKind } from '@platform/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberSession, renderWithApp, type FakeRequest } from '../../test/harness';
import { readPostPage } from './post-list-state';
import { PostTimeline } from './PostTimeline';
import { usePostList } from './usePostList';

/** A server that answers at most `cap` posts per request, as `GET /posts` does (API-CONTRACT 8.4). */
function cappedServer(count: number, cap: number, totalKind: TotalCountKind = 'exact') {
  const asked: Array<[number, number]> = [];
  const read = async (offset: number, limit: number) => {
    asked.push([offset, limit]);
    const end = Math.min(count, offset + Math.min(limit, cap));
    const results = Array.from({ length: Math.max(0, end - offset) }, (_, i) => ({ id: offset + i + 1 }) as Post);
    return { results, total_count: count, total_count_kind: totalKind };
  };
  return { read, asked };
}

const ids = (posts: Post[]) => posts.map((p) => p.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('pages larger than the server answers at once (spec 2 section 9: 50 posts)', () => {
  it('reads 50 posts as slices of 20, 20 and 10 and joins them in order', async () => {
    const server = cappedServer(120, 20);
    const page = await readPostPage(server.read, 0, 50);
    expect(ids(page.results)).toEqual(range(1, 50));
    expect(page).toMatchObject({ total: 120, totalKind: 'exact', pageFull: true });
    expect(server.asked).toEqual([
      [0, 20],
      [20, 20],
      [40, 10],
    ]);
    const next = await readPostPage(server.read, 50, 50);
    expect(ids(next.results)).toEqual(range(51, 100));
  });

  it('stops at the end of the list, even inside a slice', async () => {
    const server = cappedServer(45, 20);
    const page = await readPostPage(server.read, 0, 50);
    expect(ids(page.results)).toEqual(range(1, 45));
    expect(page.pageFull).toBe(false);
    expect(server.asked).toHaveLength(3);
  });

  it('reads on after a short answer that is not the end (a server capped lower still)', async () => {
    const server = cappedServer(100, 10);
    const page = await readPostPage(server.read, 0, 50);
    expect(ids(page.results)).toEqual(range(1, 50));
    expect(page.pageFull).toBe(true);
  });

  it('ends on an empty answer when a capped total cannot say where the list ends', async () => {
    const server = cappedServer(25, 10, 'at_least');
    const page = await readPostPage(server.read, 0, 50);
    expect(ids(page.results)).toEqual(range(1, 25));
    expect(page).toMatchObject({ totalKind: 'at_least', pageFull: false });
  });

  it("takes the total from the slice that reached the end, not the first slice's estimate", async () => {
    // As the server answers: an estimate while a page is full, the exact count once a page is short.
    const read = async (offset: number, limit: number) => {
      const results = range(offset + 1, Math.min(34, offset + limit)).map((id) => ({ id }) as Post);
      const short = results.length < limit;
      return {
        results,
        total_count: short ? offset + results.length : 33,
        total_count_kind: short ? ('exact' as const) : ('estimate' as const),
      };
    };
    const page = await readPostPage(read, 0, 50);
    expect(page).toMatchObject({ total: 34, totalKind: 'exact', pageFull: false });
  });

  it('keeps a post once when it moved into the next slice while they were read', async () => {
    const read = async (offset: number) => ({
      results: (offset === 0 ? range(1, 20) : range(20, 39)).map((id) => ({ id }) as Post),
      total_count: 60,
      total_count_kind: 'exact' as const,
    });
    const page = await readPostPage(read, 0, 40);
    expect(ids(page.results)).toEqual(range(1, 39));
  });
});

const envelope = (request: FakeRequest, count: number, cap = 20) => {
  const offset = Number(request.query.get('offset') ?? 0);
  const limit = Math.min(Number(request.query.get('limit') ?? 20), cap);
  const results = range(offset + 1, Math.min(count, offset + limit)).map((id) => ({
    id,
    url: `/api/v3/posts/${id}`,
    parent: null,
    form: null,
    user: null,
    message: null,
    contact: null,
    type: 'report',
    title: `Post ${id}`,
    slug: null,
    content: `Content ${id}`,
    status: 'published',
    created: new Date(Date.UTC(2026, 0, 1) - id * 60_000).toISOString(),
    updated: null,
    locale: 'en_US',
    post_date: '2026-01-01T00:00:00+00:00',
    values: {},
    tags: [],
    published_to: [],
    completed_stages: [],
    sets: [],
    lock: null,
    source: null,
    color: null,
    data_source_message_id: null,
    metadata: null,
    base_language: null,
    allowed_privileges: ['read'],
  }));
  const paging = { limit, offset, order: 'desc', orderby: 'created', curr: '', next: '', prev: '' };
  return { body: { count: results.length, results, ...paging, total_count: count } };
};

function DataList() {
  const list = usePostList();
  return <PostTimeline list={list} selectedId={null} />;
}

describe('the data view list at 50 posts per page, for a member capped at 20 per request', () => {
  it('shows 50 posts, then the rest after load more', async () => {
    const { user } = await renderWithApp(<DataList />, {
      route: '/views/data',
      session: memberSession(),
      handlers: {
        'GET /posts': (request) => envelope(request, 70),
        'GET /forms': (request) => envelope(request, 0),
      },
    });
    await waitFor(() => expect(document.querySelectorAll('.post-card')).toHaveLength(20));
    await user.selectOptions(screen.getByLabelText('Posts per page'), '50');
    await waitFor(() => expect(document.querySelectorAll('.post-card')).toHaveLength(50));
    expect(screen.getByRole('status').textContent).toBe('Showing 50 of 70 posts');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(document.querySelectorAll('.post-card')).toHaveLength(70));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('the data view list at 50 posts per page, for a moderator (Manage Posts, capped at 100)', () => {
  it('reads the page in one request', async () => {
    const { user, server } = await renderWithApp(<DataList />, {
      route: '/views/data',
      session: memberSession({ role: 'admin' }),
      handlers: {
        'GET /posts': (request) => envelope(request, 70, 100),
        'GET /forms': (request) => envelope(request, 0),
      },
    });
    await waitFor(() => expect(document.querySelectorAll('.post-card')).toHaveLength(20));
    await user.selectOptions(screen.getByLabelText('Posts per page'), '50');
    await waitFor(() => expect(document.querySelectorAll('.post-card')).toHaveLength(50));
    const limits = server.requests.filter((r) => r.path === '/posts').map((r) => r.query.get('limit'));
    expect(limits.slice(-1)).toEqual(['50']);
    expect(limits.filter((l) => l === '20')).toHaveLength(1);
  });
});
