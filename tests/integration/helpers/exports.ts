import type { PushedEvent } from '@platform/shared';
import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import { unique } from './factories';
import type { TestServer } from './server';
import type { TestSocket } from './sockets';
import { expectStatus } from './surveys';

export const ofExport = (id: number) => (event: PushedEvent) => event.aggregate_type === 'export' && event.aggregate_id === String(id);

export const exportEnded =
  (id: number) =>
  (event: PushedEvent): boolean =>
    ofExport(id)(event) && /^export\.(completed|failed|cancelled)$/.test(event.type);

export async function waitForExport(socket: TestSocket, id: number, timeoutMs = 60_000): Promise<PushedEvent> {
  const [event] = await socket.waitFor(exportEnded(id), 1, timeoutMs);
  return event!;
}

/** `POST /exports/jobs` answering the PENDING job. */
export async function startExport(server: { api: TestServer['api'] }, token: string, body: Record<string, unknown> = {}) {
  const res = await server.api.post(
    '/exports/jobs',
    { entity_type: 'post', send_to_browser: true, send_to_hdx: false, ...body },
    { token },
  );
  expectStatus(res, 200);
  expect(res.body.status).toBe('PENDING');
  return res.body as { id: number; status: string; url: string | null };
}

/** Downloads a finished job's signed `url` (no bearer token) and parses the CSV without its BOM. */
export async function downloadCsv(server: { api: TestServer['api'] }, token: string, id: number): Promise<string[][]> {
  const job = await server.api.get(`/exports/jobs/${id}`, { token });
  expectStatus(job, 200);
  expect(job.body.status).toBe('SUCCESS');
  const res = await fetch(job.body.url as string);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/csv');
  const text = await res.text();
  return parse(text.replace(/^\uFEFF/, ''), { relax_column_count: false }) as string[][];
}

/** Many posts straight into the table in one statement (for long exports). */
export async function insertManyPosts(server: TestServer, count: number, values: Record<string, unknown> = {}): Promise<void> {
  const prefix = unique('Bulk ');
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
      title: `${prefix} ${start + i}`,
      content: 'bulk',
      status: 'published',
      ...values,
    }));
    await server.ctx.db
      .insertInto('posts')
      .values(rows as never)
      .execute();
  }
}
