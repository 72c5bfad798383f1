import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Threading headers of a reply (the Message-ID it answers, with its angle brackets). */
  inReplyTo?: string;
  references?: string;
};
export type Mailer = { send: (message: MailMessage) => Promise<void>; close: () => void };

/**
 * Real SMTP when `SMTP_URL` is set; otherwise each message is written as an `.eml` file under
 * `<dataDir>/mail` and logged, so a fresh install never loses a reset link.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (message) => {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = path.join(options.dataDir, 'mail');
  return {
    send: async (message) => {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(folder, { recursive: true });
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[<>@]/g, '')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      options.logger.info({ to: message.to, subject: message.subject, file }, 'mail written to file (no SMTP_URL set)');
    },
    close: () => transport.close(),
  };
}
