import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { apiClient } from './helpers/api';
import { BUILT_MAIN_JS, killableServer, loginAsAdmin } from './helpers/built-server';
import { configureProvider, postForm } from './helpers/gateways';
import type { TestServer } from './helpers/server';

const accountSid = 'AC0123456789abcdef0123456789abcdef';

const crash = killableServer('sms-crash');

/** 600 messages from 30 senders, none of whom wrote before. */
const messages = Array.from({ length: 600 }, (_, n) => ({ sid: `SMcrash${n}`, from: `+1415558${String(n % 30).padStart(4, '0')}` }));

/** Sends every message as Twilio does, 24 at a time; answers which ones the server acknowledged (200). */
async function sendAll(url: string, onAcknowledged: (count: number) => void = () => undefined): Promise<Set<string>> {
  const server = { url, api: apiClient(url) } as unknown as TestServer;
  const acknowledged = new Set<string>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 24 }, async () => {
      while (next < messages.length) {
        const { sid, from } = messages[next++]!;
        try {
          const res = await postForm(server, '/sms/twilio', {
            AccountSid: accountSid,
            MessageSid: sid,
            From: from,
            To: '+15005550006',
            Body: `Report ${sid}`,
          });
          if (res.status === 200) {
            acknowledged.add(sid);
            onAcknowledged(acknowledged.size);
          }
        } catch {
          // No answer (the server is gone): Twilio would send it again.
        }
      }
    }),
  );
  return acknowledged;
}

const storedCounts = async () => {
  const rows = await crash.db
    .selectFrom('messages')
    .select(['data_source_message_id as sid', (eb) => eb.fn.countAll<string>().as('n')])
    .where('direction', '=', 'incoming')
    .groupBy('data_source_message_id')
    .execute();
  return new Map(rows.map((row) => [row.sid!, Number(row.n)]));
};

// On the embedded fallback the database lives in this test process, and pglite-socket trips over the
// killed server's connections as the database is dropped; the crash is proven against a real server.
describe.skipIf(inject('database').mode !== 'server')('inbound SMS whose server is killed', () => {
  it(
    'keeps every acknowledged message after kill -9, and the gateway retrying everything stores each once',
    { timeout: 180_000 },
    async () => {
      expect(fs.existsSync(BUILT_MAIN_JS), 'server/dist/main.js is missing: run `npm run build` first').toBe(true);
      const url = await crash.server.start();
      const api = apiClient(url);
      await configureProvider({ url, api } as unknown as TestServer, await loginAsAdmin(api), 'twilio', {
        account_sid: accountSid,
        auth_token: '',
        form_id: null,
      });

      // Killed while messages are being written in groups, once 150 have been acknowledged.
      let killed: Promise<void> | null = null;
      const acknowledged = await sendAll(url, (count) => {
        if (count >= 150) killed ??= crash.server.stop('SIGKILL');
      });
      await killed;
      expect(acknowledged.size).toBeGreaterThanOrEqual(150);
      expect(acknowledged.size, 'the kill landed before every message was answered').toBeLessThan(messages.length);
      const afterKill = await storedCounts();
      for (const sid of acknowledged) expect(afterKill.get(sid), `${sid} was acknowledged`).toBe(1);

      // The gateway sends everything again, answered or not: each message ends up stored once.
      const restarted = await crash.server.start();
      expect((await sendAll(restarted)).size).toBe(messages.length);
      const stored = await storedCounts();
      expect(stored.size).toBe(messages.length);
      expect([...stored.values()].every((n) => n === 1)).toBe(true);
      const contacts = await crash.db.selectFrom('contacts').select('contact').where('contact', 'like', '+1415558%').execute();
      expect(contacts.map((c) => c.contact).sort()).toEqual([...new Set(messages.map((m) => m.from))].sort());
      const events = await crash.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('type', '=', 'message.created')
        .executeTakeFirstOrThrow();
      expect(Number(events.n)).toBe(messages.length);
    },
  );
});
