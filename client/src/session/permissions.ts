import { ADMIN_ROLE, LEGACY_BULK_IMPORT, PERMISSIONS } from '@platform/shared';
import type { Session } from './session-storage';

/** Any of these opens the settings area (spec 1 section 6). */
export const SETTINGS_PERMISSIONS = ['Manage Users', 'Manage Settings', 'Bulk Data Import and Export', LEGACY_BULK_IMPORT] as const;

/** Admin has every permission, whatever its role rows say. */
export const ALL_PERMISSIONS: readonly string[] = [...PERMISSIONS, LEGACY_BULK_IMPORT];

export const isLoggedIn = (session: Session | null): session is Session => session?.grantType === 'password';
export const isAdmin = (session: Session | null): boolean => isLoggedIn(session) && session.role === ADMIN_ROLE;

export function hasPermission(session: Session | null, permission: string): boolean {
  return isAdmin(session) || (isLoggedIn(session) && session.permissions.includes(permission));
}

/** Manage-permission check: admin or any permission present. */
export const canManage = (session: Session | null): boolean => isAdmin(session) || (isLoggedIn(session) && session.permissions.length > 0);

export const canOpenSettings = (session: Session | null): boolean => SETTINGS_PERMISSIONS.some((p) => hasPermission(session, p));
