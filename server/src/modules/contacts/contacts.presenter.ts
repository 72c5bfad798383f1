import type { Auth } from '../../auth/auth';
import { contactRule } from '../../auth/policy/account.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { ref, resourceUrl, w3c } from '../../http/urls';
import type { ContactRow } from './contacts.repository';

/** Contact JSON (API-CONTRACT 13.2). */
export function presentContact(base: string, auth: Auth, contact: ContactRow) {
  return {
    id: contact.id,
    url: resourceUrl(base, 'contacts', contact.id),
    user: ref(base, 'users', contact.user_id),
    data_source: contact.data_source,
    type: contact.type,
    contact: contact.contact,
    created: w3c(contact.created),
    updated: w3c(contact.updated),
    can_notify: contact.can_notify,
    allowed_privileges: allowedPrivileges(contactRule, auth, { userId: contact.user_id }),
  };
}
