import { PUBLIC_CONFIG_GROUPS, READONLY_CONFIG_GROUPS, type ConfigGroup } from '@platform/shared';
import { hasPermission, isAdmin, type Auth } from '../auth';
import type { Rule } from './policy';

const manages = (auth: Auth) => isAdmin(auth) || hasPermission(auth, 'Manage Settings');

/** Public groups stay readable on a private deployment so the client learns it is private (API-CONTRACT 4.3, 6). */
export const configRule: Rule<{ group: ConfigGroup }> = (auth, privilege, { group }) => {
  switch (privilege) {
    case 'search':
      return true;
    case 'read':
      return PUBLIC_CONFIG_GROUPS.includes(group) || manages(auth);
    case 'update':
      return !READONLY_CONFIG_GROUPS.includes(group) && manages(auth);
    default:
      return false;
  }
};
