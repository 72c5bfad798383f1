import type { ParsedMail } from 'mailparser';
import type { Logger } from 'pino';
import { textOption, type ProviderSettings } from '../datasources.settings';
import type { InboundMessage, InboundService } from '../inbound.service';

/** Unseen mails read per round at most; the rest wait for the next round. */
const MAILS_PER_ROUND = 50;

export type EmailPollResult = { read: number; stored: number; duplicates: number; skipped: string | null };

type MailboxOptions = { host: string; port: number; security: string; user: string; password: string };

/** The mailbox settings, or why they cannot be used. */
function mailboxOf(settings: ProviderSettings): MailboxOptions | string {
  const values = settings.values;
  const type = textOption(values, 'incoming_type').toUpperCase();
  if (type === 'POP') return 'Only IMAP mailboxes can be read; this one is set to POP';
  const port = Number(textOption(values, 'incoming_port'));
  const options = {
    host: textOption(values, 'incoming_server'),
    port,
    security: textOption(values, 'incoming_security') || 'None',
    user: textOption(values, 'incoming_username'),
    password: typeof values.incoming_password === 'string' ? values.incoming_password : '',
  };
  if (!options.host || !options.user || !options.password || !Number.isInteger(port) || port <= 0 || port > 65535)
    return 'The mailbox server, port, username or password is missing';
  return options;
}

const firstAddress = (mail: ParsedMail): string | null => {
  const address = mail.from?.value.find((a) => a.address)?.address;
  return address ? address.trim().toLowerCase().slice(0, 255) : null;
};

/**
 * A parsed mail as an incoming message: the plain text part, or the HTML part turned into text by
 * mailparser (html-to-text: tags, scripts and styles dropped, never kept as markup); the
 * Message-ID as the provider's id, so reading the same mail again after a crash stores nothing.
 */
export function mailToMessage(mail: ParsedMail, mailbox: string): InboundMessage | null {
  const from = firstAddress(mail);
  if (!from) return null;
  const subject = mail.subject?.replace(/\s+/g, ' ').trim() ?? '';
  const text = (mail.text ?? '').replace(/\r\n/g, '\n').trim();
  const date = mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null;
  return {
    from: { type: 'email', contact: from },
    to: mailbox,
    text: text !== '' ? text : subject,
    providerMessageId: mail.messageId ? mail.messageId.slice(0, 255) : null,
    sentAt: date,
    title: subject !== '' ? subject.slice(0, 255) : null,
    fields: { Subject: subject !== '' ? subject : null },
    additional: { subject, message_id: mail.messageId ?? null },
  };
}

/** A connection or mailbox error as a log line: what failed and where, never the password. */
const describe = (error: unknown) => {
  const err = error as { message?: string; code?: string; responseText?: string; authenticationFailed?: boolean };
  return {
    error: err.message ?? String(error),
    ...(err.code ? { code: err.code } : {}),
    ...(err.responseText ? { response: err.responseText } : {}),
    ...(err.authenticationFailed ? { authenticationFailed: true } : {}),
  };
};

/**
 * The e-mail data source (issue 23 item 4): reads the INBOX's unseen mails over IMAP, stores each
 * through the inbound service (a post where a survey is mapped), then flags it \Seen. Mails are
 * fetched with BODY.PEEK, so one that is not yet stored stays unseen and is read next round; one
 * stored but not yet flagged is read again and found by its Message-ID. A mailbox that cannot be
 * reached is logged and tried again next round.
 */
export function createEmailPoller(inbound: InboundService, logger: Logger, options: { timeoutMs: number }) {
  let running: Promise<EmailPollResult> | null = null;

  async function pollOnce(): Promise<EmailPollResult> {
    const result: EmailPollResult = { read: 0, stored: 0, duplicates: 0, skipped: null };
    const settings = await inbound.settingsOf('email');
    if (!settings?.enabled) return { ...result, skipped: 'disabled' };
    const mailbox = mailboxOf(settings);
    if (typeof mailbox === 'string') {
      logger.warn({ provider: 'email' }, mailbox);
      return { ...result, skipped: mailbox };
    }
    const where = { provider: 'email', server: mailbox.host, port: mailbox.port, username: mailbox.user };
    // Loaded when a mailbox is first read, not at every start: the IMAP client and the mail
    // parser with their encodings took a quarter of a second of each process's start.
    const [{ ImapFlow }, { simpleParser }] = await Promise.all([import('imapflow'), import('mailparser')]);
    const client = new ImapFlow({
      host: mailbox.host,
      port: mailbox.port,
      secure: mailbox.security === 'SSL',
      doSTARTTLS: mailbox.security === 'TLS',
      auth: { user: mailbox.user, pass: mailbox.password },
      logger: false,
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs * 4,
      disableAutoIdle: true,
    });
    // A socket error after connecting would otherwise be an unhandled 'error' event.
    client.on('error', (error: unknown) => logger.warn({ ...where, ...describe(error) }, 'e-mail source connection error'));
    try {
      await client.connect();
      const lock = await client.getMailboxLock('INBOX');
      try {
        const found = await client.search({ seen: false }, { uid: true });
        const uids = (found || []).sort((a, b) => a - b).slice(0, MAILS_PER_ROUND);
        for (const uid of uids) {
          const fetched = await client.fetchOne(String(uid), { source: true }, { uid: true });
          if (!fetched || !fetched.source) continue;
          result.read += 1;
          const message = mailToMessage(await simpleParser(fetched.source), mailbox.user);
          if (message) {
            const outcome = await inbound.receive(settings, message);
            if (outcome.outcome === 'stored') result.stored += 1;
            else if (outcome.outcome === 'duplicate') result.duplicates += 1;
          } else logger.warn({ ...where, uid }, 'e-mail without a sender address flagged seen, not stored');
          await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
        }
      } finally {
        lock.release();
      }
      await client.logout();
    } catch (error) {
      logger.warn({ ...where, ...describe(error) }, 'e-mail source could not read the mailbox; trying again next round');
      client.close();
      return { ...result, skipped: 'error' };
    }
    if (result.read > 0) logger.info({ ...where, ...result }, 'e-mail source read new mail');
    return result;
  }

  return {
    /** One round; a round asked for while one runs in this process joins it. */
    poll(): Promise<EmailPollResult> {
      running ??= pollOnce().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

export type EmailPoller = ReturnType<typeof createEmailPoller>;
