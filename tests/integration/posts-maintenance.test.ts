import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, fullSurvey, makePostCallers, postBody, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { connectSocket, type TestSocket } from './helpers/sockets';
import { expectStatus, newAttribute, newForm, newStage, newTag } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  who = await makePostCallers(server);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

describe('deleting a category (API-CONTRACT 14.2)', () => {
  it('strips it from every post in the same transaction and announces the change', async () => {
    const keep = await newTag(server, who.admin);
    const gone = await newTag(server, who.admin);
    const form = await newForm(server, who.admin, { require_approval: false });
    const stage = await newStage(server, who.admin, form.id);
    const cats = (
      await newAttribute(server, who.admin, form.id, stage.id, { type: 'tags', input: 'tags', label: 'Cats', options: [keep.id, gone.id] })
    ).key;
    const note = (await newAttribute(server, who.admin, form.id, stage.id, { label: 'Note' })).key;
    const both = await createPost(server, who.member.token, postBody(form.id, { values: { [cats]: [keep.id, gone.id], [note]: ['n'] } }));
    const only = await createPost(server, who.member.token, postBody(form.id, { values: { [cats]: [gone.id] } }));
    const socket = await connectSocket(server.url, { token: who.admin });
    sockets.push(socket);

    expectStatus(await server.api.del(`/tags/${gone.id}`, { token: who.admin }), 200);

    const a = (await server.api.get(`/posts/${both.id}`, { token: who.admin })).body;
    expect(a.values).toEqual({ [cats]: [keep.id], [note]: ['n'] });
    expect(a.tags.map((t: { id: number }) => t.id)).toEqual([keep.id]);
    const b = (await server.api.get(`/posts/${only.id}`, { token: who.admin })).body;
    expect(b.values).toEqual({});
    expect(b.tags).toEqual([]);
    const events = await socket.waitFor((e) => e.type === 'post.updated' && [String(both.id), String(only.id)].includes(e.aggregate_id), 2);
    expect(events.map((e) => e.payload.version)).toEqual([2, 2]);
    // The filter no longer finds them by the deleted category.
    expect((await server.api.get(`/posts?tags=${gone.id}`, { token: who.admin })).body.total_count).toBe(0);
  });
});

describe('deleting a survey (API-CONTRACT 7.1)', () => {
  it('deletes its posts and announces each one as deleted to whoever could read it', async () => {
    const survey = await fullSurvey(server, who.admin, { hide_author: true });
    const published = await createPost(server, who.member.token, postBody(survey.form.id));
    const draft = await createPost(server, who.member.token, postBody(survey.form.id, { status: 'draft' }));
    const admin = await connectSocket(server.url, { token: who.admin });
    const anonymous = await connectSocket(server.url);
    sockets.push(admin, anonymous);

    expectStatus(await server.api.del(`/forms/${survey.form.id}`, { token: who.admin }), 200);

    for (const post of [published, draft]) expectStatus(await server.api.get(`/posts/${post.id}`, { token: who.admin }), 404);
    const deleted = await admin.waitFor((e) => e.type === 'post.deleted', 2);
    expect(deleted.map((e) => Number(e.aggregate_id)).sort()).toEqual([published.id, draft.id].sort());
    expect(deleted[0]!.payload).toMatchObject({ form_id: survey.form.id, user_id: null, version: 1 });
    expect(deleted.every((e) => e.actor_id !== null)).toBe(true);
    // Barrier: a config change every socket receives, after the deletes.
    expectStatus(await server.api.put('/config/site', { description: 'after the survey went' }, { token: who.admin }), 200);
    await anonymous.waitFor((e) => e.type === 'config.updated');
    expect(anonymous.events.filter((e) => e.type === 'post.deleted').map((e) => Number(e.aggregate_id))).toEqual([published.id]);
  });
});

describe('GET /forms/{id}/stats counts posts (API-CONTRACT 7.5)', () => {
  it('counts a crowdsourced survey by data source, within the created range', async () => {
    const form = await newForm(server, who.admin, { require_approval: false });
    await newStage(server, who.admin, form.id);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await createPost(server, who.admin, postBody(form.id, { status: i === 5 ? 'draft' : 'published' }))).id);
    const db = server.ctx.db;
    await db.updateTable('posts').set({ source: 'sms' }).where('id', 'in', [ids[0]!, ids[1]!]).execute();
    await db.updateTable('posts').set({ source: 'email' }).where('id', '=', ids[2]!).execute();
    await db.updateTable('posts').set({ source: 'twitter' }).where('id', '=', ids[3]!).execute();
    await db.updateTable('posts').set({ source: 'web' }).where('id', '=', ids[4]!).execute();
    await db
      .updateTable('posts')
      .set({ created: '2020-01-01T00:00:00Z' as never })
      .where('id', '=', ids[0]!)
      .execute();

    const all = await server.api.get(`/forms/${form.id}/stats`, { token: who.admin });
    expectStatus(all, 200);
    expect(all.body.total_by_data_source).toEqual({ all: 6, web: 2, email: 1, sms: 2, twitter: 1 });
    expect(all.body.total_responses).toBe(6);
    const recent = await server.api.get(`/forms/${form.id}/stats?created_after=2021-01-01`, { token: who.admin });
    expect(recent.body.total_by_data_source).toEqual({ all: 5, web: 2, email: 1, sms: 1, twitter: 1 });
    const old = await server.api.get(`/forms/${form.id}/stats?created_before=2020-06-01`, { token: who.admin });
    expect(old.body.total_by_data_source).toEqual({ all: 1, web: 0, email: 0, sms: 1, twitter: 0 });

    const targeted = await newForm(server, who.admin, { targeted_survey: true, everyone_can_create: false });
    await newStage(server, who.admin, targeted.id);
    await createPost(server, who.admin, postBody(targeted.id));
    // Responses are the recipients' SMS answers, as the incumbent counts them: a post made on the web is none.
    expect((await server.api.get(`/forms/${targeted.id}/stats`, { token: who.admin })).body).toMatchObject({
      total_recipients: 0,
      total_responses: 0,
    });
  });
});
