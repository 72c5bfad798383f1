import { hasPermission, isAdmin, isLoggedIn } from '../auth';
import type { Rule } from './policy';

type Owned = { userId: number | null } | null;

const owns = (auth: { userId: number | null }, entity: Owned) => entity !== null && entity.userId !== null && entity.userId === auth.userId;

/** Terms-of-service agreements: a logged-in user records and reads their own (API-CONTRACT 14.10). */
export const tosRule: Rule<Owned> = (auth, privilege, tos) => {
  if (!isLoggedIn(auth)) return false;
  if (privilege === 'create' || privilege === 'search') return true;
  return privilege === 'read' && (owns(auth, tos) || isAdmin(auth));
};

/**
 * ContactAuthorizer (API-CONTRACT 13.2), tightened: real v3 lets any logged-in user read every
 * contact, which hands members each other's phone numbers. Here a contact is read by its owner,
 * by those who manage users, and by moderators (Manage Posts), who reply to reporters' threads.
 * Owners may also delete their own contacts, which the spec's contacts modal offers.
 */
export const contactRule: Rule<Owned> = (auth, privilege, contact) => {
  if (!isLoggedIn(auth)) return false;
  if (isAdmin(auth)) return true;
  switch (privilege) {
    case 'search':
      return true;
    case 'read':
      return owns(auth, contact) || hasPermission(auth, 'Manage Users') || hasPermission(auth, 'Manage Posts');
    case 'create':
      return contact === null || contact.userId === null || owns(auth, contact);
    case 'update':
    case 'delete':
      return owns(auth, contact);
    default:
      return false;
  }
};

/** NotificationAuthorizer (API-CONTRACT 13.1). */
export const notificationRule: Rule<Owned> = (auth, privilege, notification) => {
  if (!isLoggedIn(auth)) return false;
  if (isAdmin(auth)) return true;
  if (privilege === 'search') return true;
  if (privilege === 'create') return notification === null || owns(auth, notification);
  return owns(auth, notification) && ['read', 'update', 'delete'].includes(privilege);
};

const managesSettings = (auth: Parameters<typeof hasPermission>[0]) => isAdmin(auth) || hasPermission(auth, 'Manage Settings');

/** API keys and country codes: admins and Manage Settings (API-CONTRACT 14.7, 14.9, 17). */
export const settingsResourceRule: Rule<unknown> = (auth, privilege) => {
  if (!managesSettings(auth)) return false;
  return ['read', 'create', 'update', 'delete', 'search'].includes(privilege);
};

/** User settings: the user themselves, or an administrator. */
export const userSettingRule: Rule<Owned> = (auth, privilege, setting) => {
  if (!isLoggedIn(auth)) return false;
  if (isAdmin(auth)) return true;
  return owns(auth, setting) && ['read', 'create', 'update', 'delete', 'search'].includes(privilege);
};
