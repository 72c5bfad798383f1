import { expect } from 'vitest';
import type { ApiResponse } from './api';
import { adminToken, createRole, createUser, tokenFor, unique, type TestUser } from './factories';
import type { TestServer } from './server';

/** Every kind of caller the survey and category rules distinguish. */
export type Callers = { admin: string; manager: TestUser; member: TestUser; client: string };

export async function makeCallers(server: TestServer): Promise<Callers> {
  return {
    admin: await adminToken(server),
    manager: await createUser(server, { role: await createRole(server, ['Manage Settings']) }),
    member: await createUser(server),
    client: await tokenFor(server, null),
  };
}

/** Stores one config key directly (`features` is read-only over the API) and drops the cache. */
export async function storeConfig(server: TestServer, group: string, key: string, value: unknown): Promise<void> {
  await server.ctx.db
    .insertInto('config')
    .values({ group_name: group, key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.columns(['group_name', 'key']).doUpdateSet({ value: JSON.stringify(value) }))
    .execute();
  server.ctx.settings.invalidate(group);
}

export async function dropConfig(server: TestServer, group: string, key: string): Promise<void> {
  await server.ctx.db.deleteFrom('config').where('group_name', '=', group).where('key', '=', key).execute();
  server.ctx.settings.invalidate(group);
}

/** A 422 envelope with the summary first and this field entry (API-CONTRACT 2.1). */
export function expectField(res: ApiResponse, pointer: string, message: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.errors[0].status).toBe(422);
  expect(res.body.errors[0].message).toContain(message);
  expect(res.body.errors).toContainEqual({ status: 422, title: message, message, source: { pointer } });
}

export function expectStatus(res: ApiResponse, status: number): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  if (status >= 400) expect(res.body.errors[0].status).toBe(status);
}

export async function newForm(server: TestServer, token: string, body: Record<string, unknown> = {}) {
  const res = await server.api.post('/forms', { name: unique('Survey '), ...body }, { token });
  expectStatus(res, 200);
  return res.body as { id: number; name: string } & Record<string, any>;
}

export async function newStage(server: TestServer, token: string, formId: number, body: Record<string, unknown> = {}) {
  const res = await server.api.post(
    `/forms/${formId}/stages`,
    { label: 'Post', type: 'post', show_when_published: true, task_is_internal_only: false, ...body },
    { token },
  );
  expectStatus(res, 200);
  return res.body as { id: number } & Record<string, any>;
}

export async function newAttribute(server: TestServer, token: string, formId: number, stageId: number, body: Record<string, unknown> = {}) {
  const res = await server.api.post(
    `/forms/${formId}/attributes`,
    { label: unique('Field '), type: 'varchar', input: 'text', form_stage_id: stageId, ...body },
    { token },
  );
  expectStatus(res, 200);
  return res.body as { id: number; key: string } & Record<string, any>;
}

export async function newTag(server: TestServer, token: string, body: Record<string, unknown> = {}) {
  const res = await server.api.post('/tags', { tag: unique('Category '), ...body }, { token });
  expectStatus(res, 200);
  return res.body as { id: number; slug: string } & Record<string, any>;
}

export const roleIdOf = async (server: TestServer, name: string): Promise<number> =>
  (await server.ctx.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

export const ids = (res: ApiResponse): number[] => (res.body.results as Array<{ id: number }>).map((r) => r.id);
