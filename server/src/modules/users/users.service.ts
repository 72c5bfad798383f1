import {
  CreateUserBody,
  LIMIT_TITLES,
  MEMBER_ROLE,
  UpdateUserBody,
  UserMessages,
  type CreateUserBody as CreateBody,
} from '@platform/shared';
import type { z } from 'zod';
import type { Auth } from '../../auth/auth';
import { passwordProblem, type PasswordContext } from '../../auth/password-policy';
import { hashPassword } from '../../auth/passwords';
import { authorize } from '../../auth/policy/policy';
import { userRule } from '../../auth/policy/users.policy';
import { revokeUserTokens } from '../../auth/tokens.repository';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/database';
import { isUniqueViolation } from '../../db/pg-errors';
import { appendEvent } from '../../events/events.repository';
import { ApiError, notFound, unauthorized, ValidationError, zodToFields, type FieldError } from '../../http/errors';
import type { Paging } from '../../http/query';
import * as repo from './users.repository';

const RESOURCE = 'user';

function parseOrFields<T extends z.ZodType>(schema: T, body: unknown): { data?: z.infer<T>; fields: FieldError[] } {
  const result = schema.safeParse(body ?? {});
  return result.success ? { data: result.data, fields: [] } : { fields: zodToFields(result.error) };
}

