import type { ClientErrorReport } from '@platform/shared';
import type { ApiClient } from '../client';

/** Tells the server's log that a region of a screen failed here; a report that cannot be sent is dropped. */
export async function reportClientError(api: ApiClient, report: ClientErrorReport): Promise<void> {
  await api.send('POST', '/client-errors', { body: report }).catch(() => undefined);
}
