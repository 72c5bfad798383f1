import { CreateUserSettingBody, MAX_DB_ID, UpdateUserSettingBody, UserSettingMessages } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { userSettingRule } from '../../auth/policy/account.policy';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import { ApiError, deny, notFound, parseBody, ValidationError } from '../../http/errors';
import type { Paging } from '../../http/query';
import * as repo from './user-settings.repository';

const RESOURCE = 'user_setting';

const duplicate = (userId: number, key: string) =>
  new ValidationError(RESOURCE, [{ pointer: '/config_key', message: UserSettingMessages.duplicate(userId, key) }]);

export type UserSettingsService = ReturnType<typeof createUserSettingsService>;

/**
 * Per-user settings under `/users/{user_id}/settings` (API-CONTRACT 5): the user themselves or an
 * admin. The whole resource is absent (404) while the `user-settings` feature is off.
 */
export function createUserSettingsService(ctx: AppContext) {
  async function load(userId: number, id: number) {
    return (await repo.findOfUser(ctx.db, userId, id)) ?? notFound(RESOURCE, id);
  }

  return {
    async assertEnabled() {
      if (!(await ctx.settings.feature('user-settings'))) throw new ApiError(404, 'That URL does not exist');
    },

    /** The path's user: an id or `me`; an unknown user is a 404 like any unknown parent. */
    async resolveUser(auth: Auth, param: string): Promise<number> {
      if (param.toLowerCase() === 'me') return auth.userId ?? deny(auth);
      const id = Number(param);
      if (!/^\d+$/.test(param) || !Number.isSafeInteger(id) || id > MAX_DB_ID || !(await repo.userExists(ctx.db, id))) {
        return notFound('user', param);
      }
      return id;
    },

    async search(auth: Auth, userId: number, filters: repo.UserSettingFilters, paging: Paging) {
      authorize(userSettingRule, auth, 'search', { userId });
      return repo.searchOfUser(ctx.db, userId, filters, paging);
    },

    async get(auth: Auth, userId: number, id: number) {
      const row = await load(userId, id);
      authorize(userSettingRule, auth, 'read', { userId: row.user_id });
      return row;
    },

    async create(auth: Auth, userId: number, body: unknown) {
      authorize(userSettingRule, auth, 'create', { userId });
      const data = parseBody(CreateUserSettingBody, body, RESOURCE);
      const row = await repo.insert(ctx.db, { user_id: userId, config_key: data.config_key, config_value: data.config_value });
      if (!row) throw duplicate(userId, data.config_key);
      return row;
    },

    async update(auth: Auth, userId: number, id: number, body: unknown) {
      const current = await load(userId, id);
      authorize(userSettingRule, auth, 'update', { userId: current.user_id });
      const data = parseBody(UpdateUserSettingBody, body, RESOURCE);
      return ctx.tx(async (trx) => {
        // Serialises with a concurrent create of the same key (its foreign key check waits on this lock).
        await repo.lockUser(trx, userId);
        if (data.config_key !== undefined && (await repo.keyTakenByOther(trx, userId, data.config_key, id))) {
          throw duplicate(userId, data.config_key);
        }
        const updated = await repo.update(trx, id, {
          ...(data.config_key !== undefined ? { config_key: data.config_key } : {}),
          ...(data.config_value !== undefined ? { config_value: data.config_value } : {}),
          updated: ctx.now(),
        });
        return updated ?? notFound(RESOURCE, id);
      });
    },

    async remove(auth: Auth, userId: number, id: number) {
      const row = await load(userId, id);
      authorize(userSettingRule, auth, 'delete', { userId: row.user_id });
      await repo.remove(ctx.db, id);
      return row;
    },
  };
}
