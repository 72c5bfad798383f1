import { AttributeMessages as A, BUILDER_FIELDS } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { expectField, expectStatus, ids, makeCallers, newAttribute, newForm, newStage, newTag, type Callers } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: Callers;

beforeAll(async () => {
  server = await startTestServer();
  who = await makeCallers(server);
});
afterAll(async () => server?.close());

async function survey() {
  const form = await newForm(server, who.admin);
  const stage = await newStage(server, who.admin, form.id);
  return { form, stage, path: `/forms/${form.id}/attributes` };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('POST /forms/{id}/attributes (API-CONTRACT 7.3)', () => {
  it('creates a field with a server-generated key and the contract JSON', async () => {
    const { form, stage, path } = await survey();
    const res = await server.api.post(
      path,
      { form_stage: stage.id, label: 'Full Name', type: 'varchar', input: 'text', required: true, priority: 1, default: '', options: {} },
      { token: who.admin },
    );
    expectStatus(res, 200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      url: `${server.url}/api/v3/forms/${form.id}/attributes/${res.body.id}`,
      key: expect.stringMatching(UUID),
      label: 'Full Name',
      instructions: null,
      input: 'text',
      type: 'varchar',
      required: true,
      default: '',
      priority: 1,
      options: [],
      cardinality: 1,
      config: {},
      form_stage_id: stage.id,
      response_private: false,
      allowed_privileges: ['read', 'create', 'update', 'delete', 'search'],
    });
  });

  it('accepts every field the survey builder offers', async () => {
    const { stage, path } = await survey();
    for (const { type, input } of BUILDER_FIELDS) {
      const body: Record<string, unknown> = { label: `${type} ${input}`, type, input, form_stage_id: stage.id };
      if (['select', 'radio', 'checkbox'].includes(input)) body.options = ['one', 'two'];
      if (input === 'upload') body.config = { hasCaption: true };
      if (input === 'relation') body.config = { input: { form: [1, 2] } };
      const res = await server.api.post(path, body, { token: who.admin });
      expectStatus(res, 200);
      expect(res.body).toMatchObject({ type, input });
    }
    const all = await server.api.get(`${path}?limit=100`, { token: who.admin });
    expect(all.body.count).toBe(BUILDER_FIELDS.length);
    const byInput = (input: string) => all.body.results.find((r: { input: string }) => r.input === input);
    expect(byInput('upload').config).toEqual({ hasCaption: true });
    expect(byInput('relation').config).toEqual({ input: { form: [1, 2] } });
    expect(byInput('checkbox').cardinality).toBe(0);
    expect(byInput('tags').cardinality).toBe(0);
    expect(byInput('textarea').cardinality).toBe(1);
    expect(all.body.results.find((r: { type: string }) => r.type === 'title').required).toBe(true);
  });

  it('stores every value sent, options and free config included', async () => {
    const { stage, path } = await survey();
    const options = Array.from({ length: 13 }, (_, i) => `option${i + 1}`);
    const res = await server.api.post(
      path,
      {
        form_stage_id: String(stage.id),
        label: 'Value test',
        instructions: 'Much longer boring instructions',
        type: 'varchar',
        input: 'select',
        required: 'true',
        priority: 11,
        default: 'option2',
        options,
        cardinality: '3',
        config: { 'magic-input': true },
      },
      { token: who.admin },
    );
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      instructions: 'Much longer boring instructions',
      required: true,
      priority: 11,
      default: 'option2',
      cardinality: 3,
    });
    expect(res.body.options[12]).toBe('option13');
    expect(res.body.config).toEqual({ 'magic-input': true });
  });

  it('refuses options and config nested thousands deep with a 422, never overflowing the stack (a 5xx)', async () => {
    const { form, stage, path } = await survey();
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const send = (method: string, address: string, raw: string) =>
      server.api.request(method, address, { token: who.admin, raw, headers: { 'Content-Type': 'application/json' } });
    const base = `"label":"Deep","type":"varchar","input":"select","form_stage_id":${stage.id}`;
    expectField(
      await send('POST', path, `{${base},"options":["a",${deep}]}`),
      '/options',
      'options is nested too deeply (at most 32 levels of objects and arrays)',
    );
    expectField(
      await send('POST', path, `{${base},"config":${deep}}`),
      '/config',
      'config is nested too deeply (at most 32 levels of objects and arrays)',
    );

    const field = await newAttribute(server, who.admin, form.id, stage.id);
    const fieldPath = `${path}/${field.id}`;
    expectField(
      await send('PUT', fieldPath, `{"options":[${deep}]}`),
      '/options',
      'options is nested too deeply (at most 32 levels of objects and arrays)',
    );
    expectField(
      await send('PUT', fieldPath, `{"config":${deep}}`),
      '/config',
      'config is nested too deeply (at most 32 levels of objects and arrays)',
    );
    // Nesting a real client sends is kept as given.
    const nested = await server.api.put(fieldPath, { config: { input: { form: [{ id: 1 }] } } }, { token: who.admin });
    expectStatus(nested, 200);
    expect(nested.body.config).toEqual({ input: { form: [{ id: 1 }] } });
  });

  it('keeps a valid free key and refuses a taken or malformed one', async () => {
    const { stage, path } = await survey();
    const key = unique('my_key-');
    expect((await newAttribute(server, who.admin, stage.form_id, stage.id, { key })).key).toBe(key);
    expectField(
      await server.api.post(
        path,
        { label: 'Hey a Thing', type: 'varchar', input: 'text', form_stage: stage.id, key },
        { token: who.admin },
      ),
      '/key',
      A.keyTaken(key),
    );
    expectField(
      await server.api.post(
        path,
        { label: 'Thing', type: 'varchar', input: 'text', form_stage: stage.id, key: 'has space' },
        { token: who.admin },
      ),
      '/key',
      A.keyInvalid,
    );
    expectField(
      await server.api.post(
        path,
        { label: 'Thing', type: 'varchar', input: 'text', form_stage: stage.id, key: 'k'.repeat(151) },
        { token: who.admin },
      ),
      '/key',
      A.keyTooLong,
    );
    expect((await newAttribute(server, who.admin, stage.form_id, stage.id, { key: '' })).key).toMatch(UUID);
  });

  it('requires an existing task of this survey: 422, 404, 400', async () => {
    const { stage, path } = await survey();
    const other = await survey();
    const field = { label: 'Full Name', type: 'varchar', input: 'text' };
    expectField(await server.api.post(path, field, { token: who.admin }), '/form_stage_id', A.stageRequired);
    expectField(await server.api.post(path, { ...field, form_stage_id: 'x' }, { token: who.admin }), '/form_stage_id', A.stageInvalid);
    expectStatus(await server.api.post(path, { ...field, form_stage: 99999999 }, { token: who.admin }), 404);
    expectStatus(await server.api.post(path, { ...field, form_stage: { id: other.stage.id } }, { token: who.admin }), 400);
    expectStatus(await server.api.post(path, { ...field, form_stage: { id: stage.id } }, { token: who.admin }), 200);
    expectStatus(await server.api.post('/forms/99999999/attributes', { ...field, form_stage: stage.id }, { token: who.admin }), 404);
  });

  it('validates label, type, input and their pairing', async () => {
    const { stage, path } = await survey();
    const base = { form_stage_id: stage.id, type: 'varchar', input: 'text' };
    expectField(await server.api.post(path, base, { token: who.admin }), '/label', A.labelRequired);
    expectField(await server.api.post(path, { ...base, label: ' ' }, { token: who.admin }), '/label', A.labelRequired);
    expectField(await server.api.post(path, { ...base, label: 'x'.repeat(151) }, { token: who.admin }), '/label', A.labelTooLong);
    expectStatus(await server.api.post(path, { ...base, label: 'x'.repeat(150) }, { token: who.admin }), 200);
    const bad = await server.api.post(
      path,
      { ...base, label: 'Bad', type: 'varchars', input: 'slider', priority: 'first', cardinality: -2, required: 'yes' },
      { token: who.admin },
    );
    expectField(bad, '/type', A.typeInvalid);
    expectField(bad, '/input', A.inputInvalid);
    expectField(bad, '/priority', A.priorityInvalid);
    expectField(bad, '/cardinality', A.cardinalityInvalid);
    expectField(bad, '/required', A.flagInvalid('required'));
    expectField(
      await server.api.post(path, { ...base, label: 'Bad pair', type: 'point', input: 'text' }, { token: who.admin }),
      '/input',
      A.pairInvalid('point', 'text'),
    );
    const shapes = await server.api.post(
      path,
      { ...base, label: 'Bad shapes', options: 'a,b', config: 'x', default: { a: 1 } },
      { token: who.admin },
    );
    expectField(shapes, '/options', A.optionsInvalid);
    expectField(shapes, '/config', A.configInvalid);
    expectField(shapes, '/default', A.defaultInvalid);
  });

  it('allows one title and one description per survey', async () => {
    const { form, stage, path } = await survey();
    const task = await newStage(server, who.admin, form.id, { label: 'Task', type: 'task' });
    await newAttribute(server, who.admin, form.id, stage.id, { type: 'title', input: 'text', label: 'Title' });
    await newAttribute(server, who.admin, form.id, stage.id, { type: 'description', input: 'text', label: 'Description' });
    expectField(
      await server.api.post(path, { label: 'Title 2', type: 'title', input: 'text', form_stage_id: task.id }, { token: who.admin }),
      '/type',
      A.duplicateType('title'),
    );
    expectField(
      await server.api.post(
        path,
        { label: 'Description 2', type: 'description', input: 'text', form_stage_id: stage.id },
        { token: who.admin },
      ),
      '/type',
      A.duplicateType('description'),
    );
    const other = await survey();
    await newAttribute(server, who.admin, other.form.id, other.stage.id, { type: 'title', input: 'text', label: 'Title' });
    const plain = await newAttribute(server, who.admin, form.id, stage.id);
    expectField(
      await server.api.put(`${path}/${plain.id}`, { type: 'title', input: 'text' }, { token: who.admin }),
      '/type',
      A.duplicateType('title'),
    );
  });

  it('keeps title and description required, public and present', async () => {
    const { form, stage, path } = await survey();
    expectField(
      await server.api.post(
        path,
        { label: 'Title', type: 'title', input: 'text', form_stage_id: stage.id, required: false },
        { token: who.admin },
      ),
      '/required',
      A.builtInOptional,
    );
    expectField(
      await server.api.post(
        path,
        { label: 'Title', type: 'title', input: 'text', form_stage_id: stage.id, response_private: true },
        { token: who.admin },
      ),
      '/response_private',
      A.builtInPrivate,
    );
    const title = await newAttribute(server, who.admin, form.id, stage.id, { type: 'title', input: 'text', label: 'Title' });
    expectField(await server.api.put(`${path}/${title.id}`, { required: false }, { token: who.admin }), '/required', A.builtInOptional);
    expectField(await server.api.del(`${path}/${title.id}`, { token: who.admin }), '/type', A.builtInDelete);
    expectStatus(await server.api.put(`${path}/${title.id}`, { label: 'Headline' }, { token: who.admin }), 200);
  });

  it('applies the rules of choices, uploads and categories', async () => {
    const { form, stage, path } = await survey();
    const at = { form_stage_id: stage.id };
    expectField(
      await server.api.post(
        path,
        { ...at, label: 'Pick', type: 'varchar', input: 'radio', options: ['a', 'b', 'a'] },
        { token: who.admin },
      ),
      '/options',
      A.duplicateOption,
    );
    expectField(
      await server.api.post(path, { ...at, label: 'Photo', type: 'media', input: 'upload', options: ['x'] }, { token: who.admin }),
      '/options',
      A.noOptions,
    );
    expectField(
      await server.api.post(path, { ...at, label: 'Photo', type: 'media', input: 'upload', default: 'x' }, { token: who.admin }),
      '/default',
      A.noDefault,
    );
    expectField(
      await server.api.post(path, { ...at, label: 'Cats', type: 'tags', input: 'tags', default: '1' }, { token: who.admin }),
      '/default',
      A.noDefault,
    );
    expectField(
      await server.api.post(path, { ...at, label: 'Cats', type: 'tags', input: 'tags', response_private: true }, { token: who.admin }),
      '/response_private',
      A.tagsPrivate,
    );
    const [a, b] = [await newTag(server, who.admin), await newTag(server, who.admin)];
    const cats = await newAttribute(server, who.admin, form.id, stage.id, {
      type: 'tags',
      input: 'tags',
      options: [String(a.id), 'abc', b.id, { id: a.id }, null],
    });
    expect(cats.options).toEqual([a.id, b.id]);
    expectField(
      await server.api.put(`${path}/${cats.id}`, { options: [a.id, 99999999] }, { token: who.admin }),
      '/options',
      A.tagMissing(99999999),
    );
    expect((await server.api.put(`${path}/${cats.id}`, { options: [b.id] }, { token: who.admin })).body.options).toEqual([b.id]);
    expectField(
      await server.api.put(`${path}/${cats.id}`, { response_private: 1 }, { token: who.admin }),
      '/response_private',
      A.tagsPrivate,
    );
  });

  it('is for survey editors only: members 403, client tokens 403, no token 401', async () => {
    const { stage, path } = await survey();
    const body = { label: 'Nope', type: 'varchar', input: 'text', form_stage_id: stage.id };
    expectStatus(await server.api.post(path, body, { token: who.member.token }), 403);
    expectStatus(await server.api.post(path, body, { token: who.client }), 403);
    expectStatus(await server.api.post(path, body), 401);
    expectStatus(await server.api.post(path, body, { token: who.manager.token }), 200);
  });
});

