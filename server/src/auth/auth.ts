import { ADMIN_ROLE, LEGACY_BULK_IMPORT, type PermissionName } from '@platform/shared';

/** Who is calling: built once per request (or socket) by the auth middleware. */
export type Auth = {
  /** The request carried a valid bearer token (decides 401 vs 403, API-CONTRACT 2.2). */
  hasToken: boolean;
  userId: number | null;
  role: string | null;
  permissions: ReadonlySet<string>;
  scopes: ReadonlySet<string>;
  clientId: string | null;
  tokenId: number | null;
  /** `site.private` with the `private` feature on: anonymous callers see nothing but config. */
  privateDeployment: boolean;
};

export const anonymousAuth = (privateDeployment = false): Auth => ({
  hasToken: false,
  userId: null,
  role: null,
  permissions: new Set(),
  scopes: new Set(),
  clientId: null,
  tokenId: null,
  privateDeployment,
});

export const isAdmin = (auth: Auth): boolean => auth.userId !== null && auth.role === ADMIN_ROLE;
export const isLoggedIn = (auth: Auth): auth is Auth & { userId: number } => auth.userId !== null;

/** Admin holds every permission regardless of rows (API-CONTRACT 4.2). */
export function hasPermission(auth: Auth, permission: PermissionName): boolean {
  if (!isLoggedIn(auth)) return false;
  if (isAdmin(auth)) return true;
  if (auth.permissions.has(permission)) return true;
  return permission === 'Bulk Data Import and Export' && auth.permissions.has(LEGACY_BULK_IMPORT);
}

/** Anyone who may open the settings area (spec 1 section 6). */
export function hasSettingsAccess(auth: Auth): boolean {
  return (
    isAdmin(auth) ||
    hasPermission(auth, 'Manage Users') ||
    hasPermission(auth, 'Manage Settings') ||
    hasPermission(auth, 'Bulk Data Import and Export')
  );
}

/** Anonymous callers of a private deployment are refused before any other rule. */
export const blockedByPrivacy = (auth: Auth): boolean => auth.privateDeployment && !isLoggedIn(auth);

export function hasScope(auth: Auth, scope: string): boolean {
  return auth.scopes.has('*') || auth.scopes.has(scope);
}
