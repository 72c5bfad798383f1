import { Writable } from 'node:stream';
import pino from 'pino';
import type { PushedEvent } from '@platform/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailPoller } from '../../server/src/modules/datasources/inbound/email.poller';
import { startDovecot, rawMail, type Dovecot } from './helpers/dovecot';
import { unique } from './helpers/factories';
import { configureProvider, incomingFrom } from './helpers/gateways';
import { makePostCallers, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { startSmtpServer } from './helpers/smtp';
import { connectSocket, type TestSocket } from './helpers/sockets';
import { expectStatus, newAttribute, newForm, newStage } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let dovecot: Dovecot;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let who: PostCallers;
let socket: TestSocket;
let form: { id: number };
let subjectKey: string;

const mailbox = () => ({
  incoming_type: 'IMAP',
  incoming_server: dovecot.host,
  incoming_port: String(dovecot.port),
  incoming_security: 'None',
  incoming_username: dovecot.user,
  incoming_password: dovecot.password,
});

beforeAll(async () => {
  dovecot = await startDovecot();
  smtp = await startSmtpServer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, DATASOURCE_HTTP_TIMEOUT_MS: '3000' } });
  who = await makePostCallers(server);
  form = await newForm(server, who.admin, {});
  const stage = await newStage(server, who.admin, form.id);
  subjectKey = (await newAttribute(server, who.admin, form.id, stage.id, { type: 'varchar', input: 'text', label: 'Subject line' })).key;
  socket = await connectSocket(server.url, { token: who.manager.token });
  await configureProvider(server, who.admin, 'email', { ...mailbox(), form_id: form.id, inbound_fields: { Subject: subjectKey } });
}, 60000);
afterAll(async () => {
  socket?.close();
  await server?.close();
  await smtp?.close();
  await dovecot?.stop();
});

const poll = () => server.services.emailPoller.poll();
const mailsOf = async (messageId: string) => (await incomingFrom(server, 'email')).filter((m) => m.data_source_message_id === messageId);
const postOf = (messageId: number) =>
  server.ctx.db
    .selectFrom('posts')
    .select(['id', 'title', 'content', 'source', 'form_id', 'values', 'contact_id'])
    .where('message_id', '=', messageId)
    .execute();
const seen = async (messageId: string) => (await dovecot.inbox()).find((m) => m.messageId === messageId)?.seen;