describe('GET /forms/{id}/attributes and /forms/attributes', () => {
  it('orders by priority as the client asks and filters in both list encodings', async () => {
    const { form, stage, path } = await survey();
    const c = await newAttribute(server, who.admin, form.id, stage.id, { priority: 3, label: 'Gamma, the third' });
    const a = await newAttribute(server, who.admin, form.id, stage.id, { priority: 1, type: 'point', input: 'location' });
    const b = await newAttribute(server, who.admin, form.id, stage.id, { priority: 2, type: 'int', input: 'number' });
    expect(ids(await server.api.get(`${path}?order=asc&orderby=priority`, { token: who.member.token }))).toEqual([a.id, b.id, c.id]);
    expect(ids(await server.api.get(`${path}?order=desc&orderby=priority`, { token: who.member.token }))).toEqual([c.id, b.id, a.id]);
    expect(ids(await server.api.get(`${path}?type=point`, { token: who.admin }))).toEqual([a.id]);
    expect(ids(await server.api.get(`${path}?type=point,int`, { token: who.admin }))).toEqual([a.id, b.id]);
    expect(ids(await server.api.get(`${path}?type[]=point&type[]=int`, { token: who.admin }))).toEqual([a.id, b.id]);
    expect(ids(await server.api.get(`${path}?input[]=number`, { token: who.admin }))).toEqual([b.id]);
    expect(ids(await server.api.get(`${path}?key=${a.key}`, { token: who.admin }))).toEqual([a.id]);
    expect(ids(await server.api.get(`${path}?label=${encodeURIComponent('Gamma, the third')}`, { token: who.admin }))).toEqual([c.id]);
    const other = await survey();
    const d = await newAttribute(server, who.admin, other.form.id, other.stage.id);
    expect(ids(await server.api.get(`/forms/attributes?form_id=${form.id},${other.form.id}&orderby=id`, { token: who.admin }))).toEqual([
      c.id,
      a.id,
      b.id,
      d.id,
    ]);
    expect(ids(await server.api.get(`/forms/attributes?form_id[]=${other.form.id}`, { token: who.admin }))).toEqual([d.id]);
    expectStatus(await server.api.get(`${path}?orderby=options`, { token: who.admin }), 422);
    expectStatus(await server.api.get('/forms/attributes?form_id=-1', { token: who.admin }), 422);
  });

  it('leaves out fields of tasks non-editors cannot see', async () => {
    const { form, stage, path } = await survey();
    const internal = await newStage(server, who.admin, form.id, { label: 'Review', type: 'task', task_is_internal_only: true });
    const hidden = await newStage(server, who.admin, form.id, { label: 'Triage', type: 'task', show_when_published: false });
    const open = await newAttribute(server, who.admin, form.id, stage.id);
    const review = await newAttribute(server, who.admin, form.id, internal.id);
    const triage = await newAttribute(server, who.admin, form.id, hidden.id);
    expect(ids(await server.api.get(path, { token: who.member.token }))).toEqual([open.id]);
    expect(ids(await server.api.get(path))).toEqual([open.id]);
    expect(ids(await server.api.get(`${path}?postStatus=published`, { token: who.client }))).toEqual([open.id, review.id]);
    expect(ids(await server.api.get(path, { token: who.manager.token }))).toEqual([open.id, review.id, triage.id]);
    expect(ids(await server.api.get(`/forms/attributes?form_id=${form.id}`, { token: who.member.token }))).toEqual([open.id]);
    expectStatus(await server.api.get(`${path}/${review.id}`, { token: who.member.token }), 403);
    expectStatus(await server.api.get(`${path}/${review.id}`), 401);
    expectStatus(await server.api.get(`${path}/${review.id}?postStatus=published`, { token: who.member.token }), 200);
    expectStatus(await server.api.get(`${path}/${triage.id}?postStatus=published`, { token: who.member.token }), 403);
    expect((await server.api.get(`${path}/${open.id}`, { token: who.member.token })).body.allowed_privileges).toEqual(['read', 'search']);
  });

  it('hides the fields of a disabled survey from non-editors', async () => {
    const { form, stage, path } = await survey();
    const field = await newAttribute(server, who.admin, form.id, stage.id);
    expectStatus(await server.api.put(`/forms/${form.id}`, { disabled: true }, { token: who.admin }), 200);
    expectStatus(await server.api.get(path, { token: who.member.token }), 403);
    expect(ids(await server.api.get(`/forms/attributes?form_id=${form.id}`, { token: who.member.token }))).toEqual([]);
    expect(ids(await server.api.get(`/forms/attributes?form_id=${form.id}`, { token: who.admin }))).toEqual([field.id]);
  });
});

