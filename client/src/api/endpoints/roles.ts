import { listEnvelope, RoleSchema, type Role } from '@platform/shared';
import type { ApiClient } from '../client';

const RoleList = listEnvelope(RoleSchema);

/** The logged-in user's role, fetched by name right after login (API-CONTRACT 4.1). */
export async function findRoleByName(api: ApiClient, name: string, token?: string): Promise<Role | null> {
  const list = await api.get('/roles', RoleList, { query: { name }, ...(token === undefined ? {} : { token }) });
  return list.results.find((role) => role.name === name) ?? null;
}

export async function listRoles(api: ApiClient): Promise<Role[]> {
  return (await api.get('/roles', RoleList, { query: { orderby: 'display_name', order: 'asc' } })).results;
}

export function getRole(api: ApiClient, id: number): Promise<Role> {
  return api.get(`/roles/${id}`, RoleSchema);
}

export type RoleInput = { name?: string; display_name: string; description: string; permissions?: string[] };

export function createRole(api: ApiClient, body: RoleInput): Promise<Role> {
  return api.post('/roles', RoleSchema, { body });
}

/** `name` and `protected` cannot change after creation (API-CONTRACT 4.1): they are never sent. */
export function updateRole(api: ApiClient, id: number, body: Omit<RoleInput, 'name'>): Promise<Role> {
  return api.put(`/roles/${id}`, RoleSchema, { body });
}

export function deleteRole(api: ApiClient, id: number): Promise<Role> {
  return api.delete(`/roles/${id}`, RoleSchema);
}
