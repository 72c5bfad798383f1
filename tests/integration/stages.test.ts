import { StageMessages } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server';
import { expectField, expectStatus, ids, makeCallers, newAttribute, newForm, newStage, type Callers } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: Callers;

beforeAll(async () => {
  server = await startTestServer();
  who = await makeCallers(server);
});
afterAll(async () => server?.close());

/** A survey with a public post task, an internal task and a task hidden once published. */
async function surveyWithTasks() {
  const form = await newForm(server, who.admin);
  const open = await newStage(server, who.admin, form.id, { label: 'Post', priority: 0 });
  const internal = await newStage(server, who.admin, form.id, { label: 'Review', type: 'task', task_is_internal_only: true, priority: 1 });
  const hidden = await newStage(server, who.admin, form.id, { label: 'Triage', type: 'task', show_when_published: false, priority: 2 });
  return { form, open, internal, hidden };
}

describe('POST /forms/{id}/stages (API-CONTRACT 7.2)', () => {
  it('creates a task with the contract JSON', async () => {
    const form = await newForm(server, who.admin);
    const res = await server.api.post(
      `/forms/${form.id}/stages`,
      {
        label: 'Post',
        type: 'post',
        priority: 0,
        required: false,
        show_when_published: true,
        task_is_internal_only: false,
        form_id: 424242,
      },
      { token: who.admin },
    );
    expectStatus(res, 200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      url: `${server.url}/api/v3/forms/${form.id}/stages/${res.body.id}`,
      form_id: form.id,
      label: 'Post',
      description: null,
      priority: 0,
      icon: null,
      type: 'post',
      required: false,
      show_when_published: true,
      task_is_internal_only: false,
      allowed_privileges: ['read', 'create', 'update', 'delete', 'search'],
    });
  });

  it('applies the server defaults and loose booleans', async () => {
    const form = await newForm(server, who.admin);
    const res = await server.api.post(
      `/forms/${form.id}/stages`,
      { label: 'First Stage', priority: '1', required: 1, icon: 'star' },
      { token: who.manager.token },
    );
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      label: 'First Stage',
      priority: 1,
      required: true,
      icon: 'star',
      type: 'task',
      show_when_published: true,
      task_is_internal_only: true,
    });
    const defaults = await server.api.post(`/forms/${form.id}/stages`, { label: 'Defaults' }, { token: who.admin });
    expect(defaults.body.priority).toBe(99);
  });

  it('validates label, type, priority and icon', async () => {
    const form = await newForm(server, who.admin);
    const path = `/forms/${form.id}/stages`;
    expectField(await server.api.post(path, {}, { token: who.admin }), '/label', StageMessages.labelRequired);
    expectField(await server.api.post(path, { label: '' }, { token: who.admin }), '/label', StageMessages.labelRequired);
    expectField(await server.api.post(path, { label: 'P' }, { token: who.admin }), '/label', StageMessages.labelTooShort);
    expectField(await server.api.post(path, { label: 'x'.repeat(151) }, { token: who.admin }), '/label', StageMessages.labelTooLong);
    expectField(await server.api.post(path, { label: 'a <b>' }, { token: who.admin }), '/label', StageMessages.labelInvalid);
    const res = await server.api.post(
      path,
      { label: 'Fine', type: 'survey', priority: -1, icon: 'icon-1', required: 'sometimes' },
      { token: who.admin },
    );
    expectField(res, '/type', StageMessages.typeInvalid);
    expectField(res, '/priority', StageMessages.priorityInvalid);
    expectField(res, '/icon', StageMessages.iconInvalid);
    expectField(res, '/required', StageMessages.flagInvalid('required'));
    expectField(
      await server.api.post(path, { label: 'Fine', priority: 'abc' }, { token: who.admin }),
      '/priority',
      StageMessages.priorityInvalid,
    );
    expectField(
      await server.api.post(path, { label: 'Fine', priority: 1.5 }, { token: who.admin }),
      '/priority',
      StageMessages.priorityInvalid,
    );
    expect((await server.api.get(path, { token: who.admin })).body.count).toBe(0);
  });

  it('answers 404 for an unknown survey, even to callers who may not write', async () => {
    expectStatus(await server.api.post('/forms/99999999/stages', { label: 'First Stage' }, { token: who.admin }), 404);
    expectStatus(await server.api.post('/forms/99999999/stages', { label: 'First Stage' }, { token: who.member.token }), 404);
    expectStatus(await server.api.get('/forms/99999999/stages', { token: who.admin }), 404);
    expectStatus(await server.api.get('/forms/abc/stages', { token: who.admin }), 404);
  });

  it('is for survey editors only: members 403, client tokens 403, no token 401', async () => {
    const form = await newForm(server, who.admin);
    expectStatus(await server.api.post(`/forms/${form.id}/stages`, { label: 'Nope' }, { token: who.member.token }), 403);
    expectStatus(await server.api.post(`/forms/${form.id}/stages`, { label: 'Nope' }, { token: who.client }), 403);
    expectStatus(await server.api.post(`/forms/${form.id}/stages`, { label: 'Nope' }), 401);
  });
});

