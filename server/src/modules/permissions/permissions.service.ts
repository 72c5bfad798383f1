import type { Auth } from '../../auth/auth';
import { permissionRule } from '../../auth/policy/roles.policy';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/database';
import { notFound } from '../../http/errors';
import type { Paging } from '../../http/query';
import * as repo from './permissions.repository';

export type PermissionsService = ReturnType<typeof createPermissionsService>;

/** Permissions are fixed by migrations: listed to administrators, never written (API-CONTRACT 4.2). */
export function createPermissionsService(ctx: AppContext) {
  return {
    async get(auth: Auth, id: number) {
      const permission = (await repo.findById(ctx.db, id)) ?? notFound('permission', id);
      authorize(permissionRule, auth, 'read', permission);
      return permission;
    },

    async search(auth: Auth, filters: repo.PermissionFilters, paging: Paging) {
      authorize(permissionRule, auth, 'search', null);
      return repo.search(ctx.db, filters, paging);
    },

    /** Names among `names` that are not permissions; roles refuse them (API-CONTRACT 4.1). */
    async unknownNames(db: Executor, names: string[]): Promise<string[]> {
      const known = await repo.existingNames(db, names);
      return names.filter((name) => !known.has(name));
    },
  };
}
