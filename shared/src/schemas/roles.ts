import { z } from 'zod';
import { NAME_MAX } from '../constants';
import { listQuery, queryWord, queryWords } from './list-query';

export const RoleMessages = {
  nameRequired: 'Role name is required',
  displayNameRequired: 'Display name is required',
  displayNameTooShort: 'Display name must be at least 3 characters long',
  displayNameTooLong: 'Display name is too long',
  descriptionTooLong: 'Description is too long',
  descriptionInvalid: 'Description must be text',
  lastAdmin: 'You can not delete the only admin role',
  protectedRole: 'Protected roles can not be deleted',
  // Role names travel in comma lists (`role=a,b`), so a comma would split one name in two.
  nameInvalid: 'Role name can not contain commas',
  nameTooLong: 'Role name is too long',
  nameTaken: 'Role name is already in use',
  permissionsInvalid: 'permissions must be a list of permission names',
  // The server's own wording for a disabled `roles` feature (API-CONTRACT 4.1).
  rolesNotEnabled: 'The roles feature is not enabled for your deployment.',
  permissionUnknown: (name: string) => `Permission ${name} does not exist`,
} as const;
const M = RoleMessages;

const Description = z.string({ error: M.descriptionInvalid }).trim().max(NAME_MAX, M.descriptionTooLong).nullable().optional();
const PermissionNames = z
  .array(z.string({ error: M.permissionsInvalid }).trim(), { error: M.permissionsInvalid })
  .max(100, M.permissionsInvalid);

const DisplayName = z
  .string({ error: M.displayNameRequired })
  .trim()
  .min(1, M.displayNameRequired)
  .min(3, M.displayNameTooShort)
  .max(NAME_MAX, M.displayNameTooLong);

/**
 * `display_name` may be omitted by older API clients; the server then uses `name` (the legacy
 * client does the reverse: it copies the display name into `name`).
 */
export const CreateRoleBody = z.object({
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .max(NAME_MAX, M.nameTooLong)
    .refine((name) => !name.includes(','), M.nameInvalid),
  display_name: DisplayName.optional(),
  description: Description,
  permissions: PermissionNames.optional(),
});
export type CreateRoleBody = z.infer<typeof CreateRoleBody>;

/** `name` and `protected` are immutable after creation: updates ignore them (API-CONTRACT 4.1). */
export const UpdateRoleBody = z.object({
  display_name: DisplayName.optional(),
  description: Description,
  permissions: PermissionNames.optional(),
});
export type UpdateRoleBody = z.infer<typeof UpdateRoleBody>;

export const RoleSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  name: z.string(),
  display_name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  protected: z.boolean(),
  allowed_privileges: z.array(z.string()),
});
export type Role = z.infer<typeof RoleSchema>;

export const PermissionSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  allowed_privileges: z.array(z.string()),
});
export type Permission = z.infer<typeof PermissionSchema>;

export const ROLE_SORTABLE = ['id', 'name', 'display_name', 'created', 'updated'] as const;

/** `GET /roles`: the web client asks `name=<role>` right after login (API-CONTRACT 4.1). */
export const RoleListQuery = listQuery({ sortable: ROLE_SORTABLE, orderby: 'id' }, { name: queryWords, q: queryWord });
export type RoleListQuery = z.infer<typeof RoleListQuery>;

export const PERMISSION_SORTABLE = ['id', 'name'] as const;

/** `GET /permissions` (API-CONTRACT 4.2). */
export const PermissionListQuery = listQuery({ sortable: PERMISSION_SORTABLE, orderby: 'id' }, { q: queryWord, name: queryWords });
export type PermissionListQuery = z.infer<typeof PermissionListQuery>;
