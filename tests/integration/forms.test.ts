import { FormMessages } from '@platform/shared';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { unique } from './helpers/factories';
import { deletedWhileWaiting } from './helpers/row-locks';
import { startTestServer, type TestServer } from './helpers/server';
import {
  dropConfig,
  expectField,
  expectStatus,
  ids,
  makeCallers,
  newAttribute,
  newForm,
  newStage,
  newTag,
  storeConfig,
  type Callers,
} from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: Callers;

beforeAll(async () => {
  server = await startTestServer();
  who = await makeCallers(server);
});
afterAll(async () => server?.close());
afterEach(async () => {
  await dropConfig(server, 'features', 'limits');
  await dropConfig(server, 'site', 'private');
});

const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;

describe('POST /forms (API-CONTRACT 7.1)', () => {
  it('creates a survey with the contract defaults and JSON', async () => {
    const res = await server.api.post('/forms', { name: 'Road damage', description: 'Potholes and cracks' }, { token: who.admin });
    expectStatus(res, 200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      url: `${server.url}/api/v3/forms/${res.body.id}`,
      parent: null,
      name: 'Road damage',
      description: 'Potholes and cracks',
      color: null,
      type: 'report',
      disabled: false,
      created: expect.stringMatching(W3C),
      updated: null,
      hide_author: false,
      hide_time: false,
      hide_location: false,
      require_approval: true,
      everyone_can_create: true,
      targeted_survey: false,
      can_create: [],
      tags: [],
      allowed_privileges: ['read', 'create', 'update', 'delete', 'search'],
    });
  });

  it('does not create tasks: the client creates its Post task itself', async () => {
    const form = await newForm(server, who.admin);
    const stages = await server.api.get(`/forms/${form.id}/stages`, { token: who.admin });
    expect(stages.body.count).toBe(0);
  });

  it('stores flags in every accepted form, normalises the colour and ignores computed fields', async () => {
    const res = await server.api.post(
      '/forms',
      {
        name: 'Flags, all of them!',
        color: 'AbC',
        disabled: '1',
        hide_author: 1,
        hide_time: 'true',
        hide_location: true,
        require_approval: false,
        everyone_can_create: 0,
        targeted_survey: 'false',
        can_create: ['admin'],
        tags: [{ id: 5 }],
        type: 'other',
        id: 999999,
      },
      { token: who.admin },
    );
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      color: '#aabbcc',
      disabled: true,
      hide_author: true,
      hide_time: true,
      hide_location: true,
      require_approval: false,
      everyone_can_create: false,
      targeted_survey: false,
      can_create: [],
      tags: [],
      type: 'report',
    });
    expect(res.body.id).not.toBe(999999);
    const withHash = await server.api.post('/forms', { name: 'Colour', color: '#00FF00' }, { token: who.admin });
    expect(withHash.body.color).toBe('#00ff00');
  });

  it('refuses a bad name with the survey builder messages', async () => {
    expectField(await server.api.post('/forms', {}, { token: who.admin }), '/name', FormMessages.nameRequired);
    expectField(await server.api.post('/forms', { name: '   ' }, { token: who.admin }), '/name', FormMessages.nameRequired);
    expectField(await server.api.post('/forms', { name: null }, { token: who.admin }), '/name', FormMessages.nameRequired);
    expectField(await server.api.post('/forms', { name: 'a' }, { token: who.admin }), '/name', FormMessages.nameTooShort);
    expectField(await server.api.post('/forms', { name: 'x'.repeat(256) }, { token: who.admin }), '/name', FormMessages.nameTooLong);
    expectField(await server.api.post('/forms', { name: 'Price < $5' }, { token: who.admin }), '/name', FormMessages.nameInvalid);
    expectStatus(await server.api.post('/forms', { name: 'ab' }, { token: who.admin }), 200);
    expectStatus(await server.api.post('/forms', { name: 'x'.repeat(255) }, { token: who.admin }), 200);
    expectStatus(await server.api.post('/forms', { name: 'Ünïcode, dots... & (brackets)' }, { token: who.admin }), 200);
  });

  it('refuses other bad fields, one entry per field', async () => {
    const res = await server.api.post(
      '/forms',
      { name: 'Ok name', color: 'nope', disabled: 'maybe', description: 5, parent_id: 'x' },
      { token: who.admin },
    );
    expectField(res, '/color', FormMessages.colorInvalid);
    expectField(res, '/disabled', FormMessages.flagInvalid('disabled'));
    expectField(res, '/description', FormMessages.descriptionInvalid);
    expectField(res, '/parent_id', FormMessages.parentInvalid);
    expectField(
      await server.api.post('/forms', { name: 'Orphan', parent_id: 99999 }, { token: who.admin }),
      '/parent_id',
      FormMessages.parentMissing(99999),
    );
  });

  it('requires a targeted survey to be restricted (everyone_can_create false)', async () => {
    expectField(
      await server.api.post('/forms', { name: 'Sms survey', targeted_survey: true }, { token: who.admin }),
      '/targeted_survey',
      FormMessages.targetedNotRestricted,
    );
    expectField(
      await server.api.post('/forms', { name: 'Sms survey', targeted_survey: true, everyone_can_create: true }, { token: who.admin }),
      '/targeted_survey',
      FormMessages.targetedNotRestricted,
    );
    const ok = await server.api.post(
      '/forms',
      { name: 'Sms survey', targeted_survey: true, everyone_can_create: false },
      { token: who.admin },
    );
    expectStatus(ok, 200);
    expect(ok.body).toMatchObject({ targeted_survey: true, everyone_can_create: false });
  });

  it('lets admins and Manage Settings create; members 403, client tokens 403, no token 401', async () => {
    expectStatus(await server.api.post('/forms', { name: 'By manager' }, { token: who.manager.token }), 200);
    expectStatus(await server.api.post('/forms', { name: 'By member' }, { token: who.member.token }), 403);
    expectStatus(await server.api.post('/forms', { name: 'By client' }, { token: who.client }), 403);
    const anonymous = await server.api.post('/forms', { name: 'By nobody' });
    expectStatus(anonymous, 401);
    expect(anonymous.headers.get('www-authenticate')).toContain('Bearer');
    // 403 beats 422 for creates.
    expectStatus(await server.api.post('/forms', {}, { token: who.member.token }), 403);
  });

  it('stops at the forms limit of the plan with limit::posttypes', async () => {
    const count = Number(
      (
        await server.ctx.db
          .selectFrom('forms')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    await storeConfig(server, 'features', 'limits', { posts: true, forms: count + 1, admin_users: true });
    expectStatus(await server.api.post('/forms', { name: 'Last one allowed' }, { token: who.admin }), 200);
    const refused = await server.api.post('/forms', { name: 'One too many' }, { token: who.admin });
    expectField(refused, '/name', FormMessages.limitReached);
    expect(refused.body.errors[1]).toMatchObject({ title: 'limit::posttypes', message: 'limit::posttypes' });
    expect(await server.ctx.db.selectFrom('forms').select('id').where('name', '=', 'One too many').execute()).toEqual([]);
    // Updating an existing survey is not creating one.
    const form = (await server.ctx.db.selectFrom('forms').select('id').executeTakeFirstOrThrow()).id;
    expectStatus(await server.api.put(`/forms/${form}`, { description: 'still editable' }, { token: who.admin }), 200);
    await storeConfig(server, 'features', 'limits', { posts: true, forms: true, admin_users: true });
    expectStatus(await server.api.post('/forms', { name: 'Unlimited again' }, { token: who.admin }), 200);
  });
});

