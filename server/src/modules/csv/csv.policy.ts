import type { Privilege } from '@platform/shared';
import { hasPermission, type Auth } from '../../auth/auth';

/**
 * CSV imports are for administrators and holders of `Bulk Data Import and Export` or its legacy
 * alias `Bulk Data Import` (API-CONTRACT 4.2, 14.4); everyone else is refused every privilege.
 */
export const csvRule = (auth: Auth, _privilege: Privilege, _entity: unknown): boolean => hasPermission(auth, 'Bulk Data Import and Export');
