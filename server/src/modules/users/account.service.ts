import { MEMBER_ROLE, PASSWORD_RESET_TTL_SECONDS, PasswordResetBody, PasswordResetConfirmBody, RegisterBody } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { blockedByPrivacy } from '../../auth/auth';
import { hashPassword } from '../../auth/passwords';
import { randomToken, sha256 } from '../../auth/secrets';
import { createRateLimit } from '../../auth/throttle';
import { revokeUserTokens } from '../../auth/tokens.repository';
import type { AppContext } from '../../context';
import { appendEvent } from '../../events/events.repository';
import { mailJob } from '../../jobs/mail.job';
import { ApiError, deny, parseBody, ValidationError, zodToFields, type FieldError } from '../../http/errors';
import * as repo from './users.repository';
import type { UsersService } from './users.service';

const RESET_INVALID = 'Invalid or expired reset token';

/** Tokens arrive raw or base64-encoded (API-CONTRACT 5). */
function tokenCandidates(token: string): string[] {
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  return decoded && decoded !== token && /^[\w-]+$/.test(decoded) ? [token, decoded] : [token];
}

function resetMail(to: string, link: string, token: string) {
  return {
    to,
    subject: 'Reset your password',
    text: [
      'Someone asked to reset the password of your account.',
      '',
      `Open this link within 30 minutes to choose a new password:`,
      link,
      '',
      `Or enter this reset code: ${token}`,
      '',
      'If you did not ask for this, ignore this e-mail; your password stays as it is.',
    ].join('\n'),
  };
}

/** Self-service account flows: registration and password reset. */
export function createAccountService(ctx: AppContext, users: UsersService) {
  const registrationLimit = createRateLimit({
    points: ctx.config.limits.registrationsPerMinute,
    windowSeconds: 60,
    message: 'Too Many Requests',
  });
  const resetLimit = createRateLimit({ points: 10, windowSeconds: 15 * 60, message: 'Too Many Requests' });
  const mail = mailJob(ctx.mailer);

  return {
    async register(auth: Auth, body: unknown, address: string) {
      if (blockedByPrivacy(auth)) deny(auth);
      if (await ctx.settings.registrationDisabled()) throw new ApiError(403, 'Registration Disabled');
      await registrationLimit(address);
      const data = parseBody(RegisterBody, body, 'user');
      // The role is always the member role, whatever the caller sent (API-CONTRACT 5).
      return users.insert(null, { ...data, role: undefined, language: undefined }, MEMBER_ROLE);
    },

    /** Always 204: the answer never tells whether the address has an account. */
    async requestPasswordReset(body: unknown, address: string, base: string): Promise<void> {
      const { email } = parseBody(PasswordResetBody, body, 'user');
      await resetLimit(address);
      const user = await repo.findByEmail(ctx.db, email);
      if (!user?.email) return;
      const token = randomToken(24);
      const to = user.email;
      await ctx.tx(async (trx) => {
        await trx
          .insertInto('password_resets')
          .values({
            user_id: user.id,
            token_hash: sha256(token),
            expires_at: new Date(ctx.now().getTime() + PASSWORD_RESET_TTL_SECONDS * 1000),
          })
          .execute();
        await ctx.jobs.send(trx, mail, resetMail(to, `${base}/forgotpassword/confirm/${token}`, token));
      });
    },

    async confirmPasswordReset(body: unknown): Promise<void> {
      const parsed = PasswordResetConfirmBody.safeParse(body ?? {});
      const fields: FieldError[] = parsed.success ? [] : zodToFields(parsed.error);
      const token = typeof (body as { token?: unknown } | null)?.token === 'string' ? String((body as { token: string }).token) : '';
      const now = ctx.now();
      const reset = token
        ? await ctx.db
            .selectFrom('password_resets')
            .selectAll()
            .where('token_hash', 'in', tokenCandidates(token).map(sha256))
            .where('used_at', 'is', null)
            .where('expires_at', '>', now)
            .executeTakeFirst()
        : undefined;
      if (!reset && !fields.some((f) => f.pointer === '/token')) fields.unshift({ pointer: '/token', message: RESET_INVALID });
      if (reset && parsed.success) {
        const user = await repo.findById(ctx.db, reset.user_id);
        fields.push(...(await users.passwordFields(parsed.data.password, user ?? {})));
      }
      if (fields.length > 0 || !parsed.success || !reset) throw new ValidationError('user', fields);
      const passwordHash = await hashPassword(parsed.data.password);
      await ctx.tx(async (trx) => {
        const claimed = await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('id', '=', reset.id)
          .where('used_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!claimed) throw new ValidationError('user', [{ pointer: '/token', message: RESET_INVALID }]);
        // Any other reset link mailed to this account dies with this one.
        await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('user_id', '=', reset.user_id)
          .where('used_at', 'is', null)
          .execute();
        await trx.updateTable('users').set({ password_hash: passwordHash, updated: now }).where('id', '=', reset.user_id).execute();
        // A reset ends every session the old password opened, open sockets included (on every node).
        await revokeUserTokens(trx, reset.user_id);
        await appendEvent(trx, {
          type: 'user.updated',
          aggregateType: 'user',
          aggregateId: reset.user_id,
          actorId: reset.user_id,
          payload: { id: reset.user_id },
        });
      });
    },
  };
}
