import type { PushedEvent } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from './helpers/factories';
import { configureProvider, postForm, signTwilio } from './helpers/gateways';
import { makePostCallers, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { startSmsProviders } from './helpers/sms-providers';
import { connectSocket, type TestSocket } from './helpers/sockets';
import { expectStatus, newAttribute, newForm, newStage } from './helpers/surveys';

const twilio = { sid: 'AC00000000000000000000000000000024', token: 'twilio-secret-token' };
const ERROR_CONTACTS_MESSAGE = 'Some of the numbers you provided failed, please check your numbers and try again';

let server: TestServer & { close: () => Promise<void> };
let providers: Awaited<ReturnType<typeof startSmsProviders>>;
let who: PostCallers;
let socket: TestSocket;

beforeAll(async () => {
  providers = await startSmsProviders({ twilio, vonage: { key: 'k', secret: 's' }, frontlineKey: 'f' });
  server = await startTestServer({ env: { TWILIO_API_URL: providers.url, DATASOURCE_HTTP_TIMEOUT_MS: '1500' } });
  who = await makePostCallers(server);
  socket = await connectSocket(server.url, { token: who.admin });
  // Twilio sends and receives; it has no survey of its own, so ordinary replies make no post.
  await configureProvider(server, who.admin, 'twilio', { account_sid: twilio.sid, auth_token: twilio.token, from: '+15005550006' });
});
afterAll(async () => {
  socket?.close();
  await server?.close();
  await providers?.close();
});

type Survey = { id: number; questions: Array<{ id: number; key: string; label: string }> };

/** A targeted survey as the stepper saves it: the survey, its stage, title and description, then the questions. */
async function targetedSurvey(labels: string[], body: Record<string, unknown> = {}): Promise<Survey> {
  const form = await newForm(server, who.admin, { targeted_survey: true, everyone_can_create: false, ...body });
  const stage = await newStage(server, who.admin, form.id, { priority: 0 });
  await newAttribute(server, who.admin, form.id, stage.id, { label: 'Title', type: 'title', input: 'text', required: true, priority: 1 });
  await newAttribute(server, who.admin, form.id, stage.id, {
    label: 'Description',
    type: 'description',
    input: 'text',
    required: true,
    priority: 2,
  });
  const questions = [];
  for (const [i, label] of labels.entries()) {
    const q = await newAttribute(server, who.admin, form.id, stage.id, {
      label,
      type: 'varchar',
      input: 'text',
      required: true,
      priority: i + 3,
    });
    questions.push({ id: q.id, key: q.key, label });
  }
  return { id: form.id, questions };
}

const addContacts = (formId: number, contacts: string, country_code = 'US') =>
  server.api.post(`/forms/${formId}/contacts`, { contacts, country_code }, { token: who.admin });

const stats = async (formId: number) => {
  const res = await server.api.get(`/forms/${formId}/stats`, { token: who.admin });
  expectStatus(res, 200);
  const { total_recipients, total_response_recipients, total_responses, total_messages_sent, total_messages_pending } = res.body;
  return { total_recipients, total_response_recipients, total_responses, total_messages_sent, total_messages_pending };
};

/** Twilio's request for one of our questions to one number (the local provider checked its auth). */
const sentTo = (to: string, text: string) => providers.of('twilio').filter((r) => r.body.To === to && r.body.Body === text);

/** Waits until `count` questions of the survey were pushed as sent. */
async function questionsSent(formId: number, count: number): Promise<void> {
  const ids = async () =>
    new Set(
      (
        await server.ctx.db.selectFrom('messages').select('id').where('form_id', '=', formId).where('direction', '=', 'outgoing').execute()
      ).map((m) => String(m.id)),
    );
  const mine = await ids();
  await socket.waitFor(
    (e: PushedEvent) => e.type === 'message.updated' && e.payload.status === 'sent' && mine.has(e.aggregate_id),
    count,
    20000,
  );
}

/** A reply as Twilio posts it, signed; `sid` repeated is a gateway retry. */
async function reply(from: string, body: string, sid = unique('SM')) {
  const fields = { AccountSid: twilio.sid, MessageSid: sid, From: from, To: '+15005550006', Body: body, NumMedia: '0' };
  const res = await postForm(server, '/sms/twilio', fields, {
    'X-Twilio-Signature': signTwilio(twilio.token, `${server.url}/sms/twilio`, fields),
  });
  expect(res.status).toBe(200);
  return sid;
}

const postsOf = (formId: number) =>
  server.ctx.db
    .selectFrom('posts')
    .innerJoin('contacts', 'contacts.id', 'posts.contact_id')
    .select(['posts.id', 'posts.values', 'posts.status', 'posts.source', 'contacts.contact'])
    .where('posts.form_id', '=', formId)
    .orderBy('posts.id')
    .execute();

describe('POST /forms/{id}/contacts', () => {
  it('refuses numbers not valid in the country, each as an error_contacts entry pointing at it, and sends nothing', async () => {
    const survey = await targetedSurvey(['How many people live in your home?']);
    const res = await addContacts(survey.id, '415 555 0111, 12345 , 094123456');
    expectStatus(res, 422);
    const entries = res.body.errors.filter((e: { title?: string }) => e.title === 'error_contacts');
    expect(entries).toEqual([
      { status: 422, title: 'error_contacts', message: ERROR_CONTACTS_MESSAGE, source: { pointer: '12345' } },
      { status: 422, title: 'error_contacts', message: ERROR_CONTACTS_MESSAGE, source: { pointer: '094123456' } },
    ]);
    expect((await stats(survey.id)).total_recipients).toBe(0);
  });

  it('refuses a survey that is not targeted, and a half-built one without questions', async () => {
    const plain = await newForm(server, who.admin);
    const notTargeted = await addContacts(plain.id, '4155550121');
    expectStatus(notTargeted, 422);
    expect(notTargeted.body.errors[1]).toMatchObject({ message: 'The form is not a targeted survey', source: { pointer: '/form_id' } });
    const halfBuilt = await targetedSurvey([]);
    const none = await addContacts(halfBuilt.id, '4155550122');
    expectStatus(none, 422);
    expect(none.body.errors[1]).toMatchObject({ message: 'The targeted survey has no questions to send' });
    expect(await stats(halfBuilt.id)).toMatchObject({ total_recipients: 0, total_messages_pending: 0 });
  });

  it('is for admins only, and lists the recipients', async () => {
    const survey = await targetedSurvey(['Is the water safe to drink?']);
    expectStatus(
      await server.api.post(`/forms/${survey.id}/contacts`, { contacts: '4155550131', country_code: 'US' }, { token: who.manager.token }),
      403,
    );
    expectStatus(await addContacts(survey.id, '4155550131'), 200);
    const list = await server.api.get(`/forms/${survey.id}/contacts`, { token: who.admin });
    expectStatus(list, 200);
    expect(list.body.results.map((c: { contact: string }) => c.contact)).toEqual(['+14155550131']);
    const again = await addContacts(survey.id, '4155550132');
    expectStatus(again, 422);
    expect(again.body.errors[1]).toMatchObject({ message: 'The form already has a set of contacts' });
  });
});

describe('the conversation', () => {
  it('asks 3 recipients 2 questions one at a time; replies out of order and retried fill one post each', async () => {
    const survey = await targetedSurvey(['How many people live in your home?', 'Do you have clean water?'], {
      require_approval: false,
      hide_author: true,
    });
    const [q1, q2] = survey.questions as [Survey['questions'][0], Survey['questions'][0]];
    const [a, b, c] = ['+14155550141', '+14155550142', '+14155550143'];
    const published = await addContacts(survey.id, '(415) 555-0141, 415 555 0142,4155550143, 415-555-0141');
    expectStatus(published, 200);
    expect(published.body).toEqual({ form_id: survey.id, count: 3, invalidated_contacts: [] });

    await questionsSent(survey.id, 3);
    for (const to of [a, b, c]) expect(sentTo(to, q1.label)).toHaveLength(1);
    expect(await stats(survey.id)).toEqual({
      total_recipients: 3,
      total_response_recipients: 0,
      total_responses: 0,
      total_messages_sent: 3,
      total_messages_pending: 0,
    });

    // C answers first; A's answer arrives twice (a gateway retry) and at once.
    await reply(c, '4');
    const sid = unique('SM');
    await Promise.all([reply(a, '2', sid), reply(a, '2', sid)]);
    expect(await stats(survey.id)).toMatchObject({ total_recipients: 3, total_response_recipients: 2, total_responses: 2 });
    await questionsSent(survey.id, 5);
    expect(sentTo(c, q2.label)).toHaveLength(1);
    expect(sentTo(a, q2.label)).toHaveLength(1);
    expect(sentTo(b, q2.label)).toHaveLength(0);

    // B answers the first question, then the second answers come in another order, C's twice.
    await reply(b, '7');
    await questionsSent(survey.id, 6);
    expect(await stats(survey.id)).toEqual({
      total_recipients: 3,
      total_response_recipients: 3,
      total_responses: 3,
      total_messages_sent: 6,
      total_messages_pending: 0,
    });
    await reply(b, 'No, we walk to the river');
    const last = await reply(c, 'Yes');
    await reply(c, 'Yes', last);
    await reply(a, 'Only when it rains');
    expect(await stats(survey.id)).toEqual({
      total_recipients: 3,
      total_response_recipients: 3,
      total_responses: 6,
      total_messages_sent: 6,
      total_messages_pending: 0,
    });

    const posts = await postsOf(survey.id);
    expect(posts.map((p) => p.contact).sort()).toEqual([a, b, c]);
    const byContact = Object.fromEntries(posts.map((p) => [p.contact, p]));
    expect(byContact[a]).toMatchObject({
      status: 'published',
      source: 'sms',
      values: { [q1.key]: ['2'], [q2.key]: ['Only when it rains'] },
    });
    expect(byContact[b]).toMatchObject({ status: 'published', values: { [q1.key]: ['7'], [q2.key]: ['No, we walk to the river'] } });
    expect(byContact[c]).toMatchObject({ status: 'published', values: { [q1.key]: ['4'], [q2.key]: ['Yes'] } });
    // No third question went out: the conversation ended with the last.
    expect(providers.of('twilio').filter((r) => [a, b, c].includes(r.body.To as string))).toHaveLength(6);

    // Hide responders: the post's contact is hidden from a member, shown to a manager.
    const asMember = await server.api.get(`/posts/${byContact[a]!.id}`, { token: who.member.token });
    expectStatus(asMember, 200);
    expect(asMember.body.contact).toBeNull();
    const asManager = await server.api.get(`/posts/${byContact[a]!.id}`, { token: who.manager.token });
    expect(asManager.body.contact).toMatchObject({ id: expect.any(Number) });

    // After the survey, A's message takes the ordinary path: stored, in no survey, no post.
    await reply(a, 'Thank you!');
    const after = await server.ctx.db.selectFrom('messages').selectAll().where('message', '=', 'Thank you!').execute();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ form_id: null, post_id: null });
    expect((await stats(survey.id)).total_responses).toBe(6);
  });

  it('keeps a recipient to one survey at a time: the second survey leaves them out', async () => {
    const first = await targetedSurvey(['What is your village?']);
    const second = await targetedSurvey(['What do you grow?']);
    const [d, e] = ['+14155550151', '+14155550152'];
    expectStatus(await addContacts(first.id, d), 200);
    const res = await addContacts(second.id, `${d}, ${e}`);
    expectStatus(res, 200);
    expect(res.body).toEqual({
      form_id: second.id,
      count: 1,
      invalidated_contacts: [{ contact: d, message: 'This number is already answering another targeted survey' }],
    });
    expect((await stats(second.id)).total_recipients).toBe(1);
    await questionsSent(second.id, 1);
    expect(sentTo(d, second.questions[0]!.label)).toHaveLength(0);
    // D's reply answers the first survey's question.
    await reply(d, 'Riverside');
    const [post] = await postsOf(first.id);
    expect(post).toMatchObject({ contact: d, status: 'draft', values: { [first.questions[0]!.key]: ['Riverside'] } });
    expect(await postsOf(second.id)).toEqual([]);
  });
});
