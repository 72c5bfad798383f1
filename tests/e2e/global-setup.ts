import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { PUBLIC_CLIENT_ID, PUBLIC_CLIENT_SECRET } from '@platform/shared';
import { cloneDatabase, ensureTemplate } from '../integration/helpers/database';
import { fakeCkan } from '../integration/helpers/fake-ckan';
import { E2E_ADMIN } from './accounts';

const root = path.resolve(import.meta.dirname, '../..');

/** Captures every mail the product sends into E2E_MAIL_DIR as JSON, for tests to read. */
async function startMailCapture(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));
          fs.writeFileSync(path.join(dir, `${Date.now()}-${n++}.json`), JSON.stringify({ to, subject: mail.subject, text: mail.text }));
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  return {
    url: `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * A second administrator for tests to call the API with: the built-in admin's e-mail and password
 * are changed by the admin first-time setup test, so nothing else may depend on them.
 */
async function createTestAdmin(url: string) {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const grant = (username: string, password: string) =>
    post('/oauth/token', {
      grant_type: 'password',
      client_id: PUBLIC_CLIENT_ID,
      client_secret: PUBLIC_CLIENT_SECRET,
      username,
      password,
      scope: '*',
    });
  const admin = await grant('admin', 'administrator');
  await post('/api/v3/users', { ...E2E_ADMIN, role: 'admin' }, String(admin.access_token));
}

/** A loopback port free now, for a server a spec starts later (the SMS providers of datasources.spec.ts). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export default async function globalSetup() {
  const mainJs = path.join(root, 'server/dist/main.js');
  if (!fs.existsSync(mainJs) || !fs.existsSync(path.join(root, 'client/dist/index.html'))) {
    throw new Error('Build the app first: npm run build');
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-e2e-'));
  const mailDir = path.join(work, 'mail-capture');
  const mail = await startMailCapture(mailDir);
  // The humanitarian data exchange's CKAN API, answered locally (the settings-hdx spec uploads to it).
  const ckan = fakeCkan();
  const ckanUrl = await ckan.listen();

  let database: { url: string; drop: () => Promise<void> } | null = null;
  if (process.env.TEST_DATABASE_URL) {
    database = await cloneDatabase(process.env.TEST_DATABASE_URL, await ensureTemplate(process.env.TEST_DATABASE_URL));
  }
  const smsProvidersPort = await freePort();
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, [mainJs], {
    env: {
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      ADMIN_PASSWORD: 'administrator',
      SMTP_URL: mail.url,
      LOG_LEVEL: 'warn',
      // The webhooks spec's receiver listens on loopback, which webhooks may not reach otherwise;
      // one quick retry keeps its failed delivery within a step's time.
      WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
      WEBHOOK_RETRY_LIMIT: '1',
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
      HDX_API_BASE_URL: ckanUrl,
      // Twilio's API is the local provider server datasources.spec.ts starts on this port.
      TWILIO_API_URL: `http://127.0.0.1:${smsProvidersPort}`,
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Platform is running on (http:\/\/[^\s"]+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  child.stdout.on('data', (chunk: Buffer) => fs.appendFileSync(path.join(work, 'server.log'), chunk));
  child.stderr.on('data', (chunk: Buffer) => fs.appendFileSync(path.join(work, 'server.log'), chunk));

  process.env.E2E_BASE_URL = url;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SMS_PROVIDERS_PORT = String(smsProvidersPort);
  // The settings-hdx spec holds and releases uploads on the local exchange.
  process.env.E2E_CKAN_URL = ckanUrl;
  // Rows no API makes yet (incoming SMS before the data sources exist) are put in directly.
  if (database) process.env.E2E_DATABASE_URL = database.url;
  await createTestAdmin(url);

  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await mail.close();
    await ckan.close();
    // E2E_KEEP=1 keeps the database and the server's log to look into a failure afterwards.
    if (process.env.E2E_KEEP) {
      console.log(
        `E2E_KEEP: database ${database?.url ?? '(embedded, in the work directory)'}, server log ${path.join(work, 'server.log')}`,
      );
      return;
    }
    await database?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  };
}
