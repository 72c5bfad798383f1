import type { Message } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { allowedPrivileges } from '../../auth/policy/policy';
import { ref, resourceUrl, w3c } from '../../http/urls';
import { MESSAGE_PRIVILEGES, messageRule } from './messages.policy';
import type { MessageRow } from './messages.repository';

/** Message JSON (API-CONTRACT 13.3). */
export function presentMessage(base: string, auth: Auth, row: MessageRow): Message {
  return {
    id: row.id,
    url: resourceUrl(base, 'messages', row.id),
    parent: ref(base, 'messages', row.parent_id),
    contact_id: row.contact_id,
    post_id: row.post_id,
    user: ref(base, 'users', row.user_id),
    title: row.title,
    message: row.message,
    datetime: w3c(row.datetime),
    type: row.type,
    status: row.status,
    direction: row.direction,
    created: w3c(row.created) ?? '',
    updated: w3c(row.updated),
    data_source: row.data_source,
    data_source_message_id: row.data_source_message_id,
    additional_data: row.additional_data,
    contact: row.contact,
    contact_type: row.contact_type,
    allowed_privileges: allowedPrivileges(messageRule, auth, row, MESSAGE_PRIVILEGES),
  };
}
