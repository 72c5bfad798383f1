import type { Privilege } from '@platform/shared';
import { isAdmin, isLoggedIn, type Auth } from '../../auth/auth';

/**
 * Exports are for administrators and holders of `Manage Posts` or `Bulk Data Import and Export`
 * (API-CONTRACT 14.5); the legacy `Bulk Data Import` alone imports only (spec 3 section 5). A job
 * is its requester's: others who may export do not see it, administrators see every job.
 */
export const canExport = (auth: Auth): boolean =>
  isLoggedIn(auth) && (isAdmin(auth) || auth.permissions.has('Manage Posts') || auth.permissions.has('Bulk Data Import and Export'));

export const exportRule = (auth: Auth, _privilege: Privilege, job: { user_id: number | null } | null): boolean =>
  canExport(auth) && (job === null || isAdmin(auth) || job.user_id === auth.userId);
