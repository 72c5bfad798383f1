import type { PushedEvent } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, fullSurvey, makePostCallers, postBody, type FullSurvey, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { connectSocket, type TestSocket } from './helpers/sockets';
import { setPrivate } from './helpers/settings';
import { expectStatus, newAttribute, newForm, newStage } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
let survey: FullSurvey;
let hidden: FullSurvey;

type Caller = 'anonymous' | 'client' | 'author' | 'other' | 'ranger' | 'manager' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'client', 'author', 'other', 'ranger', 'manager', 'admin'];
const tokenOf = (caller: Caller): string | undefined =>
  ({
    anonymous: undefined,
    client: who.client,
    author: who.member.token,
    other: who.other.token,
    ranger: who.ranger.token,
    manager: who.manager.token,
    admin: who.admin,
  })[caller];

const sockets: TestSocket[] = [];
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

beforeAll(async () => {
  server = await startTestServer();
  who = await makePostCallers(server);
  survey = await fullSurvey(server, who.admin);
  hidden = await fullSurvey(server, who.admin, { hide_author: true, hide_location: true, hide_time: true });
});

/** Posts in every state, all by the member ("author"). */
async function postsInEveryState() {
  const draft = await createPost(server, who.member.token, postBody(survey.form.id, { status: 'draft' }));
  const published = await createPost(server, who.member.token, postBody(survey.form.id));
  const archived = await createPost(server, who.admin, postBody(survey.form.id, { status: 'archived', user_id: who.member.id }));
  const restricted = await createPost(server, who.member.token, postBody(survey.form.id, { published_to: [who.rangerRole] }));
  return { draft: draft.id, published: published.id, archived: archived.id, restricted: restricted.id };
}

const READERS: Record<'draft' | 'published' | 'archived' | 'restricted', Caller[]> = {
  draft: ['author', 'manager', 'admin'],
  published: CALLERS,
  archived: ['author', 'manager', 'admin'],
  restricted: ['author', 'ranger', 'manager', 'admin'],
};

describe('who reads which post (API-CONTRACT 8.5)', () => {
  it('applies the read rule to GET /posts/{id}, the list, the single geojson and pushed events alike', async () => {
    const socketOf = {} as Record<Caller, TestSocket>;
    for (const caller of CALLERS) {
      socketOf[caller] = await connectSocket(server.url, { token: tokenOf(caller) });
      sockets.push(socketOf[caller]);
    }
    const posts = await postsInEveryState();
    const marker = await createPost(server, who.member.token, postBody(survey.form.id, { title: 'marker' }));
    for (const caller of CALLERS) await socketOf[caller].waitFor((e) => e.aggregate_id === String(marker.id));

    for (const [state, id] of Object.entries(posts) as Array<[keyof typeof READERS, number]>) {
      for (const caller of CALLERS) {
        const token = tokenOf(caller);
        const may = READERS[state].includes(caller);
        const refusal = token === undefined ? 401 : 403;
        const label = `${caller} on ${state}`;
        expect((await server.api.get(`/posts/${id}`, { token })).status, label).toBe(may ? 200 : refusal);
        expect((await server.api.get(`/posts/${id}/geojson`, { token })).status, label).toBe(may ? 200 : refusal);
        const list = await server.api.get(`/posts?status=all&form=${survey.form.id}&limit=100`, { token });
        expectStatus(list, 200);
        expect(
          list.body.results.some((p: { id: number }) => p.id === id),
          label,
        ).toBe(may);
        const pushed = socketOf[caller].events.some((e) => e.type === 'post.created' && e.aggregate_id === String(id));
        expect(pushed, `${label} (push)`).toBe(may);
      }
    }

    // Pushes are thin: ids, version, status and audience, never content.
    const event = socketOf.admin.events.find((e) => e.aggregate_id === String(posts.restricted))!;
    expect(event.payload).toEqual({
      id: posts.restricted,
      version: 1,
      status: 'published',
      form_id: survey.form.id,
      user_id: who.member.id,
      published_to: [who.rangerRole],
    });
    expect(Object.keys(event)).toEqual(['id', 'type', 'aggregate_type', 'aggregate_id', 'actor_id', 'payload', 'created_at']);
  });

  it('tells readers of the old state that a post left their view, and keeps later edits from them', async () => {
    const anonymous = await connectSocket(server.url);
    const author = await connectSocket(server.url, { token: who.member.token });
    sockets.push(anonymous, author);
    const post = await createPost(server, who.member.token, postBody(survey.form.id));
    await anonymous.waitFor((e) => e.aggregate_id === String(post.id) && e.type === 'post.created');
    expectStatus(await server.api.put(`/posts/${post.id}`, { status: 'draft' }, { token: who.manager.token }), 200);
    const [changed] = await anonymous.waitFor((e) => e.aggregate_id === String(post.id) && e.type === 'post.status_changed');
    expect(changed!.payload).toMatchObject({ status: 'draft', previous_status: 'published', version: 2 });
    expectStatus(await server.api.put(`/posts/${post.id}`, { title: 'Quiet edit' }, { token: who.member.token }), 200);
    expectStatus(await server.api.del(`/posts/${post.id}`, { token: who.member.token }), 200);
    await author.waitFor((e) => e.aggregate_id === String(post.id) && e.type === 'post.deleted');
    // Barrier: a public post after the others; the anonymous socket gets events in order.
    const barrier = await createPost(server, who.member.token, postBody(survey.form.id));
    await anonymous.waitFor((e) => e.aggregate_id === String(barrier.id));
    const seen = (s: TestSocket) => s.events.filter((e) => e.aggregate_id === String(post.id)).map((e: PushedEvent) => e.type);
    expect(seen(anonymous)).toEqual(['post.created', 'post.status_changed']);
    expect(seen(author)).toEqual(['post.created', 'post.status_changed', 'post.updated', 'post.deleted']);
  });
});

