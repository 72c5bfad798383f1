import type { Privilege } from '@platform/shared';
import { deny } from '../../http/errors';
import type { Auth } from '../auth';

/** Decides one privilege for one caller on one entity (or on an unsaved one for create/search). */
export type Rule<E> = (auth: Auth, privilege: Privilege, entity: E) => boolean;

export const BASIC_PRIVILEGES: readonly Privilege[] = ['read', 'create', 'update', 'delete', 'search'];

/** The `allowed_privileges` array every entity carries (API-CONTRACT 1, 8.5). */
export function allowedPrivileges<E>(
  rule: Rule<E>,
  auth: Auth,
  entity: E,
  candidates: readonly Privilege[] = BASIC_PRIVILEGES,
): Privilege[] {
  return candidates.filter((privilege) => rule(auth, privilege, entity));
}

/** Throws the 401/403 refusal unless the rule allows it. */
export function authorize<E>(rule: Rule<E>, auth: Auth, privilege: Privilege, entity: E, message?: string): void {
  if (!rule(auth, privilege, entity)) deny(auth, message);
}
