import { LEGACY_BULK_IMPORT } from '@platform/shared';
import { canOpenSettings, hasPermission, isAdmin } from '../../session/permissions';
import type { Session } from '../../session/session-storage';

type Rule = (session: Session | null) => boolean;

/**
 * Who may open each settings area (spec 3 section 6); the hub cards and the route guards share
 * these so a card never links to a screen that sends its user away.
 */
export const settingsAccess = {
  any: canOpenSettings,
  manageSettings: (s) => hasPermission(s, 'Manage Settings'),
  manageUsers: (s) => hasPermission(s, 'Manage Users'),
  admin: isAdmin,
  import: (s) => hasPermission(s, 'Bulk Data Import and Export') || hasPermission(s, LEGACY_BULK_IMPORT),
  export: (s) => hasPermission(s, 'Bulk Data Import and Export'),
} satisfies Record<string, Rule>;