describe('PUT and DELETE /forms/{id}/attributes/{id}', () => {
  it('updates only the fields sent and keeps the key, which post values depend on', async () => {
    const { form, stage, path } = await survey();
    const field = await newAttribute(server, who.admin, form.id, stage.id, { options: [] });
    const res = await server.api.put(
      `${path}/${field.id}`,
      { key: unique('updated'), label: 'Full Name Updated', priority: 4, config: { hasCaption: false } },
      { token: who.manager.token },
    );
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      id: field.id,
      key: field.key,
      label: 'Full Name Updated',
      priority: 4,
      type: 'varchar',
      config: { hasCaption: false },
    });
    const taken = await newAttribute(server, who.admin, form.id, stage.id);
    expectField(await server.api.put(`${path}/${field.id}`, { key: taken.key }, { token: who.admin }), '/key', A.keyTaken(taken.key));
    expectStatus(await server.api.put(`${path}/${field.id}`, { key: field.key, label: 'Same key' }, { token: who.admin }), 200);
    expectField(
      await server.api.put(`${path}/${field.id}`, { input: 'location' }, { token: who.admin }),
      '/input',
      A.pairInvalid('varchar', 'location'),
    );
    expectField(await server.api.put(`${path}/${field.id}`, { label: '' }, { token: who.admin }), '/label', A.labelRequired);
  });

  it('moves a field between tasks of its survey only', async () => {
    const { form, stage, path } = await survey();
    const task = await newStage(server, who.admin, form.id, { label: 'Task', type: 'task' });
    const other = await survey();
    const field = await newAttribute(server, who.admin, form.id, stage.id);
    expect((await server.api.put(`${path}/${field.id}`, { form_stage: task.id }, { token: who.admin })).body.form_stage_id).toBe(task.id);
    expectStatus(await server.api.put(`${path}/${field.id}`, { form_stage_id: other.stage.id }, { token: who.admin }), 400);
    expectStatus(await server.api.put(`${path}/${field.id}`, { form_stage_id: 99999999 }, { token: who.admin }), 404);
  });

  it('answers 404 for unknown fields and fields of another survey, before 403', async () => {
    const a = await survey();
    const b = await survey();
    const field = await newAttribute(server, who.admin, b.form.id, b.stage.id);
    expectStatus(await server.api.get(`${a.path}/${field.id}`, { token: who.admin }), 404);
    expectStatus(await server.api.put(`${a.path}/${field.id}`, { label: 'x' }, { token: who.admin }), 404);
    expectStatus(await server.api.del(`${a.path}/99999999`, { token: who.member.token }), 404);
    expectStatus(await server.api.put(`${b.path}/${field.id}`, { label: 'x' }, { token: who.member.token }), 403);
    expectStatus(await server.api.del(`${b.path}/${field.id}`), 401);
    expectStatus(await server.api.request('PATCH', `${b.path}/${field.id}`, { token: who.admin }), 405);
    expectStatus(await server.api.del('/forms/attributes', { token: who.admin }), 405);
  });

  it('deletes a field and returns it', async () => {
    const { form, stage, path } = await survey();
    const field = await newAttribute(server, who.admin, form.id, stage.id);
    const res = await server.api.del(`${path}/${field.id}`, { token: who.manager.token });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ id: field.id, key: field.key });
    expectStatus(await server.api.get(`${path}/${field.id}`, { token: who.admin }), 404);
  });
});
