import { PostListQuery } from '@platform/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCountCache, searchPosts, type PostViewer } from '../../server/src/modules/posts/search';
import { shapeKey } from '../../server/src/modules/posts/search/count-cache';
import { startTestServer, type TestServer } from './helpers/server';

/**
 * A list whose count ran out of its time budget tells later requests of the same kind of search
 * (a radius next to it of about the same size) to answer with the planner's estimate at once.
 */
let server: TestServer & { close: () => Promise<void> };

const visitor: PostViewer = { manager: false, userId: null, role: null, locationPrecision: 2, exactPlaces: true };
const paging = { limit: 5, offset: 0, orderby: 'created', order: 'desc' } as const;
const near = (km: number) => ({ ...PostListQuery.parse({ center_point: '-1.2864,36.8172', within_km: String(km) }), demoLimit: null });

beforeAll(async () => {
  server = await startTestServer();
  await sql`insert into posts (title, content, status, mapped, places)
    select 'Near ' || g, 'near', 'published', true, ST_Multi(ST_SetSRID(ST_MakePoint(36.8172 + g * 0.0001, -1.2864), 4326))
    from generate_series(1, 30) g`.execute(server.ctx.db);
  // 1,600 posts on an even grid filling 0.2 by 0.2 degrees around (0, 20): the box of an 11 km circle.
  await sql`insert into posts (title, content, status, mapped, places)
    select 'Grid', 'grid', 'published', true, ST_Multi(ST_SetSRID(ST_MakePoint(20 - 0.1 + (x + 0.5) * 0.005, -0.1 + (y + 0.5) * 0.005), 4326))
    from generate_series(0, 39) x, generate_series(0, 39) y`.execute(server.ctx.db);
  await sql`analyze posts`.execute(server.ctx.db);
});
afterAll(async () => server?.close());

describe('counts that run out of their budget', () => {
  it('are not tried again for a while for the same kind of search: the estimate answers', async () => {
    // Which counts were tried: each one tried either finishes (`set`) or runs out of its budget.
    const real = createCountCache(server.ctx.reader);
    const tried: string[] = [];
    const cache = {
      ...real,
      set: (...args: Parameters<typeof real.set>) => (tried.push('counted'), real.set(...args)),
      ranOut: (shape: string) => (tried.push('ran out'), real.ranOut(shape)),
    };
    const search = (km: number) =>
      searchPosts(server.ctx.db, near(km), visitor, paging, { mode: 'fast', sessions: server.ctx.lists, cache });

    await search(10);
    expect(tried).toHaveLength(1);

    real.ranOut(shapeKey(near(10), visitor));
    const guessed = await search(10.2);
    expect(tried).toHaveLength(1);
    expect(guessed.rows).toHaveLength(5);
    expect(guessed.totalKind).toBe('estimate');
    expect(guessed.total).toBeGreaterThan(5);

    // Another kind of search is still counted.
    await search(40);
    expect(tried).toHaveLength(2);
  });

  it("are never estimated on a demo site: its search holds only the plan's first posts", async () => {
    const cache = createCountCache(server.ctx.reader);
    const demo = { ...near(10), demoLimit: 25 };
    cache.ranOut(shapeKey(demo, visitor));
    const page = await searchPosts(server.ctx.db, demo, visitor, paging, { mode: 'fast', sessions: server.ctx.lists, cache });
    expect(page.totalKind).toBe('exact');
    expect(page.total).toBe(25);
  });

  it('estimate a radius from the posts its box holds and the part of the box a circle fills', async () => {
    const cache = createCountCache(server.ctx.reader);
    const search = { ...PostListQuery.parse({ center_point: '0,20', within_km: '11' }), demoLimit: null };
    const exact = await searchPosts(server.ctx.db, search, visitor, paging, { mode: 'exact' });
    cache.ranOut(shapeKey(search, visitor));
    const estimated = await searchPosts(server.ctx.db, search, visitor, paging, { mode: 'fast', sessions: server.ctx.lists, cache });
    expect(estimated.totalKind).toBe('estimate');
    // About 1,230 of the 1,600 (π/4); Postgres' own guess for the distance (a third) is about 530.
    expect(exact.total).toBeGreaterThan(1_150);
    expect(estimated.total / exact.total).toBeGreaterThan(0.8);
    expect(estimated.total / exact.total).toBeLessThan(1.25);
  });
});
