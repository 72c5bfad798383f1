import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import pino from 'pino';
import { connect } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrate';
import { twilioSignature } from '../../server/src/modules/datasources/inbound/twilio.gateway';
import { seedOnce } from '../../server/src/db/seed';
import { BENCH_ADMIN_PASSWORD } from './database';
import { passwordToken } from './login';
import { measureArrivals, ms } from './measure';
import { startNodeProcess } from './node-process';

/**
 * `npm run bench -- sms [--rate 500 --seconds 30 --duplicates 0.1 --replies 10000]` (issue 23):
 * inbound SMS through the Twilio route at a steady arrival rate with a share of retried
 * duplicates (every message must be stored once), then delivery of queued replies to a local
 * Twilio server (throughput). A fresh database `platform_bench_sms` on BENCH_DATABASE_URL,
 * TEST_DATABASE_URL or the local server.
 */
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const rate = arg('rate', 500);
const seconds = arg('seconds', 30);
const duplicateShare = arg('duplicates', 0.1);
const replies = arg('replies', 10_000);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SID = 'ACbench0000000000000000000000000001';
const TOKEN = 'bench-auth-token';

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query('drop database if exists platform_bench_sms with (force)');
await admin.query('create database platform_bench_sms');
await admin.end();
const dbUrl = new URL(serverUrl);
dbUrl.pathname = '/platform_bench_sms';
const handle = connect(dbUrl.toString(), { max: 4 });
await migrateToLatest(handle.db);
await seedOnce(handle.db, { adminPassword: BENCH_ADMIN_PASSWORD, deploymentId: 'bench-sms' }, pino({ level: 'silent' }));

// The local Twilio: counts Messages requests and answers 201 as Twilio does.
let delivered = 0;
let firstDelivery = 0;
let lastDelivery = 0;
const twilio = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    delivered++;
    lastDelivery = performance.now();
    if (delivered === 1) firstDelivery = lastDelivery;
    res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ sid: `SMout${delivered}`, status: 'queued' }));
  });
});
await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
const twilioUrl = `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`;

for (const [key, value] of Object.entries({
  providers: { twilio: true, smssync: false, email: false },
  twilio: { account_sid: SID, auth_token: TOKEN, from: '+15005550006' },
}))
  await handle.db
    .insertInto('config')
    .values({ group_name: 'data-provider', key, value: JSON.stringify(value) })
    .execute();

const node = await startNodeProcess(dbUrl.toString(), { TWILIO_API_URL: twilioUrl });
// The node must not outlive a failed run.
process.once('exit', () => node.child.kill('SIGKILL'));
process.stdout.write(`node at ${node.url}\n`);

// Inbound: `rate` requests a second for `seconds`; a share repeats an earlier MessageSid (a gateway retry).
const total = rate * seconds;
const sent: string[] = [];
let refused = 0;
let unanswered = 0;
const inbound = await measureArrivals(
  async () => {
    const retry = sent.length > 0 && Math.random() < duplicateShare;
    const sid = retry ? sent[Math.floor(Math.random() * sent.length)]! : `SMin${sent.length}-${Math.random().toString(36).slice(2)}`;
    if (!retry) sent.push(sid);
    const fields = {
      AccountSid: SID,
      MessageSid: sid,
      From: `+1415555${String(sent.length % 10000).padStart(4, '0')}`,
      To: '+15005550006',
      Body: `Report ${sid}`,
    };
    try {
      const res = await fetch(`${node.url}/sms/twilio`, {
        method: 'POST',
        // Signed as Twilio signs, since sending replies needs the auth token, which turns the check on.
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Twilio-Signature': twilioSignature(TOKEN, `${node.url}/sms/twilio`, fields),
        },
        body: new URLSearchParams(fields),
      });
      await res.arrayBuffer();
      if (res.status !== 200) refused++;
    } catch {
      // No answer (connection refused or timed out): the gateway would retry it.
      unanswered++;
    }
  },
  { total, perSecond: rate },
);
const stored = await handle.db
  .selectFrom('messages')
  .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.count<string>('data_source_message_id').distinct().as('distinct')])
  .where('direction', '=', 'incoming')
  .executeTakeFirstOrThrow();
process.stdout.write(
  `inbound Twilio: ${total} requests at ${rate}/s (${Math.round(duplicateShare * 100)}% retries), ${refused} not 200, ${unanswered} unanswered; ` +
    `${sent.length} distinct messages, ${stored.n} stored (${stored.distinct} distinct ids); ` +
    `p50 ${ms(inbound.p50)} ms, p95 ${ms(inbound.p95)} ms, p99 ${ms(inbound.p99)} ms, achieved ${inbound.perSecond.toFixed(0)}/s\n`,
);

// Outgoing: `replies` replies queued through the API, then delivered by the job to the local Twilio.
const token = await passwordToken(node.url, 'admin', BENCH_ADMIN_PASSWORD);
const contacts = await handle.db.selectFrom('contacts').select('id').limit(100).execute();
const queueStart = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (next < replies) {
      const i = next++;
      const res = await fetch(`${node.url}/api/v3/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ message: `Reply ${i}`, direction: 'outgoing', contact_id: contacts[i % contacts.length]!.id }),
      });
      await res.arrayBuffer();
    }
  }),
);
const queued = (performance.now() - queueStart) / 1000;
while (delivered < replies) await new Promise((r) => setTimeout(r, 200));
const deliveryEnd = performance.now();
const sentRows = await handle.db
  .selectFrom('messages')
  .select((eb) => eb.fn.countAll<string>().as('n'))
  .where('direction', '=', 'outgoing')
  .where('status', '=', 'sent')
  .executeTakeFirstOrThrow();
process.stdout.write(
  `outgoing: ${replies} replies queued in ${queued.toFixed(1)} s; ${delivered} Twilio requests, ${sentRows.n} recorded sent; ` +
    `delivery ${((deliveryEnd - firstDelivery) / 1000).toFixed(1)} s from first to last request (${(replies / ((deliveryEnd - firstDelivery) / 1000)).toFixed(0)}/s)\n`,
);
void lastDelivery;
await node.stop();
twilio.close();
await handle.close();