describe('who sees which task', () => {
  it('shows non-editors only tasks shown when published and not internal, unless postStatus=published', async () => {
    const { form, open, internal, hidden } = await surveyWithTasks();
    const path = `/forms/${form.id}/stages`;
    for (const token of [who.member.token, who.client, undefined]) {
      const res = await server.api.get(path, { token });
      expectStatus(res, 200);
      expect(ids(res)).toEqual([open.id]);
      expect(res.body.total_count).toBe(1);
      expect(ids(await server.api.get(`${path}?postStatus=published`, { token }))).toEqual([open.id, internal.id]);
      expect(ids(await server.api.get(`${path}?postStatus=draft`, { token }))).toEqual([open.id]);
    }
    expect(ids(await server.api.get(path, { token: who.admin }))).toEqual([open.id, internal.id, hidden.id]);
    expect(ids(await server.api.get(path, { token: who.manager.token }))).toEqual([open.id, internal.id, hidden.id]);
  });

  it('refuses a hidden task to non-editors: 403 with a token, 401 without', async () => {
    const { form, open, internal, hidden } = await surveyWithTasks();
    const path = `/forms/${form.id}/stages`;
    expectStatus(await server.api.get(`${path}/${open.id}`, { token: who.member.token }), 200);
    expectStatus(await server.api.get(`${path}/${internal.id}`, { token: who.member.token }), 403);
    expectStatus(await server.api.get(`${path}/${internal.id}`), 401);
    const published = await server.api.get(`${path}/${internal.id}?postStatus=published`, { token: who.member.token });
    expectStatus(published, 200);
    expect(published.body.allowed_privileges).toEqual(['read', 'search']);
    expectStatus(await server.api.get(`${path}/${hidden.id}?postStatus=published`, { token: who.client }), 403);
    expectStatus(await server.api.get(`${path}/${hidden.id}`, { token: who.manager.token }), 200);
  });

  it('hides the tasks of a disabled survey from non-editors', async () => {
    const form = await newForm(server, who.admin, { disabled: true });
    const stage = await newStage(server, who.admin, form.id);
    expectStatus(await server.api.get(`/forms/${form.id}/stages`, { token: who.member.token }), 403);
    expectStatus(await server.api.get(`/forms/${form.id}/stages/${stage.id}`), 401);
    expect(ids(await server.api.get(`/forms/stages?form_id=${form.id}`, { token: who.member.token }))).toEqual([]);
    expect(ids(await server.api.get(`/forms/stages?form_id=${form.id}`, { token: who.admin }))).toEqual([stage.id]);
  });
});