/** Two requests can race past the checks with the same e-mail: the unique index decides, still a 422. */
function fromUniqueViolation(error: unknown): unknown {
  if (isUniqueViolation(error, 'users_email_unique'))
    return new ValidationError(RESOURCE, [{ pointer: '/email', message: UserMessages.emailTaken }]);
  if (isUniqueViolation(error, 'users_username_unique'))
    return new ValidationError(RESOURCE, [{ pointer: '/username', message: 'username is already in use' }]);
  return error;
}

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(ctx: AppContext) {
  /**
   * The admin plan limit, read before a transaction opens: settings load through the pool, which
   * must never be waited on while a transaction is held (the embedded database would deadlock).
   */
  const adminLimitFor = (role: string | undefined) => (role === 'admin' ? ctx.settings.limit('admin_users') : Promise.resolve(null));

  /** Checks that need the database: unique e-mail and username, existing role, the admin plan limit. */
  async function storeChecks(
    db: Executor,
    input: { email?: string; username?: string; role?: string; adminLimit: number | null },
    exceptId?: number,
  ): Promise<FieldError[]> {
    const fields: FieldError[] = [];
    if (input.email && (await repo.emailTaken(db, input.email, exceptId)))
      fields.push({ pointer: '/email', message: UserMessages.emailTaken });
    if (input.username && (await repo.usernameTaken(db, input.username, exceptId)))
      fields.push({ pointer: '/username', message: 'username is already in use' });
    if (input.role !== undefined) {
      if (!(await repo.roleExists(db, input.role))) fields.push({ pointer: '/role', message: `Role ${input.role} does not exist` });
      else if (input.role === 'admin' && input.adminLimit !== null && (await repo.countAdmins(db, exceptId)) >= input.adminLimit)
        fields.push({ pointer: '/role', message: LIMIT_TITLES.admin });
    }
    return fields;
  }

  /**
   * A password being set (never one already stored: the seeded `administrator` still logs in) must
   * not be common nor close to the account's own words or the site's name (issue 26).
   */
  async function passwordFields(password: string | undefined, account: Omit<PasswordContext, 'siteName'>): Promise<FieldError[]> {
    if (password === undefined) return [];
    const name = (await ctx.settings.get('site')).name;
    const problem = passwordProblem(password, { ...account, siteName: typeof name === 'string' ? name : null });
    return problem ? [{ pointer: '/password', message: problem }] : [];
  }

  async function withContacts(db: Executor, user: repo.UserRow) {
    return { user, contacts: await repo.contactsOf(db, [user.id]) };
  }

  async function load(db: Executor, id: number) {
    return (await repo.findById(db, id)) ?? notFound(RESOURCE, id);
  }

  /** Inserts a user; shared by admin creation and self-registration. */
  async function insert(actorId: number | null, body: CreateBody, role: string) {
    const weak = await passwordFields(body.password, body);
    const passwordHash = await hashPassword(body.password);
    const adminLimit = await adminLimitFor(role);
    const created = ctx.tx(async (trx) => {
      const fields = [...(await storeChecks(trx, { email: body.email, username: body.username, role, adminLimit })), ...weak];
      if (fields.length > 0) throw new ValidationError(RESOURCE, fields);
      const user = await trx
        .insertInto('users')
        .values({
          email: body.email,
          username: body.username ?? null,
          realname: body.realname ?? null,
          password_hash: passwordHash,
          role,
          language: body.language ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await appendEvent(trx, {
        type: 'user.updated',
        aggregateType: 'user',
        aggregateId: user.id,
        actorId,
        payload: { id: user.id, created: true },
      });
      return user;
    });
    return created.catch((error: unknown) => {
      throw fromUniqueViolation(error);
    });
  }

  return {
    insert,
    passwordFields,

    async me(auth: Auth) {
      if (!auth.hasToken) return unauthorized();
      if (auth.userId === null) return notFound(RESOURCE, 'me');
      return withContacts(ctx.db, await load(ctx.db, auth.userId));
    },

    async get(auth: Auth, id: number) {
      const user = await load(ctx.db, id);
      authorize(userRule, auth, 'read', user);
      return withContacts(ctx.db, user);
    },

    async search(auth: Auth, filters: repo.UserFilters, paging: Paging) {
      authorize(userRule, auth, 'search', null);
      const { rows, total } = await repo.search(ctx.db, filters, paging);
      const readable = rows.filter((row) => userRule(auth, 'read', row));
      const contacts = await repo.contactsOf(
        ctx.db,
        readable.map((r) => r.id),
      );
      return { rows: readable, contacts, total };
    },

    async create(auth: Auth, body: unknown) {
      authorize(userRule, auth, 'create', null);
      const { data, fields } = parseOrFields(CreateUserBody, body);
      if (!data) throw new ValidationError(RESOURCE, fields);
      return withContacts(ctx.db, await insert(auth.userId, data, data.role ?? MEMBER_ROLE));
    },

    async update(auth: Auth, id: number, body: unknown) {
      const current = await load(ctx.db, id);
      const requestedRole = typeof body === 'object' && body !== null ? (body as { role?: unknown }).role : undefined;
      const changeRole = typeof requestedRole === 'string' && requestedRole !== current.role;
      if (changeRole && auth.userId === id && auth.hasToken) throw new ApiError(403, UserMessages.cannotChangeOwnRole);
      authorize(userRule, auth, 'update', { ...current, changeRole });
      const { data, fields } = parseOrFields(UpdateUserBody, body);
      if (!data) throw new ValidationError(RESOURCE, fields);
      const weak = await passwordFields(data.password, {
        email: data.email ?? current.email,
        username: data.username ?? current.username,
        realname: data.realname === undefined ? current.realname : data.realname,
      });
      const passwordHash = data.password && weak.length === 0 ? await hashPassword(data.password) : undefined;
      const role = changeRole ? data.role : undefined;
      const adminLimit = await adminLimitFor(role);
      const saving = ctx.tx(async (trx) => {
        // Deleted by another request since it was read: gone, like any unknown user.
        if (!(await repo.findByIdForUpdate(trx, id))) notFound(RESOURCE, id);
        const checks = [...(await storeChecks(trx, { email: data.email, username: data.username, role, adminLimit }, id)), ...weak];
        if (checks.length > 0) throw new ValidationError(RESOURCE, checks);
        const user = await trx
          .updateTable('users')
          .set({
            ...(data.email !== undefined ? { email: data.email } : {}),
            ...(data.username !== undefined ? { username: data.username } : {}),
            ...(data.realname !== undefined ? { realname: data.realname } : {}),
            ...(data.language !== undefined ? { language: data.language } : {}),
            ...(changeRole ? { role: data.role } : {}),
            ...(passwordHash ? { password_hash: passwordHash } : {}),
            updated: ctx.now(),
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await appendEvent(trx, {
          type: 'user.updated',
          aggregateType: 'user',
          aggregateId: id,
          actorId: auth.userId,
          payload: { id, role: user.role },
        });
        return user;
      });
      const updated = await saving.catch((error: unknown) => {
        throw fromUniqueViolation(error);
      });
      return withContacts(ctx.db, updated);
    },

    async remove(auth: Auth, id: number) {
      const user = await load(ctx.db, id);
      if (auth.userId === id && auth.hasToken) throw new ApiError(403, UserMessages.cannotDeleteYourself);
      authorize(userRule, auth, 'delete', user);
      const contacts = await repo.contactsOf(ctx.db, [id]);
      await ctx.tx(async (trx) => {
        await revokeUserTokens(trx, id);
        await trx.deleteFrom('users').where('id', '=', id).execute();
        await appendEvent(trx, { type: 'user.deleted', aggregateType: 'user', aggregateId: id, actorId: auth.userId, payload: { id } });
      });
      return { user, contacts };
    },
  };
}
