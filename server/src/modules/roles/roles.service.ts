import { ADMIN_ROLE, CreateRoleBody, RoleMessages, UpdateRoleBody } from '@platform/shared';
import { isAdmin, type Auth } from '../../auth/auth';
import { authorize } from '../../auth/policy/policy';
import { roleRule } from '../../auth/policy/roles.policy';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/database';
import { appendEvent } from '../../events/events.repository';
import { notFound, parseBody, ValidationError, type FieldError } from '../../http/errors';
import type { Paging } from '../../http/query';
import type { PermissionsService } from '../permissions/permissions.service';
import * as repo from './roles.repository';

const RESOURCE = 'role';

export type RoleWithPermissions = { role: repo.RoleRow; permissions: string[] };
export type RolesService = ReturnType<typeof createRolesService>;

export function createRolesService(ctx: AppContext, permissions: PermissionsService) {
  async function withPermissions(db: Executor, role: repo.RoleRow): Promise<RoleWithPermissions> {
    return { role, permissions: (await repo.permissionsOf(db, [role.name])).get(role.name) ?? [] };
  }

  async function load(db: Executor, id: number) {
    return (await repo.findById(db, id)) ?? notFound(RESOURCE, id);
  }

  /** With the `roles` feature off no role is written (v3 `rolesNotEnabled`, API-CONTRACT 4.1). */
  async function assertRolesEnabled() {
    if (!(await ctx.settings.rolesEnabled()))
      throw new ValidationError(RESOURCE, [{ pointer: '/name', message: RoleMessages.rolesNotEnabled }]);
  }

  async function permissionProblems(db: Executor, names: string[] | undefined): Promise<FieldError[]> {
    if (!names) return [];
    const unknown = await permissions.unknownNames(db, names);
    return unknown.length > 0 ? [{ pointer: '/permissions', message: RoleMessages.permissionUnknown(unknown[0]!) }] : [];
  }

  const unique = (names: string[] | undefined) => (names ? [...new Set(names)] : undefined);

  return {
    async get(auth: Auth, id: number) {
      const role = await load(ctx.db, id);
      authorize(roleRule, auth, 'read', role);
      return withPermissions(ctx.db, role);
    },

    async search(auth: Auth, filters: repo.RoleFilters, paging: Paging) {
      authorize(roleRule, auth, 'search', null);
      const { rows, total } = await repo.search(ctx.db, filters, paging);
      const readable = rows.filter((row) => roleRule(auth, 'read', row));
      const map = await repo.permissionsOf(
        ctx.db,
        readable.map((r) => r.name),
      );
      return { rows: readable.map((role) => ({ role, permissions: map.get(role.name) ?? [] })), total };
    },

    async create(auth: Auth, body: unknown): Promise<RoleWithPermissions> {
      authorize(roleRule, auth, 'create', null);
      await assertRolesEnabled();
      const data = parseBody(CreateRoleBody, body, RESOURCE);
      const granted = unique(data.permissions);
      return ctx.tx(async (trx) => {
        const fields = await permissionProblems(trx, granted);
        if (await repo.nameTaken(trx, data.name)) fields.unshift({ pointer: '/name', message: RoleMessages.nameTaken });
        if (fields.length > 0) throw new ValidationError(RESOURCE, fields);
        const role = await trx
          .insertInto('roles')
          .values({ name: data.name, display_name: data.display_name ?? data.name, description: data.description ?? null })
          .onConflict((oc) => oc.column('name').doNothing())
          .returningAll()
          .executeTakeFirst();
        // A concurrent create of the same name won the race.
        if (!role) throw new ValidationError(RESOURCE, [{ pointer: '/name', message: RoleMessages.nameTaken }]);
        await repo.replacePermissions(trx, role.name, granted ?? []);
        return withPermissions(trx, role);
      });
    },

    /** `name` and `protected` are immutable: the body schema drops them (API-CONTRACT 4.1). */
    async update(auth: Auth, id: number, body: unknown): Promise<RoleWithPermissions> {
      const current = await load(ctx.db, id);
      authorize(roleRule, auth, 'update', current);
      await assertRolesEnabled();
      const data = parseBody(UpdateRoleBody, body, RESOURCE);
      const granted = unique(data.permissions);
      return ctx.tx(async (trx) => {
        const role = (await repo.findByIdForUpdate(trx, id)) ?? notFound(RESOURCE, id);
        const fields = await permissionProblems(trx, granted);
        if (fields.length > 0) throw new ValidationError(RESOURCE, fields);
        const updated = await trx
          .updateTable('roles')
          .set({
            ...(data.display_name !== undefined ? { display_name: data.display_name } : {}),
            ...(data.description !== undefined ? { description: data.description } : {}),
            updated: ctx.now(),
          })
          .where('id', '=', role.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (granted) {
          await repo.replacePermissions(trx, role.name, granted);
          // Open sockets of this role's users receive what the new permissions allow, on every node.
          await appendEvent(trx, { type: 'role.updated', aggregateType: 'role', aggregateId: role.name, actorId: auth.userId });
        }
        return withPermissions(trx, updated);
      });
    },

    /**
     * Protected roles (admin, user) are never deleted: that is what keeps the only admin role
     * (spec 3 section 5). Users of a deleted role keep no role (FK `ON DELETE SET NULL`).
     */
    async remove(auth: Auth, id: number): Promise<RoleWithPermissions> {
      const role = await load(ctx.db, id);
      const refusal =
        isAdmin(auth) && role.protected ? (role.name === ADMIN_ROLE ? RoleMessages.lastAdmin : RoleMessages.protectedRole) : undefined;
      authorize(roleRule, auth, 'delete', role, refusal);
      return ctx.tx(async (trx) => {
        const locked = (await repo.findByIdForUpdate(trx, id)) ?? notFound(RESOURCE, id);
        const deleted = await withPermissions(trx, locked);
        await trx.deleteFrom('roles').where('id', '=', id).execute();
        await appendEvent(trx, { type: 'role.deleted', aggregateType: 'role', aggregateId: locked.name, actorId: auth.userId });
        return deleted;
      });
    },
  };
}
