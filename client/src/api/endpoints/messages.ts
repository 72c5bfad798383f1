import { listEnvelope, MESSAGE_THREAD_PAGE_SIZE, MessageSchema, type Message } from '@platform/shared';
import type { z } from 'zod';
import type { ApiClient } from '../client';

const ThreadSchema = listEnvelope(MessageSchema);
export type Thread = z.infer<typeof ThreadSchema>;

/** One page of a contact's thread, oldest first, as the legacy thread view asks (API-CONTRACT 13.3). */
export const getThreadPage = (api: ApiClient, contactId: number, page: number): Promise<Thread> =>
  api.get('/messages', ThreadSchema, {
    query: {
      contact: String(contactId),
      offset: String((page - 1) * MESSAGE_THREAD_PAGE_SIZE),
      limit: String(MESSAGE_THREAD_PAGE_SIZE),
      order: 'asc',
      orderby: 'created',
    },
  });

/** A reply to the contact: stored as pending and queued for delivery through its data source. */
export const sendMessage = (api: ApiClient, body: { message: string; contact_id: number; parent_id?: number | null }): Promise<Message> =>
  api.post('/messages', MessageSchema, { body: { ...body, direction: 'outgoing' } });