describe('private deployments', () => {
  it('push no post to anonymous sockets', async () => {
    await setPrivate(server, true);
    try {
      const anonymous = await connectSocket(server.url);
      const client = await connectSocket(server.url, { token: who.client });
      const member = await connectSocket(server.url, { token: who.other.token });
      sockets.push(anonymous, client, member);
      const post = await createPost(server, who.member.token, postBody(survey.form.id));
      await member.waitFor((e) => e.aggregate_id === String(post.id));
      expectStatus(await server.api.put('/config/site', { description: 'barrier' }, { token: who.admin }), 200);
      for (const s of [anonymous, client]) {
        await s.waitFor((e) => e.type === 'config.updated');
        expect(s.events.filter((e) => e.aggregate_type === 'post')).toEqual([]);
      }
    } finally {
      await setPrivate(server, false);
    }
  });
});

describe('what a survey hides (API-CONTRACT 8.2)', () => {
  it('hides the author, rounds locations and zeroes times for callers who are neither author nor manager', async () => {
    const k = hidden.keys;
    const post = await createPost(
      server,
      who.member.token,
      postBody(hidden.form.id, {
        post_date: '2016-05-31 10:20:30',
        values: { [k.point]: [{ lat: 1.23456, lon: 36.98765 }], [k.datetime]: ['2016-05-31 10:20:30'] },
      }),
    );
    const socket = await connectSocket(server.url, { token: who.other.token });
    sockets.push(socket);
    for (const caller of CALLERS) {
      const token = tokenOf(caller);
      const exact = ['author', 'manager', 'admin'].includes(caller);
      const res = await server.api.get(`/posts/${post.id}`, { token });
      expectStatus(res, 200);
      expect(res.body.user, caller).toEqual(exact ? { id: who.member.id, url: `${server.url}/api/v3/users/${who.member.id}` } : null);
      expect(res.body.post_date, caller).toBe(exact ? '2016-05-31T10:20:30+00:00' : '2016-05-31T00:00:00+00:00');
      if (!exact) expect(res.body.created, caller).toMatch(/T00:00:00\+00:00$/);
      expect(res.body.values[k.point], caller).toEqual([exact ? { lat: 1.23456, lon: 36.98765 } : { lat: 1.23, lon: 36.99 }]);
      expect(res.body.values[k.datetime], caller).toEqual([exact ? '2016-05-31 10:20:30' : '2016-05-31 00:00:00']);
      const geo = await server.api.get(`/posts/${post.id}/geojson`, { token });
      expect(geo.body.features[0].geometry.coordinates, caller).toEqual(exact ? [36.98765, 1.23456] : [36.99, 1.23]);
      const list = await server.api.get(`/posts?form=${hidden.form.id}&post_id=${post.id}`, { token });
      expect(list.body.results[0].values[k.point], caller).toEqual(res.body.values[k.point]);
      // A tight box around the exact point finds it only for those who see the exact point.
      const box = await server.api.get(`/posts?post_id=${post.id}&bbox=36.987,1.235,36.988,1.234`, { token });
      expect(box.body.total_count, caller).toBe(exact ? 1 : 0);
    }
    // The push does not name the hidden author either.
    const update = await server.api.put(`/posts/${post.id}`, { title: 'Updated hidden' }, { token: who.member.token });
    expectStatus(update, 200);
    const [event] = await socket.waitFor((e) => e.aggregate_id === String(post.id) && e.type === 'post.updated');
    expect(event!.payload.user_id).toBeNull();
  });

  it('shows private responses to the author and managers, internal tasks to managers only', async () => {
    const k = survey.keys;
    const post = await createPost(
      server,
      who.member.token,
      postBody(survey.form.id, { values: { [k.varchar]: ['public'], [k.secret]: ['+1 555'] } }),
    );
    expectStatus(
      await server.api.put(
        `/posts/${post.id}`,
        { values: { [k.varchar]: ['public'], [k.secret]: ['+1 555'], [k.internal]: ['triaged'] } },
        { token: who.manager.token },
      ),
      200,
    );
    const sees: Record<Caller, string[]> = {
      anonymous: [k.varchar],
      client: [k.varchar],
      author: [k.varchar, k.secret],
      other: [k.varchar],
      ranger: [k.varchar],
      manager: [k.varchar, k.internal, k.secret],
      admin: [k.varchar, k.internal, k.secret],
    };
    for (const caller of CALLERS) {
      const token = tokenOf(caller);
      const res = await server.api.get(`/posts/${post.id}`, { token });
      expect(Object.keys(res.body.values).sort(), caller).toEqual([...sees[caller]].sort());
      const list = await server.api.get(`/posts?post_id=${post.id}`, { token });
      expect(Object.keys(list.body.results[0].values).sort(), caller).toEqual([...sees[caller]].sort());
      // Filtering on a value one cannot see finds nothing.
      const byInternal = await server.api.get(`/posts?post_id=${post.id}&values[${k.internal}]=triaged`, { token });
      expect(byInternal.body.total_count, caller).toBe(['manager', 'admin'].includes(caller) ? 1 : 0);
    }
    // A private location is no point on anyone else's map either.
    const placed = await createPost(
      server,
      who.member.token,
      postBody(survey.form.id, { values: { [k.secretPlace]: [{ lat: 3, lon: 4 }], [k.point]: [{ lat: 5, lon: 6 }] } }),
    );
    const lonely = await createPost(
      server,
      who.member.token,
      postBody(survey.form.id, { values: { [k.secretPlace]: [{ lat: 3, lon: 4 }] } }),
    );
    for (const caller of CALLERS) {
      const token = tokenOf(caller);
      const exact = ['author', 'manager', 'admin'].includes(caller);
      const geo = await server.api.get(`/posts/${placed.id}/geojson`, { token });
      expect(geo.body.features.map((f: { properties: { attribute_key: string } }) => f.properties.attribute_key).sort(), caller).toEqual(
        exact ? [k.point, k.secretPlace].sort() : [k.point],
      );
      const mapped = await server.api.get(`/posts?post_id=${lonely.id}&has_location=mapped`, { token });
      expect(mapped.body.total_count, caller).toBe(exact ? 1 : 0);
      const near = await server.api.get(`/posts/geojson?post_id=${lonely.id}&center_point=3,4&within_km=1`, { token });
      expect(near.body.features.length, caller).toBe(exact ? 1 : 0);
    }
    // The author saves what they were shown: the internal value they never saw stays.
    expectStatus(await server.api.put(`/posts/${post.id}`, { values: { [k.varchar]: ['edited'] } }, { token: who.member.token }), 200);
    const after = await server.api.get(`/posts/${post.id}`, { token: who.manager.token });
    expect(after.body.values).toEqual({ [k.varchar]: ['edited'], [k.internal]: ['triaged'] });
    // And cannot write it either.
    expectStatus(await server.api.put(`/posts/${post.id}`, { values: { [k.internal]: ['forged'] } }, { token: who.member.token }), 200);
    expect((await server.api.get(`/posts/${post.id}`, { token: who.manager.token })).body.values[k.internal]).toEqual(['triaged']);
  });

  it('matches a point of an internal task on published posts only, for their author too', async () => {
    const form = await newForm(server, who.admin, { require_approval: false });
    const main = await newStage(server, who.admin, form.id);
    await newAttribute(server, who.admin, form.id, main.id, { type: 'title', input: 'text', label: 'Title' });
    const triage = await newStage(server, who.admin, form.id, { label: 'Triage', type: 'task', task_is_internal_only: true });
    const checkedAt = (await newAttribute(server, who.admin, form.id, triage.id, { type: 'point', input: 'location', label: 'Checked at' }))
      .key;
    const make = async (status: string) => {
      const post = await createPost(server, who.admin, { ...postBody(form.id), status, values: { [checkedAt]: [{ lat: 7, lon: 8 }] } });
      // The member's own post, as if they had written it and a manager had triaged it.
      await server.ctx.db.updateTable('posts').set({ user_id: who.member.id }).where('id', '=', post.id).execute();
      return post.id;
    };
    const published = await make('published');
    const draft = await make('draft');
    const found = async (token: string | undefined, query: string) => {
      const res = await server.api.get(`/posts?post_id=${published},${draft}&status=published,draft&${query}`, { token });
      expectStatus(res, 200);
      return (res.body.results as Array<{ id: number }>).map((p) => p.id).sort((a, b) => a - b);
    };
    for (const query of ['center_point=7,8&within_km=1', 'bbox=7.9,7.1,8.1,6.9', 'has_location=mapped']) {
      expect(await found(who.member.token, query), `author ${query}`).toEqual([published]);
      expect(await found(who.manager.token, query), `manager ${query}`).toEqual([published, draft].sort((a, b) => a - b));
      expect(await found(undefined, query), `anonymous ${query}`).toEqual([published]);
    }
  });
});
