import { listEnvelope, RoleSchema, type Role } from '@platform/shared';
import type { ApiClient } from '../../../api/client';

const RoleList = listEnvelope(RoleSchema);

/** Every role, for "who can submit" and "who can see" choices (GET /roles, API-CONTRACT 4.1). */
export const listRoles = async (api: ApiClient): Promise<Role[]> => (await api.get('/roles', RoleList)).results;
