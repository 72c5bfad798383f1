import { ContactSchema, listEnvelope, type Contact } from '@platform/shared';
import type { ApiClient } from '../client';

const ContactList = listEnvelope(ContactSchema);

export async function listMyContacts(api: ApiClient): Promise<Contact[]> {
  return (await api.get('/contacts', ContactList, { query: { user: 'me' } })).results;
}

export type ContactInput = { type: string; contact: string; can_notify: boolean };

export function createContact(api: ApiClient, body: ContactInput & { user_id?: number }): Promise<Contact> {
  return api.post('/contacts', ContactSchema, { body });
}

export function updateContact(api: ApiClient, id: number, body: ContactInput): Promise<Contact> {
  return api.put(`/contacts/${id}`, ContactSchema, { body });
}

/** Real v3 lets only admins delete contacts; the caller shows the failure (API-CONTRACT 13.2). */
export function deleteContact(api: ApiClient, id: number): Promise<Contact> {
  return api.delete(`/contacts/${id}`, ContactSchema, { ignore403: true });
}
