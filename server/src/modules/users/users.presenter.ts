import { createHash } from 'node:crypto';
import type { Auth } from '../../auth/auth';
import { allowedPrivileges } from '../../auth/policy/policy';
import { userRule } from '../../auth/policy/users.policy';
import { epochSeconds, resourceUrl, w3c } from '../../http/urls';
import type { UserContact, UserRow } from './users.repository';

export const gravatar = (email: string | null): string =>
  email ? createHash('md5').update(email.trim().toLowerCase()).digest('hex') : '00000000000000000000000000000000';

/**
 * User JSON (API-CONTRACT 5). Without `read_full` a caller sees only the public part:
 * `id, url, username, realname, allowed_privileges, contacts`. `password` never leaves.
 */
export function presentUser(base: string, auth: Auth, user: UserRow, contacts: UserContact[], options: { full?: boolean } = {}) {
  const privileges = allowedPrivileges(userRule, auth, user, ['read', 'create', 'update', 'delete', 'search', 'read_full']);
  const ownContacts = contacts
    .filter((c) => c.user_id === user.id)
    .map((c) => ({ id: c.id, url: resourceUrl(base, 'contacts', c.id), type: c.type, contact: c.contact }));
  const url = resourceUrl(base, 'users', user.id);
  if (!privileges.includes('read_full') && !options.full) {
    return { id: user.id, url, username: user.username, realname: user.realname, contacts: ownContacts, allowed_privileges: privileges };
  }
  return {
    id: user.id,
    url,
    email: user.email,
    username: user.username,
    realname: user.realname,
    role: user.role,
    language: user.language,
    logins: user.logins,
    failed_attempts: user.failed_attempts,
    last_login: epochSeconds(user.last_login),
    last_attempt: epochSeconds(user.last_attempt),
    created: w3c(user.created),
    updated: w3c(user.updated),
    contacts: ownContacts,
    gravatar: gravatar(user.email),
    allowed_privileges: privileges,
  };
}
