import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index';
import { startTestServer, type TestServer } from './helpers/server';

type Server = TestServer & { close: () => Promise<void> };
let off: Server;
let on: Server;

beforeAll(async () => {
  [off, on] = await Promise.all([startTestServer(), startTestServer({ env: { INSTALL_DEBUG_MODE: 'true' } })]);
});
afterAll(async () => {
  await Promise.all([off?.close(), on?.close()]);
});

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

describe('/verifier with install debug mode off (API-CONTRACT 14.11)', () => {
  it('answers every method with an empty 204 and the debug header, without auth', async () => {
    for (const check of ['/verifier/db', '/verifier/env', '/verifier/db/']) {
      for (const method of METHODS) {
        const res = await off.api.request(method, check);
        expect(res.status, `${method} ${check}`).toBe(204);
        expect(res.text).toBe('');
        expect(res.headers.get('x-ushahidi-platform-install-debug-mode')).toBe('off');
      }
    }
    // Not even a broken token gets in the way.
    const broken = await off.api.request('GET', '/verifier/db', { headers: { Authorization: 'Bearer nonsense' } });
    expect(broken.status).toBe(204);
    expect((await off.api.get('/verifier/other')).status).toBe(404);
  });
});

describe('/verifier with install debug mode on', () => {
  it('reports a reachable, fully migrated database', async () => {
    for (const method of METHODS) {
      const res = await on.api.request(method, '/verifier/db', { headers: { Authorization: 'Bearer not-a-token' } });
      expect(res.status, method).toBe(200);
      expect(res.headers.get('x-ushahidi-platform-install-debug-mode')).toBe('on');
      expect(res.body).toEqual({ success: expect.stringContaining(`all ${Object.keys(migrations).length} migrations are applied`) });
    }
  });

  it('reports migrations that are missing or unknown to this server', async () => {
    const [first] = Object.keys(migrations);
    const row = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration where name = ${first}`.execute(
      on.ctx.db,
    );
    const saved = row.rows[0]!;
    await sql`delete from kysely_migration where name = ${first}`.execute(on.ctx.db);
    try {
      const res = await on.api.get('/verifier/db');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        errors: [{ message: `1 migration(s) are not applied: ${first}`, explainer: expect.stringContaining('db:migrate') }],
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${saved.name}, ${saved.timestamp})`.execute(on.ctx.db);
    }
    await sql`insert into kysely_migration (name, timestamp) values ('29990101T0000_future', ${new Date().toISOString()})`.execute(
      on.ctx.db,
    );
    try {
      const res = await on.api.get('/verifier/db');
      expect(res.body.errors).toEqual([
        {
          message: 'The database has migration(s) this server does not know: 29990101T0000_future',
          explainer: expect.stringContaining('newer release'),
        },
      ]);
      expect(res.body.success).toBeUndefined();
    } finally {
      await sql`delete from kysely_migration where name = '29990101T0000_future'`.execute(on.ctx.db);
    }
    expect((await on.api.get('/verifier/db')).body.success).toBeDefined();
  });

  it('reports a sane environment (mail falls back to files without SMTP)', async () => {
    const res = await on.api.request('POST', '/verifier/env', { body: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ushahidi-platform-install-debug-mode')).toBe('on');
    expect(res.body).toEqual({ success: expect.stringContaining(`mail is written to files under ${path.join(on.dataDir, 'mail')}`) });
  });

  it('reports each broken setting with an explainer, never a secret', async () => {
    const config = on.ctx.config;
    const saved = { ...config };
    const file = path.join(on.dataDir, 'not-a-directory');
    fs.writeFileSync(file, 'x');
    const emptyDist = fs.mkdtempSync(path.join(on.dataDir, 'dist-'));
    try {
      config.publicUrl = 'reports dot example';
      config.smtpUrl = 'ftp://mailer:hunter2@mail.example';
      config.clientDist = emptyDist;
      let res = await on.api.get('/verifier/env');
      expect(res.status).toBe(200);
      const messages = (res.body.errors as Array<{ message: string; explainer: string }>).map((e) => e.message);
      expect(messages).toEqual([
        'SMTP_URL is not a valid smtp:// or smtps:// address',
        'PUBLIC_URL is not a valid http:// or https:// address',
        `CLIENT_DIST is set but ${path.join(emptyDist, 'index.html')} does not exist`,
      ]);
      expect(res.body.errors.every((e: { explainer: string }) => e.explainer.length > 10)).toBe(true);
      expect(res.text).not.toContain('hunter2');

      Object.assign(config, saved, { dataDir: file });
      res = await on.api.get('/verifier/env');
      expect(res.body.errors).toEqual([
        { message: `The data directory ${file} is missing or not writable`, explainer: expect.stringContaining('DATA_DIR') },
      ]);

      Object.assign(config, saved, { smtpUrl: 'smtps://user:secret@mail.example:465' });
      res = await on.api.get('/verifier/env');
      expect(res.body).toEqual({ success: expect.stringContaining('mail is sent over SMTP') });
      expect(res.text).not.toContain('secret');
    } finally {
      Object.assign(config, saved);
    }
    expect((await on.api.get('/verifier/env')).body.success).toBeDefined();
  });
});