describe('GET /forms/stages (all surveys)', () => {
  it('lists every survey’s tasks, filtered by form_id in both encodings, type and q', async () => {
    const a = await surveyWithTasks();
    const b = await surveyWithTasks();
    const both = [a.open.id, a.internal.id, a.hidden.id, b.open.id, b.internal.id, b.hidden.id];
    expect(ids(await server.api.get(`/forms/stages?form_id=${a.form.id},${b.form.id}`, { token: who.admin }))).toEqual(both);
    expect(ids(await server.api.get(`/forms/stages?form_id[]=${a.form.id}&form_id[]=${b.form.id}`, { token: who.admin }))).toEqual(both);
    expect(ids(await server.api.get(`/forms/stages?form_id[]=${a.form.id}&form_id[]=${b.form.id}`, { token: who.member.token }))).toEqual([
      a.open.id,
      b.open.id,
    ]);
    expect(ids(await server.api.get(`/forms/stages?form_id=${a.form.id}&type[]=task`, { token: who.admin }))).toEqual([
      a.internal.id,
      a.hidden.id,
    ]);
    expect(ids(await server.api.get(`/forms/stages?form_id=${a.form.id}&q=tria`, { token: who.admin }))).toEqual([a.hidden.id]);
    expect(ids(await server.api.get(`/forms/stages?form_id=${a.form.id}&orderby=priority&order=desc`, { token: who.admin }))).toEqual([
      a.hidden.id,
      a.internal.id,
      a.open.id,
    ]);
    expectStatus(await server.api.get('/forms/stages?form_id=abc', { token: who.admin }), 422);
    expectStatus(await server.api.get('/forms/stages?orderby=nope', { token: who.admin }), 422);
    expectStatus(await server.api.post('/forms/stages', { label: 'x' }, { token: who.admin }), 405);
  });
});

describe('PUT and DELETE /forms/{id}/stages/{id}', () => {
  it('updates only the fields sent', async () => {
    const { form, internal } = await surveyWithTasks();
    const res = await server.api.put(
      `/forms/${form.id}/stages/${internal.id}`,
      { label: 'Dummy Stage Updated', priority: 5 },
      { token: who.manager.token },
    );
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      id: internal.id,
      label: 'Dummy Stage Updated',
      priority: 5,
      type: 'task',
      task_is_internal_only: true,
    });
    expectField(
      await server.api.put(`/forms/${form.id}/stages/${internal.id}`, { label: 'x' }, { token: who.admin }),
      '/label',
      StageMessages.labelTooShort,
    );
    expectField(
      await server.api.put(`/forms/${form.id}/stages/${internal.id}`, { label: null }, { token: who.admin }),
      '/label',
      StageMessages.labelRequired,
    );
  });

  it('answers 404 for unknown tasks and tasks of another survey, before 403', async () => {
    const a = await surveyWithTasks();
    const b = await surveyWithTasks();
    expectStatus(await server.api.put(`/forms/${a.form.id}/stages/${b.open.id}`, { label: 'Moved?' }, { token: who.admin }), 404);
    expectStatus(await server.api.get(`/forms/${a.form.id}/stages/${b.open.id}`, { token: who.admin }), 404);
    expectStatus(await server.api.del(`/forms/${a.form.id}/stages/99999999`, { token: who.member.token }), 404);
    expectStatus(await server.api.put(`/forms/${a.form.id}/stages/${a.open.id}`, { label: 'Mine' }, { token: who.member.token }), 403);
    expectStatus(await server.api.put(`/forms/${a.form.id}/stages/${a.open.id}`, { label: 'Mine' }), 401);
    expectStatus(await server.api.del(`/forms/${a.form.id}/stages/${a.open.id}`, { token: who.client }), 403);
  });

  it('deletes a task with its fields and returns it', async () => {
    const { form, internal } = await surveyWithTasks();
    const field = await newAttribute(server, who.admin, form.id, internal.id);
    const res = await server.api.del(`/forms/${form.id}/stages/${internal.id}`, { token: who.admin });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ id: internal.id, label: 'Review' });
    expectStatus(await server.api.get(`/forms/${form.id}/stages/${internal.id}`, { token: who.admin }), 404);
    expectStatus(await server.api.get(`/forms/${form.id}/attributes/${field.id}`, { token: who.admin }), 404);
    expectStatus(await server.api.request('PATCH', `/forms/${form.id}/stages/${internal.id}`, { token: who.admin }), 405);
  });
});
