import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './helpers/factories';
import { fullSurvey, makePostCallers, postBody, type FullSurvey, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { expectStatus } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
let survey: FullSurvey;
let reporter: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  who = await makePostCallers(server);
  survey = await fullSurvey(server, who.admin);
  reporter = await createUser(server);
});
afterAll(async () => server?.close());

/** The `post.created` events of these posts: the post, its actor and the transaction that wrote it. */
async function createdEvents(ids: number[]) {
  const { rows } = await sql<{ aggregate_id: number; actor_id: number | null; xid: string }>`
    select aggregate_id::int as aggregate_id, actor_id, xid::text as xid from events
    where type = 'post.created' and aggregate_type = 'post' and aggregate_id in (${sql.join(ids.map(String))})
  `.execute(server.ctx.db);
  return rows;
}

describe('creates that arrive together (issue 27 item 2)', () => {
  it('are written in shared transactions: each stored once with its own event and actor, each answered as a later read', async () => {
    const callers = Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? who.member : reporter));
    const titles = callers.map((_, i) => `Together ${i} ${Date.now()}`);
    const answers = await Promise.all(
      callers.map((caller, i) => server.api.post('/posts', postBody(survey.form.id, { title: titles[i] }), { token: caller.token })),
    );
    for (const answer of answers) expectStatus(answer, 200);
    const ids = answers.map((answer) => answer.body.id as number);
    expect(new Set(ids).size).toBe(30);
    expect(answers.map((answer) => answer.body.title)).toEqual(titles);

    const stored = await server.ctx.db.selectFrom('posts').select(['id', 'title', 'user_id']).where('title', 'in', titles).execute();
    expect(stored).toHaveLength(30);
    expect(new Map(stored.map((p) => [p.id, p.user_id]))).toEqual(new Map(ids.map((id, i) => [id, callers[i]!.id])));

    const events = await createdEvents(ids);
    expect(events.map((e) => e.aggregate_id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(new Map(events.map((e) => [e.aggregate_id, e.actor_id]))).toEqual(new Map(ids.map((id, i) => [id, callers[i]!.id])));
    // Thirty at once went in fewer transactions than posts: the ones that waited shared one.
    expect(new Set(events.map((e) => e.xid)).size).toBeLessThan(30);

    for (const [i, id] of ids.entries()) {
      const read = await server.api.get(`/posts/${id}`, { token: callers[i]!.token });
      expect(read.body).toEqual(answers[i]!.body);
    }
  });

  it('refuse a bad create alone: the others that shared its transaction are stored, and it leaves nothing behind', async () => {
    const run = Date.now();
    const bodies = Array.from({ length: 20 }, (_, i) =>
      postBody(survey.form.id, i === 12 ? { title: `Refused ${run}`, status: 'nonsense' } : { title: `Kept ${i} ${run}` }),
    );
    const answers = await Promise.all(bodies.map((body) => server.api.post('/posts', body, { token: who.member.token })));
    expect(answers.map((answer) => answer.status)).toEqual(bodies.map((_, i) => (i === 12 ? 422 : 200)));
    expect(answers[12]!.body).toMatchObject({ errors: [{ status: 422 }, { status: 422, source: { pointer: '/status' } }] });

    const ids = answers.filter((answer) => answer.status === 200).map((answer) => answer.body.id as number);
    const events = await createdEvents(ids);
    expect(events).toHaveLength(19);
    // The refusal did not send its group back to be written one post at a time.
    expect(new Set(events.map((e) => e.xid)).size).toBeLessThan(19);
    const refused = await server.ctx.db.selectFrom('posts').select('id').where('title', '=', `Refused ${run}`).execute();
    expect(refused).toEqual([]);
  });
});
