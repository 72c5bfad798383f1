import { createHmac } from 'node:crypto';
import type { ApiResponse } from './api';
import type { TestServer } from './server';
import { expectStatus } from './surveys';

/** Posts a form as the SMS gateways do (application/x-www-form-urlencoded) to a path on the backend root. */
export async function postForm(
  server: TestServer,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  return server.api.request('POST', `${server.url}${path}`, {
    raw: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  });
}

/** Saves a provider's settings and switch through `PUT /config/data-provider`, as the settings screen does. */
export async function configureProvider(
  server: TestServer,
  admin: string,
  id: string,
  values: Record<string, unknown>,
  enabled = true,
): Promise<void> {
  // `providers` is stored as given (PUT merges top-level keys only): send the whole map, as the screen does.
  const current = await server.api.get('/config/data-provider', { token: admin });
  expectStatus(current, 200);
  const providers = { ...(current.body.providers as Record<string, boolean>), [id]: enabled };
  expectStatus(await server.api.put('/config/data-provider', { providers, [id]: values }, { token: admin }), 200);
}

/** Twilio's X-Twilio-Signature for a form post to `url`, computed as Twilio documents it. */
export function signTwilio(authToken: string, url: string, fields: Record<string, string>): string {
  const data = Object.keys(fields)
    .sort()
    .reduce((acc, key) => acc + key + fields[key], url);
  return createHmac('sha1', authToken).update(data).digest('base64');
}

/** Rows of one table matching a column, straight from the database. */
export async function incomingFrom(server: TestServer, dataSource: string) {
  return server.ctx.db
    .selectFrom('messages')
    .leftJoin('contacts', 'contacts.id', 'messages.contact_id')
    .select([
      'messages.id',
      'messages.message',
      'messages.post_id',
      'messages.data_source_message_id',
      'messages.datetime',
      'contacts.contact',
      'contacts.type as contact_type',
    ])
    .where('messages.direction', '=', 'incoming')
    .where('messages.data_source', '=', dataSource)
    .orderBy('messages.id')
    .execute();
}
