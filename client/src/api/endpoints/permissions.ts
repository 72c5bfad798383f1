import { listEnvelope, PermissionSchema, type Permission } from '@platform/shared';
import type { ApiClient } from '../client';

const PermissionList = listEnvelope(PermissionSchema);

/** Every permission name a role can hold (admin only, API-CONTRACT 4.2). */
export async function listPermissions(api: ApiClient): Promise<Permission[]> {
  return (await api.get('/permissions', PermissionList)).results;
}
