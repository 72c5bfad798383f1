import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberSession, renderRoutes, type FakeRequest, listAnswer as list } from '../../../test/harness';

const admin = {
  id: 1,
  url: 'r/1',
  name: 'admin',
  display_name: 'Admin',
  description: null,
  permissions: [],
  protected: true,
  allowed_privileges: [],
};
const form = (id: number, name: string) => ({
  id,
  url: `f/${id}`,
  parent: null,
  name,
  description: null,
  color: null,
  type: 'report',
  disabled: false,
  created: '2025-01-01T00:00:00+00:00',
  updated: null,
  hide_author: false,
  hide_time: false,
  hide_location: false,
  require_approval: true,
  everyone_can_create: true,
  targeted_survey: false,
  can_create: [],
  tags: [],
  allowed_privileges: [],
});
const stage = (id: number, body: Record<string, unknown>) => ({
  id,
  url: `s/${id}`,
  form_id: 9,
  description: null,
  icon: null,
  required: false,
  show_when_published: true,
  task_is_internal_only: false,
  allowed_privileges: [],
  ...body,
});
let nextAttribute = 50;
const attribute = (request: FakeRequest) => ({
  id: nextAttribute++,
  url: 'a',
  key: `key-${nextAttribute}`,
  instructions: null,
  default: null,
  options: [],
  cardinality: 1,
  config: {},
  response_private: false,
  allowed_privileges: [],
  ...(request.body as Record<string, unknown>),
});
const refusal = (title: string) => ({
  status: 422,
  body: {
    errors: [
      { status: 422, message: 'Failed to validate' },
      { status: 422, title, message: title, source: { pointer: '/name' } },
    ],
  },
});
const base = {
  'GET /roles': () => ({ body: list([admin]) }),
  'GET /forms': () => ({ body: list([]) }),
  'GET /tags': () => ({ body: list([]) }),
};
const session = memberSession({ role: 'admin', email: 'owner@example.org' });
// The settings chunks load lazily: on a busy machine that takes longer than the default second.
const WAIT = { timeout: 10_000 };
const calls = (requests: FakeRequest[]) => requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

describe('saving the survey builder', { timeout: 30_000 }, () => {
  it('at the surveys limit: shows the plan message and goes to the survey list, sending nothing more', async () => {
    const app = await renderRoutes('/settings/surveys/create', {
      session,
      handlers: { ...base, 'POST /forms': () => refusal('limit::posttypes') },
    });
    await app.user.type(await screen.findByLabelText(/Survey name/, {}, WAIT), 'Over the limit');
    await app.user.click(screen.getByRole('button', { name: 'Save survey' }));
    expect(await screen.findByText('You have reached the surveys limit for your plan.', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/settings/surveys'), WAIT);
    expect(calls(app.server.requests)).toEqual(['POST /forms']);
  });

  it('an API error stops the save and is shown; saving again continues with the survey already stored', async () => {
    let stagesFail = true;
    const app = await renderRoutes('/settings/surveys/create', {
      session,
      handlers: {
        ...base,
        'POST /forms': () => ({ body: form(9, 'Roads') }),
        'PUT /forms/9': () => ({ body: form(9, 'Roads') }),
        'POST /forms/9/stages': (r) =>
          stagesFail ? refusal('The task could not be stored') : { body: stage(20, r.body as Record<string, unknown>) },
        'PUT /forms/9/roles': () => ({ body: list([]) }),
        'POST /forms/9/attributes': (r) => ({ body: attribute(r) }),
      },
    });
    await app.user.type(await screen.findByLabelText(/Survey name/, {}, WAIT), 'Roads');
    await app.user.click(screen.getByRole('button', { name: 'Save survey' }));
    expect(await screen.findByText('The survey could not be saved', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('The task could not be stored')).toBeTruthy();
    expect(app.router.state.location.pathname).toBe('/settings/surveys/create');
    expect(calls(app.server.requests)).toEqual(['POST /forms', 'POST /forms/9/stages']);

    stagesFail = false;
    await app.user.click(screen.getByRole('button', { name: 'Save survey' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/settings/surveys'), WAIT);
    expect(calls(app.server.requests).slice(2)).toEqual([
      'PUT /forms/9',
      'POST /forms/9/stages',
      'PUT /forms/9/roles',
      'POST /forms/9/attributes',
      'POST /forms/9/attributes',
    ]);
    const fields = app.server.requests.filter((r) => r.path === '/forms/9/attributes').map((r) => r.body);
    expect(fields).toEqual([
      expect.objectContaining({ type: 'title', form_stage_id: 20, priority: 1 }),
      expect.objectContaining({ type: 'description', form_stage_id: 20, priority: 2 }),
    ]);
    expect(await screen.findByRole('link', { name: 'Add to survey' }, WAIT)).toHaveProperty('pathname', '/posts/create/9');
  });
});