describe('GET /forms and /forms/{id}', () => {
  it('lets anyone read an enabled survey, with read and search privileges only', async () => {
    const form = await newForm(server, who.admin);
    for (const token of [who.member.token, who.client, undefined]) {
      const res = await server.api.get(`/forms/${form.id}`, { token });
      expectStatus(res, 200);
      expect(res.body.allowed_privileges).toEqual(['read', 'search']);
    }
    expect((await server.api.get(`/forms/${form.id}`, { token: who.manager.token })).body.allowed_privileges).toEqual([
      'read',
      'create',
      'update',
      'delete',
      'search',
    ]);
  });

  it('hides a disabled survey from those who cannot manage settings', async () => {
    const form = await newForm(server, who.admin, { disabled: true });
    expectStatus(await server.api.get(`/forms/${form.id}`, { token: who.member.token }), 403);
    expectStatus(await server.api.get(`/forms/${form.id}`, { token: who.client }), 403);
    expectStatus(await server.api.get(`/forms/${form.id}`), 401);
    expectStatus(await server.api.get(`/forms/${form.id}`, { token: who.manager.token }), 200);
    expect(ids(await server.api.get('/forms', { token: who.member.token }))).not.toContain(form.id);
    expect(ids(await server.api.get('/forms'))).not.toContain(form.id);
    expect(ids(await server.api.get('/forms', { token: who.admin }))).toContain(form.id);
  });

  it('answers the list envelope with filters q, disabled and targeted_survey', async () => {
    const tag = unique('Zebra');
    const plain = await newForm(server, who.admin, { name: `${tag} plain` });
    const targeted = await newForm(server, who.admin, { name: `${tag} sms`, targeted_survey: true, everyone_can_create: false });
    const disabled = await newForm(server, who.admin, { name: `${tag} off`, disabled: true });
    const all = await server.api.get(`/forms?q=${encodeURIComponent(tag.toLowerCase())}`, { token: who.admin });
    expect(all.body).toMatchObject({ count: 3, total_count: 3, limit: null, offset: 0, order: 'asc', orderby: 'id' });
    expect(all.body.curr).toContain('/api/v3/forms');
    expect(ids(all)).toEqual([plain.id, targeted.id, disabled.id]);
    expect(ids(await server.api.get(`/forms?q=${tag}&targeted_survey=true`, { token: who.admin }))).toEqual([targeted.id]);
    expect(ids(await server.api.get(`/forms?q=${tag}&disabled=1`, { token: who.admin }))).toEqual([disabled.id]);
    expect(ids(await server.api.get(`/forms?q=${tag}&disabled[]=false`, { token: who.admin }))).toEqual([plain.id, targeted.id]);
    expect(ids(await server.api.get(`/forms?q=${tag}&disabled=true`, { token: who.member.token }))).toEqual([]);
    const page = await server.api.get(`/forms?q=${tag}&limit=1&offset=1&orderby=name&order=desc`, { token: who.admin });
    expect(page.body).toMatchObject({ count: 1, total_count: 3, limit: 1, offset: 1, order: 'desc', orderby: 'name' });
    expect(ids(page)).toEqual([plain.id]);
  });

  it('refuses bad list parameters with 422, never 5xx', async () => {
    expectStatus(await server.api.get('/forms?orderby=password', { token: who.admin }), 422);
    expectStatus(await server.api.get('/forms?disabled=maybe', { token: who.admin }), 422);
    expectStatus(await server.api.get('/forms?limit=-1', { token: who.admin }), 422);
    expectStatus(await server.api.get('/forms?q[a]=1&unknown=2', { token: who.admin }), 200);
  });

  it('answers 404 for unknown or non-numeric ids and 405 for unrouted methods', async () => {
    expectStatus(await server.api.get('/forms/99999999', { token: who.admin }), 404);
    expectStatus(await server.api.get('/forms/99999999999', { token: who.admin }), 404);
    expectStatus(await server.api.get('/forms/abc', { token: who.admin }), 404);
    const form = await newForm(server, who.admin);
    expectStatus(await server.api.post(`/forms/${form.id}`, {}, { token: who.admin }), 405);
    expectStatus(await server.api.request('PATCH', '/forms', { token: who.admin }), 405);
    expectStatus(await server.api.del('/forms', { token: who.admin }), 405);
  });

  it('answers a plain OPTIONS with the privileges for a new survey', async () => {
    expect((await server.api.request('OPTIONS', '/forms', { token: who.admin })).body.allowed_privileges).toContain('create');
    expect((await server.api.request('OPTIONS', '/forms', { token: who.member.token })).body.allowed_privileges).toEqual(['search']);
  });

  it('lists the categories of its category fields as tags', async () => {
    const form = await newForm(server, who.admin);
    const stage = await newStage(server, who.admin, form.id);
    const [a, b] = [await newTag(server, who.admin), await newTag(server, who.admin)];
    await newAttribute(server, who.admin, form.id, stage.id, { type: 'tags', input: 'tags', options: [b.id, String(a.id)] });
    const res = await server.api.get(`/forms/${form.id}`, { token: who.member.token });
    expect(res.body.tags).toEqual([
      { id: a.id, url: `${server.url}/api/v3/tags/${a.id}` },
      { id: b.id, url: `${server.url}/api/v3/tags/${b.id}` },
    ]);
  });

  it('refuses anonymous callers of a private deployment', async () => {
    const form = await newForm(server, who.admin);
    await storeConfig(server, 'site', 'private', true);
    expectStatus(await server.api.get('/forms'), 401);
    expectStatus(await server.api.get('/forms', { token: who.client }), 403);
    expectStatus(await server.api.get(`/forms/${form.id}`, { token: who.client }), 403);
    expectStatus(await server.api.get(`/forms/${form.id}`, { token: who.member.token }), 200);
  });
});

