import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server';
import { expectStatus, makeCallers, newForm, type Callers } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: Callers;

beforeAll(async () => {
  server = await startTestServer();
  who = await makeCallers(server);
});
afterAll(async () => server?.close());

// Posts and messages do not exist yet, so every survey has no responses: the totals are zero.
describe('GET /forms/{id}/stats (API-CONTRACT 7.5)', () => {
  it('gives a crowdsourced survey its totals by data source', async () => {
    const form = await newForm(server, who.admin, { name: 'Crowd' });
    const res = await server.api.get(`/forms/${form.id}/stats`, { token: who.admin });
    expectStatus(res, 200);
    expect(res.body).toEqual({
      id: form.id,
      url: `${server.url}/api/v3/forms/${form.id}/stats`,
      form_id: form.id,
      name: 'Crowd',
      total_by_data_source: { all: 0, web: 0, email: 0, sms: 0, twitter: 0 },
      total_responses: 0,
      allowed_privileges: ['read', 'search'],
    });
  });

  it('gives a targeted survey its recipients, responses and messages', async () => {
    const form = await newForm(server, who.admin, { name: 'By SMS', targeted_survey: true, everyone_can_create: false });
    const res = await server.api.get(`/forms/${form.id}/stats?created_after=2024-01-01&created_before=${Math.floor(Date.now() / 1000)}`, {
      token: who.manager.token,
    });
    expectStatus(res, 200);
    expect(res.body).toEqual({
      id: form.id,
      url: `${server.url}/api/v3/forms/${form.id}/stats`,
      form_id: form.id,
      name: 'By SMS',
      total_recipients: 0,
      total_response_recipients: 0,
      total_responses: 0,
      total_messages_sent: 0,
      total_messages_pending: 0,
      allowed_privileges: ['read', 'search'],
    });
  });

  it('is for admins and Manage Settings only', async () => {
    const form = await newForm(server, who.admin);
    expectStatus(await server.api.get(`/forms/${form.id}/stats`, { token: who.member.token }), 403);
    expectStatus(await server.api.get(`/forms/${form.id}/stats`, { token: who.client }), 403);
    expectStatus(await server.api.get(`/forms/${form.id}/stats`), 401);
  });

  it('answers 404, 405 and 422 for bad requests', async () => {
    expectStatus(await server.api.get('/forms/99999999/stats', { token: who.admin }), 404);
    expectStatus(await server.api.get('/forms/99999999/stats', { token: who.member.token }), 404);
    const form = await newForm(server, who.admin);
    expectStatus(await server.api.get(`/forms/${form.id}/stats?created_after=not-a-date`, { token: who.admin }), 422);
    expectStatus(await server.api.get(`/forms/${form.id}/stats?created_before[]=2024-13-45`, { token: who.admin }), 422);
    expectStatus(await server.api.post(`/forms/${form.id}/stats`, {}, { token: who.admin }), 405);
  });
});
