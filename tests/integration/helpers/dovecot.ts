import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

const DOVECOT = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';
/** Mail files belong to this uid: Dovecot refuses root for mail access. */
const NOBODY = 65534;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Resolves once the server greets an IMAP client with `* OK`. */
async function greeting(port: number, deadline: number, log: string): Promise<void> {
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`Dovecot did not start:\n${await fs.readFile(log, 'utf8').catch(() => '')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type MailboxUser = { user: string; password: string };

/**
 * A real IMAP server for the test: Dovecot in a temporary directory, on a free 127.0.0.1 port,
 * with one passwd-file user and a Maildir, plain-text login without TLS.
 */
export async function startDovecot(account: MailboxUser = { user: 'reports@example.org', password: 'mailbox-secret' }) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dovecot-'));
  await fs.chmod(dir, 0o755);
  const home = path.join(dir, 'home');
  await fs.mkdir(home, { recursive: true });
  const root = process.getuid?.() === 0;
  const uid = root ? NOBODY : (process.getuid?.() ?? NOBODY);
  const gid = root ? NOBODY : (process.getgid?.() ?? NOBODY);
  if (root) await fs.chown(home, uid, gid);
  const me = os.userInfo().username;
  const port = await freePort();
  const log = path.join(dir, 'dovecot.log');
  await fs.writeFile(path.join(dir, 'passwd'), `${account.user}:{PLAIN}${account.password}::::::\n`);
  const conf = path.join(dir, 'dovecot.conf');
  await fs.writeFile(
    conf,
    [
      `base_dir = ${dir}/run`,
      `state_dir = ${dir}/state`,
      `log_path = ${log}`,
      'protocols = imap',
      'listen = 127.0.0.1',
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      `first_valid_uid = ${Math.min(uid, 500)}`,
      `default_login_user = ${root ? 'dovenull' : me}`,
      `default_internal_user = ${root ? 'dovecot' : me}`,
      ...(root ? [] : [`default_internal_group = ${me}`]),
      `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${dir}/passwd\n}`,
      `userdb {\n  driver = static\n  args = uid=${uid} gid=${gid} home=${home}/%u\n}`,
      `mail_location = maildir:${home}/%u/Maildir`,
      `service imap-login {\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await greeting(port, Date.now() + 15000, log);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }

  const client = () =>
    new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      doSTARTTLS: false,
      auth: { user: account.user, pass: account.password },
      logger: false,
    });

  /** Delivers a raw RFC 822 mail into INBOX (IMAP APPEND), unseen unless flags say otherwise. */
  async function append(raw: string, flags: string[] = []): Promise<void> {
    const imap = client();
    await imap.connect();
    try {
      await imap.append('INBOX', raw, flags);
    } finally {
      await imap.logout();
    }
  }

  /** The INBOX's mails with their flags, by Message-ID. */
  async function inbox(): Promise<{ messageId: string; seen: boolean }[]> {
    const imap = client();
    await imap.connect();
    const lock = await imap.getMailboxLock('INBOX');
    const found: { messageId: string; seen: boolean }[] = [];
    try {
      for await (const mail of imap.fetch('1:*', { envelope: true, flags: true })) {
        found.push({ messageId: mail.envelope?.messageId ?? '', seen: mail.flags?.has('\\Seen') ?? false });
      }
    } catch (error) {
      // An empty mailbox has no `1:*`.
      if (!/Invalid messageset|No matching messages/i.test((error as Error).message)) throw error;
    } finally {
      lock.release();
      await imap.logout();
    }
    return found;
  }

  return {
    host: '127.0.0.1',
    port,
    ...account,
    log,
    append,
    inbox,
    async stop(): Promise<void> {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

export type Dovecot = Awaited<ReturnType<typeof startDovecot>>;

/** A raw mail as a mail client sends it, CRLF line ends. */
export function rawMail(mail: {
  from: string;
  to: string;
  subject: string;
  messageId: string;
  date?: Date;
  text?: string;
  html?: string;
}): string {
  const headers = [
    `From: ${mail.from}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    `Message-ID: ${mail.messageId}`,
    `Date: ${(mail.date ?? new Date()).toUTCString()}`,
    'MIME-Version: 1.0',
  ];
  const body = mail.html ?? mail.text ?? '';
  headers.push(`Content-Type: ${mail.html !== undefined ? 'text/html' : 'text/plain'}; charset=utf-8`, 'Content-Transfer-Encoding: 8bit');
  return `${headers.join('\r\n')}\r\n\r\n${body.replace(/\r?\n/g, '\r\n')}\r\n`;
}