describe('PUT /forms/{id}', () => {
  it('updates only the fields sent and sets updated', async () => {
    const form = await newForm(server, who.admin, { description: 'before', hide_author: true });
    const res = await server.api.put(`/forms/${form.id}`, { description: 'after', color: '#123456' }, { token: who.manager.token });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ name: form.name, description: 'after', color: '#123456', hide_author: true });
    expect(res.body.updated).toMatch(W3C);
    expect((await server.api.put(`/forms/${form.id}`, { color: '' }, { token: who.admin })).body.color).toBeNull();
  });

  it('still requires the name when it is sent', async () => {
    const form = await newForm(server, who.admin);
    expectField(await server.api.put(`/forms/${form.id}`, { name: '' }, { token: who.admin }), '/name', FormMessages.nameRequired);
    expectField(await server.api.put(`/forms/${form.id}`, { name: null }, { token: who.admin }), '/name', FormMessages.nameRequired);
    expect((await server.api.get(`/forms/${form.id}`, { token: who.admin })).body.name).toBe(form.name);
  });

  it('checks the targeted rule against the survey as it will be', async () => {
    const form = await newForm(server, who.admin);
    expectField(
      await server.api.put(`/forms/${form.id}`, { targeted_survey: true }, { token: who.admin }),
      '/targeted_survey',
      FormMessages.targetedNotRestricted,
    );
    expectStatus(await server.api.put(`/forms/${form.id}`, { everyone_can_create: false }, { token: who.admin }), 200);
    expectStatus(await server.api.put(`/forms/${form.id}`, { targeted_survey: true }, { token: who.admin }), 200);
    expectField(
      await server.api.put(`/forms/${form.id}`, { everyone_can_create: true }, { token: who.admin }),
      '/targeted_survey',
      FormMessages.targetedNotRestricted,
    );
  });

  it('answers 404 before 403 before 422', async () => {
    expectStatus(await server.api.put('/forms/99999999', { name: '' }, { token: who.member.token }), 404);
    const form = await newForm(server, who.admin);
    expectStatus(await server.api.put(`/forms/${form.id}`, { name: '' }, { token: who.member.token }), 403);
    expectStatus(await server.api.put(`/forms/${form.id}`, { name: 'x' }, { token: who.client }), 403);
    expectStatus(await server.api.put(`/forms/${form.id}`, { name: 'x' }), 401);
  });

  it('answers malformed JSON and non-object bodies with an envelope, never 5xx', async () => {
    const form = await newForm(server, who.admin);
    const malformed = await server.api.request('PUT', `/forms/${form.id}`, {
      token: who.admin,
      raw: '{"name":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].status).toBe(400);
    expectStatus(await server.api.post('/forms', [1, 2], { token: who.admin }), 422);
    expectStatus(await server.api.post('/forms', 'text', { token: who.admin }), 400);
  });
});