/** A pino logger whose lines the test reads. */
function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('e-mail data source (IMAP)', () => {
  it('makes a plain text mail a message from an e-mail contact and a post titled with the subject, then flags it seen', async () => {
    const messageId = `<${unique('plain')}@reporter.example>`;
    const date = new Date('2026-11-20T08:30:00Z');
    await dovecot.append(
      rawMail({
        from: 'Amina Reporter <Amina@Reporter.example>',
        to: dovecot.user,
        subject: 'Flooded road near the school',
        messageId,
        date,
        text: 'The road by the primary school is under water.\nCars cannot pass.',
      }),
    );
    await poll();
    const [row, ...more] = await mailsOf(messageId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      contact: 'amina@reporter.example',
      contact_type: 'email',
      message: 'The road by the primary school is under water.\nCars cannot pass.',
    });
    expect(row!.datetime?.toISOString()).toBe(date.toISOString());
    const [post] = await postOf(row!.id);
    expect(post).toMatchObject({
      title: 'Flooded road near the school',
      content: 'The road by the primary school is under water.\nCars cannot pass.',
      source: 'email',
      form_id: form.id,
      values: { [subjectKey]: ['Flooded road near the school'] },
    });
    expect(row!.post_id).toBe(post!.id);
    const message = await server.api.get(`/messages/${row!.id}`, { token: who.manager.token });
    expect(message.body).toMatchObject({ type: 'email', direction: 'incoming', title: 'Flooded road near the school' });
    await socket.waitFor((e) => e.type === 'post.created' && e.aggregate_id === String(post!.id));
    expect(await seen(messageId)).toBe(true);
  });

  it('turns an HTML-only mail into clean text, without scripts, styles or markup', async () => {
    const messageId = `<${unique('html')}@reporter.example>`;
    await dovecot.append(
      rawMail({
        from: 'html-sender@reporter.example',
        to: dovecot.user,
        subject: 'Power cut',
        messageId,
        html: '<html><head><style>p { color: red }</style><script>alert("x")</script></head><body><p>No <b>power</b> in the east district.</p><p onclick="steal()">Since 6 am.</p><img src="https://tracker.example/pixel.gif"></body></html>',
      }),
    );
    await poll();
    const [row] = await mailsOf(messageId);
    expect(row!.message).toContain('No power in the east district.');
    expect(row!.message).toContain('Since 6 am.');
    expect(row!.message).not.toMatch(/<|>|alert|color: red|steal|script/);
    const [post] = await postOf(row!.id);
    expect(post!.content).toBe(row!.message);
  });

  it('stores a mail once when polled twice, and once when it comes back unseen with the same Message-ID', async () => {
    const messageId = `<${unique('twice')}@reporter.example>`;
    const mail = rawMail({ from: 'twice@reporter.example', to: dovecot.user, subject: 'Same mail', messageId, text: 'Only once please' });
    await dovecot.append(mail);
    await Promise.all([poll(), poll()]);
    await poll();
    expect(await mailsOf(messageId)).toHaveLength(1);
    // As after a crash between storing and flagging \Seen: the same mail is in the INBOX unseen again.
    await dovecot.append(mail);
    // (The scheduled job may read it first: either way nothing new is stored.)
    expect((await poll()).stored).toBe(0);
    const rows = await mailsOf(messageId);
    expect(rows).toHaveLength(1);
    expect(await postOf(rows[0]!.id)).toHaveLength(1);
    expect((await dovecot.inbox()).filter((m) => m.messageId === messageId).map((m) => m.seen)).toEqual([true, true]);
  });

  it('reads nothing while the provider is switched off', async () => {
    await configureProvider(server, who.admin, 'email', mailbox(), false);
    const messageId = `<${unique('off')}@reporter.example>`;
    await dovecot.append(
      rawMail({ from: 'off@reporter.example', to: dovecot.user, subject: 'Off', messageId, text: 'Nobody reads this yet' }),
    );
    expect(await poll()).toMatchObject({ read: 0, skipped: 'disabled' });
    expect(await mailsOf(messageId)).toEqual([]);
    expect(await seen(messageId)).toBe(false);
    await configureProvider(server, who.admin, 'email', mailbox(), true);
    await poll();
    expect(await mailsOf(messageId)).toHaveLength(1);
  });

  it('logs a wrong password without writing it down, keeps running, and reads the mail once the password is right', async () => {
    const wrong = 'wrong-password-do-not-log';
    await configureProvider(server, who.admin, 'email', { ...mailbox(), incoming_password: wrong });
    const messageId = `<${unique('auth')}@reporter.example>`;
    await dovecot.append(
      rawMail({ from: 'auth@reporter.example', to: dovecot.user, subject: 'Auth', messageId, text: 'Waiting for a login' }),
    );
    const { logger, lines } = capturedLogger();
    const poller = createEmailPoller(server.services.inbound, logger, { timeoutMs: 3000 });
    expect(await poller.poll()).toMatchObject({ read: 0, skipped: 'error' });
    const logged = lines.join('\n');
    expect(logged).toContain('could not read the mailbox');
    expect(logged).toContain(dovecot.user);
    expect(logged).not.toContain(wrong);
    expect(logged).not.toContain(dovecot.password);
    expect(await mailsOf(messageId)).toEqual([]);
    await configureProvider(server, who.admin, 'email', mailbox());
    expect(await poller.poll()).toMatchObject({ skipped: null });
    expect(await mailsOf(messageId)).toHaveLength(1);
  });

  it('logs an unreachable server and reads nothing', async () => {
    await configureProvider(server, who.admin, 'email', { ...mailbox(), incoming_port: '1' });
    const { logger, lines } = capturedLogger();
    const poller = createEmailPoller(server.services.inbound, logger, { timeoutMs: 3000 });
    expect(await poller.poll()).toMatchObject({ read: 0, skipped: 'error' });
    expect(lines.join('\n')).toContain('ECONNREFUSED');
    await configureProvider(server, who.admin, 'email', mailbox());
  });

  it('does not read a mailbox set to POP, and says only IMAP is supported', async () => {
    await configureProvider(server, who.admin, 'email', { ...mailbox(), incoming_type: 'POP' });
    const messageId = `<${unique('pop')}@reporter.example>`;
    await dovecot.append(rawMail({ from: 'pop@reporter.example', to: dovecot.user, subject: 'POP', messageId, text: 'Not read over POP' }));
    const result = await poll();
    expect(result.read).toBe(0);
    expect(result.skipped).toMatch(/only IMAP/i);
    expect(await mailsOf(messageId)).toEqual([]);
    const provider = await server.api.get('/dataproviders/email', { token: who.admin });
    expect(provider.body.options.incoming_type.description).toMatch(/only IMAP/i);
    await configureProvider(server, who.admin, 'email', mailbox());
  });

  it('is read by the email-poll job, scheduled every minute (EMAIL_POLL_SECONDS 60)', async () => {
    const schedule = await sql<{ cron: string }>`select cron from pgboss.schedule where name = 'email-poll'`.execute(server.ctx.db);
    expect(schedule.rows).toEqual([{ cron: '* * * * *' }]);
    const messageId = `<${unique('job')}@reporter.example>`;
    await dovecot.append(
      rawMail({ from: 'job@reporter.example', to: dovecot.user, subject: 'By the job', messageId, text: 'Read by the worker' }),
    );
    const incoming = (e: PushedEvent) => e.type === 'message.created' && e.payload.direction === 'incoming';
    const before = socket.events.filter(incoming).length;
    await server.ctx.jobs.boss.send('email-poll', {});
    // Each stored mail is pushed; other unread mails may come first.
    for (let seenEvents = before + 1; (await mailsOf(messageId)).length === 0; seenEvents++)
      await socket.waitFor(incoming, seenEvents, 20000);
    const [row] = await mailsOf(messageId);
    expect(socket.events.filter(incoming).map((e) => e.aggregate_id)).toContain(String(row!.id));
  });

  it('sends a reply by SMTP in the reporter’s thread: In-Reply-To, References and "Re: <subject>"', async () => {
    const messageId = `<${unique('thread')}@reporter.example>`;
    await dovecot.append(
      rawMail({ from: 'thread@reporter.example', to: dovecot.user, subject: 'Bridge damaged', messageId, text: 'The bridge has cracks.' }),
    );
    await poll();
    const [row] = await mailsOf(messageId);
    const reply = await server.api.post(
      '/messages',
      { message: 'Thank you, a team is on its way.', direction: 'outgoing', parent_id: row!.id },
      { token: who.manager.token },
    );
    expectStatus(reply, 200);
    const mail = await smtp.waitForMail((m) => m.text?.includes('a team is on its way') ?? false);
    expect(mail.subject).toBe('Re: Bridge damaged');
    expect(mail.inReplyTo).toBe(messageId);
    expect(mail.references).toBe(messageId);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]!.address : null).toBe('thread@reporter.example');
    await socket.waitFor((e) => e.type === 'message.updated' && e.aggregate_id === String(reply.body.id) && e.payload.status === 'sent');
  });
});
