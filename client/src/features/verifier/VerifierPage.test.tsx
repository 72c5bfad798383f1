import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/harness';
import { VerifierPage } from './verifier.route';

const list = { count: 0, results: [], limit: null, offset: 0, order: 'asc', orderby: 'id', curr: '', next: '', prev: '', total_count: 0 };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A server in install debug mode whose database still needs its migrations. */
function debugServer(input: RequestInfo | URL, init?: RequestInit): Response {
  const path = new URL(String(input), 'http://localhost').pathname;
  const method = init?.method ?? 'GET';
  if (method === 'POST' && path === '/oauth/token') return json(200, { token_type: 'Bearer', expires_in: 60, access_token: 'tok' });
  if (path === '/api/v3/config') return json(200, { count: 1, results: [{ id: 'site' }] });
  if (path === '/api/v3/config/site') return json(200, { id: 'site', url: `${window.location.origin}/api/v3/config/site` });
  if (path === '/api/v3/config/features') return json(200, { id: 'features', views: {} });
  if (path === '/api/v3/config/map') return json(200, { id: 'map', default_view: {} });
  if (path === '/api/v3/tags' || path === '/api/v3/forms') return json(200, list);
  if (path === '/api/v3/verifier/db')
    return json(200, { errors: [{ message: '2 migration(s) are not applied', explainer: 'Run npm run db:migrate' }] });
  if (path === '/api/v3/verifier/env') return json(200, { success: 'The environment is ready.' });
  throw new Error(`unexpected ${method} ${path}`);
}

describe('VerifierPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the server problems, and warns for as long as install debug mode is on', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => debugServer(input, init)),
    );
    await renderWithApp(<VerifierPage />, { route: '/verifier' });
    expect(await screen.findByText('6 of 7 checks passed', {}, { timeout: 5000 })).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Install debug mode is on')).toBeTruthy();
    expect(screen.getByText('The server found 1 problem with its database.')).toBeTruthy();
    expect(screen.getByText('2 migration(s) are not applied')).toBeTruthy();
    expect(screen.getByText('Run npm run db:migrate')).toBeTruthy();
    expect(screen.getByText('The environment is ready.')).toBeTruthy();
  });
});