describe('DELETE /forms/{id}', () => {
  it('returns the deleted survey and takes its tasks, fields and roles with it', async () => {
    const form = await newForm(server, who.admin, { everyone_can_create: false });
    const stage = await newStage(server, who.admin, form.id);
    const field = await newAttribute(server, who.admin, form.id, stage.id);
    expectStatus(await server.api.put(`/forms/${form.id}/roles`, { roles: ['user'] }, { token: who.admin }), 200);
    const res = await server.api.del(`/forms/${form.id}`, { token: who.manager.token });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ id: form.id, name: form.name, can_create: ['user'] });
    expectStatus(await server.api.get(`/forms/${form.id}`, { token: who.admin }), 404);
    expect(await server.ctx.db.selectFrom('form_stages').select('id').where('id', '=', stage.id).execute()).toEqual([]);
    expect(await server.ctx.db.selectFrom('form_attributes').select('id').where('id', '=', field.id).execute()).toEqual([]);
    expect(await server.ctx.db.selectFrom('form_roles').select('id').where('form_id', '=', form.id).execute()).toEqual([]);
    expectStatus(await server.api.del(`/forms/${form.id}`, { token: who.admin }), 404);
  });

  it('is refused to members (403) and anonymous callers (401)', async () => {
    const form = await newForm(server, who.admin);
    expectStatus(await server.api.del(`/forms/${form.id}`, { token: who.member.token }), 403);
    expectStatus(await server.api.del(`/forms/${form.id}`, { token: who.client }), 403);
    expectStatus(await server.api.del(`/forms/${form.id}`), 401);
    expectStatus(await server.api.get(`/forms/${form.id}`), 200);
  });
});

describe('concurrent writes', () => {
  // Row locks across connections: the embedded database runs one transaction at a time.
  it.skipIf(inject('database').mode === 'embedded')(
    'answers 404, not 500, when the survey is deleted while an update waits for its row',
    async () => {
      const form = await newForm(server, who.admin);
      const res = await deletedWhileWaiting(server, 'forms', form.id, () =>
        server.api.put(`/forms/${form.id}`, { description: 'Changed meanwhile' }, { token: who.admin }),
      );
      expect(res.status, res.text).toBe(404);
      expect(res.body.errors[0].status).toBe(404);
    },
  );
});
