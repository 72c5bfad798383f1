import { sql } from 'kysely';
import type { PushedEvent } from '@platform/shared';
import type { ApiResponse } from './api';
import { unique } from './factories';
import type { TestServer } from './server';
import type { TestSocket } from './sockets';
import { expectStatus, newAttribute, newForm, newStage } from './surveys';

/** `POST /csv` with one file part, as the web client sends it. */
export async function uploadCsv(
  server: { url: string },
  token: string | null,
  content: string | Uint8Array,
  options: { type?: string; filename?: string; formId?: number } = {},
): Promise<ApiResponse> {
  const form = new FormData();
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  form.append('file', new Blob([new Uint8Array(bytes)], { type: options.type ?? 'text/csv' }), options.filename ?? `${unique('data')}.csv`);
  if (options.formId !== undefined) form.append('form_id', String(options.formId));
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}/api/v3/csv`, { method: 'POST', headers, body: form });
  const text = await res.text();
  const body: unknown = (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
  return { status: res.status, body, text, headers: res.headers };
}

/** A survey with a required text field, a location, a number and a multi-choice field. */
export async function importSurvey(server: TestServer, admin: string) {
  const form = await newForm(server, admin);
  const stage = await newStage(server, admin, form.id);
  const text = await newAttribute(server, admin, form.id, stage.id, { label: unique('Place '), required: true });
  const location = await newAttribute(server, admin, form.id, stage.id, { label: unique('Where '), type: 'point', input: 'location' });
  const count = await newAttribute(server, admin, form.id, stage.id, { label: unique('People '), type: 'int', input: 'number' });
  const needs = await newAttribute(server, admin, form.id, stage.id, {
    label: unique('Needs '),
    input: 'checkbox',
    options: ['water', 'food', 'shelter'],
    cardinality: 0,
  });
  return { form, stage, text, location, count, needs };
}

/** Uploads, maps and starts an import; answers the started import. */
export async function startImport(
  server: TestServer,
  token: string,
  content: string,
  mapping: { maps_to: unknown; fixed: Record<string, unknown> },
  filename?: string,
) {
  const uploaded = await uploadCsv(server, token, content, { filename });
  expectStatus(uploaded, 200);
  const mapped = await server.api.put(`/csv/${uploaded.body.id}`, mapping, { token });
  expectStatus(mapped, 200);
  const started = await server.api.post(`/csv/${uploaded.body.id}/import`, { id: uploaded.body.id, action: 'import' }, { token });
  expectStatus(started, 200);
  return started.body as { id: number; status: string; collection_id: number; total: number };
}

/** The event that ends an import (`import.completed`, `.failed` or `.cancelled`), as pushed. */
export const importEnded =
  (id: number) =>
  (event: PushedEvent): boolean =>
    event.aggregate_type === 'import' && event.aggregate_id === String(id) && /^import\.(completed|failed|cancelled)$/.test(event.type);

export async function waitForImport(socket: TestSocket, id: number, timeoutMs = 60_000): Promise<PushedEvent> {
  const [event] = await socket.waitFor(importEnded(id), 1, timeoutMs);
  return event!;
}

/** Titles of the posts in a collection, straight from the database (every status). */
export async function collectionTitles(server: TestServer, setId: number): Promise<string[]> {
  const rows = await server.ctx.db
    .selectFrom('posts_sets')
    .innerJoin('posts', 'posts.id', 'posts_sets.post_id')
    .select('posts.title')
    .where('posts_sets.set_id', '=', setId)
    .orderBy('posts.id')
    .execute();
  return rows.map((r) => r.title);
}

/** Resolves once every queued run of the import has ended in the job queue (its job state, polled). */
export async function importJobsSettled(server: TestServer, importId: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{ state: string }>`
      select state from pgboss.job where name = 'csv-import' and data->>'importId' = ${String(importId)}`.execute(server.ctx.db);
    if (rows.length > 0 && rows.every((r) => ['completed', 'failed', 'cancelled'].includes(r.state))) return;
    if (Date.now() > deadline) throw new Error(`import ${importId} jobs still running: ${rows.map((r) => r.state).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A CSV of `rows` reports for `importSurvey`: title, content, place; every `badEvery`th row lacks its place. */
export function reportsCsv(rows: number, badEvery = 0, prefix = 'Report'): string {
  const lines = ['title,content,place'];
  for (let i = 1; i <= rows; i++) lines.push(`${prefix} ${i},Body ${i},${badEvery > 0 && i % badEvery === 0 ? '' : `Place ${i}`}`);
  return `${lines.join('\n')}\n`;
}
