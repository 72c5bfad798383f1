import fs from 'node:fs/promises';
import path from 'node:path';
import { migrations } from '../../../../migrations/index';
import type { AppContext } from '../../context';
import * as repo from './verifier.repository';

export type VerifierProblem = { message: string; explainer: string };
/** What a check found: problems, or none and a summary of what passed. */
export type VerifierResult = { problems: VerifierProblem[]; summary: string };

async function writableDirectory(dir: string): Promise<boolean> {
  const stat = await fs.stat(dir).catch(() => null);
  if (!stat?.isDirectory()) return false;
  return fs.access(dir, fs.constants.W_OK).then(
    () => true,
    () => false,
  );
}

const validUrl = (value: string, protocols: string[]): boolean => {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

export type VerifierService = ReturnType<typeof createVerifierService>;

/**
 * The installer checks of `/verifier/db` and `/verifier/env` (API-CONTRACT 14.11, spec 3 section
 * 2). They only run in install debug mode; messages never repeat secrets such as the SMTP password.
 */
export function createVerifierService(ctx: AppContext) {
  return {
    enabled: () => ctx.config.installDebugMode,

    async database(): Promise<VerifierResult> {
      try {
        await repo.ping(ctx.db);
      } catch (error) {
        const message = `Could not reach the database: ${error instanceof Error ? error.message : String(error)}`;
        const explainer = 'Check that Postgres is running and that DATABASE_URL points to it (or unset it to use the embedded database).';
        return { problems: [{ message, explainer }], summary: '' };
      }
      const applied = new Set(await repo.appliedMigrations(ctx.db));
      const known = Object.keys(migrations);
      const missing = known.filter((name) => !applied.has(name));
      const unknown = [...applied].filter((name) => !known.includes(name));
      const errors: VerifierProblem[] = [];
      if (missing.length > 0) {
        errors.push({
          message: `${missing.length} migration(s) are not applied: ${missing.join(', ')}`,
          explainer: 'Run `npm run db:migrate`, or restart the server, which migrates the database when it starts.',
        });
      }
      if (unknown.length > 0) {
        errors.push({
          message: `The database has migration(s) this server does not know: ${unknown.join(', ')}`,
          explainer: 'The database was migrated by a newer release. Run that release, or restore a backup made for this one.',
        });
      }
      return {
        problems: errors,
        summary: `We were able to connect to the database and all ${known.length} migrations are applied. Well done!`,
      };
    },

    async environment(): Promise<VerifierResult> {
      const { config } = ctx;
      const errors: VerifierProblem[] = [];
      const dataDirOk = await writableDirectory(config.dataDir);
      if (!dataDirOk) {
        errors.push({
          message: `The data directory ${config.dataDir} is missing or not writable`,
          explainer: 'Set DATA_DIR to a directory the server can write: it keeps uploaded media, unsent mail and the embedded database.',
        });
      }
      if (config.smtpUrl !== undefined && !validUrl(config.smtpUrl, ['smtp:', 'smtps:'])) {
        errors.push({
          message: 'SMTP_URL is not a valid smtp:// or smtps:// address',
          explainer: 'Use the form smtp://user:password@host:587 (or smtps:// for TLS), or unset SMTP_URL to write mail to files.',
        });
      } else if (config.smtpUrl === undefined && dataDirOk) {
        const mailDir = path.join(config.dataDir, 'mail');
        const exists = await fs.stat(mailDir).catch(() => null);
        if (exists && !(await writableDirectory(mailDir))) {
          errors.push({
            message: `SMTP_URL is not set and mail can not be written to ${mailDir}`,
            explainer: 'Set SMTP_URL to send mail, or make that directory writable: password reset links are written there.',
          });
        }
      }
      if (config.publicUrl !== undefined && !validUrl(config.publicUrl, ['http:', 'https:'])) {
        errors.push({
          message: 'PUBLIC_URL is not a valid http:// or https:// address',
          explainer: 'Set PUBLIC_URL to the address people use to reach this site, e.g. https://reports.example.org, or unset it.',
        });
      }
      if (config.clientDist) {
        const index = await fs.stat(path.join(config.clientDist, 'index.html')).catch(() => null);
        if (!index?.isFile()) {
          errors.push({
            message: `CLIENT_DIST is set but ${path.join(config.clientDist, 'index.html')} does not exist`,
            explainer: 'Build the client with `npm run build`, or unset CLIENT_DIST to serve the API only.',
          });
        }
      }
      const mail = config.smtpUrl
        ? 'mail is sent over SMTP'
        : `SMTP_URL is not set, so mail is written to files under ${path.join(config.dataDir, 'mail')}`;
      return { problems: errors, summary: `Good job! The environment is configured: the data directory is writable and ${mail}.` };
    },
  };
}
