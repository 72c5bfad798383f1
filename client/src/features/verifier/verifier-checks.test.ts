import { describe, expect, it } from 'vitest';
import { DEBUG_MODE_HEADER } from './debug-mode-check';
import { loadDisabledChecks, saveDisabledChecks, toggleCheck } from './disabled-checks';
import { runCheck, type CheckDeps } from './verifier-checks';

type Answer = { status: number; body?: unknown; headers?: Record<string, string>; html?: string } | 'network';

/** The browser's side of the wire: each request path gets a canned answer, or the connection fails. */
function deps(answers: Record<string, Answer>, extra: Partial<CheckDeps> = {}) {
  const seen: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    seen.push({ url, init });
    const path = new URL(url).pathname;
    const answer = answers[`${init?.method ?? 'GET'} ${path}`];
    if (answer === undefined) throw new Error(`unexpected ${path}`);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    const body = answer.html ?? (answer.body === undefined ? null : JSON.stringify(answer.body));
    return new Response(answer.status === 204 ? null : body, { status: answer.status, headers: answer.headers });
  };
  const value: CheckDeps = {
    fetch: fetch as typeof globalThis.fetch,
    origin: 'http://site.test',
    storage: undefined,
    translations: async () => [],
    ...extra,
  };
  return { value, seen };
}

const list = { count: 0, results: [], limit: null, offset: 0, order: 'asc', orderby: 'id', curr: '', next: '', prev: '', total_count: 0 };
const healthy: Record<string, Answer> = {
  'GET /api/v3/config': { status: 200, body: { count: 1, results: [{ id: 'site' }] } },
  'GET /api/v3/tags': { status: 200, body: list },
  'GET /api/v3/forms': { status: 200, body: list },
  'GET /api/v3/config/features': { status: 200, body: { id: 'features', views: {} } },
  'GET /api/v3/config/map': { status: 200, body: { id: 'map', default_view: {} } },
};

describe('installer checks (spec 3 sections 2, 7, 8)', () => {
  it('network: any answer passes, no answer means the API is not running', async () => {
    expect((await runCheck('network', deps(healthy).value)).status).toBe('passed');
    const down = await runCheck('network', deps({ 'GET /api/v3/config': 'network' }).value);
    expect(down.status).toBe('failed');
    expect(down.summary.key).toBe('verifier.network.failed');
  });

  it('endpoints: 200 with the right structure passes; 404/403, 500, HTML and no answer are explained', async () => {
    expect((await runCheck('endpoints', deps(healthy).value)).status).toBe('passed');
    const broken = await runCheck(
      'endpoints',
      deps({
        ...healthy,
        'GET /api/v3/tags': { status: 404, body: { errors: [] } },
        'GET /api/v3/forms': { status: 500, body: {} },
        'GET /api/v3/config/features': { status: 200, html: '<!doctype html><title>app</title>' },
        'GET /api/v3/config/map': { status: 403, body: {} },
      }).value,
    );
    expect(broken.status).toBe('failed');
    expect(broken.summary.values).toEqual({ count: 4 });
    expect(broken.lines?.map((l) => [l.label, l.ok, l.text.key])).toEqual([
      ['GET /api/v3/config', true, 'verifier.explain.ok'],
      ['GET /api/v3/tags', false, 'verifier.explain.wrong_url'],
      ['GET /api/v3/forms', false, 'verifier.explain.server_error'],
      ['GET /api/v3/config/features', false, 'verifier.explain.not_json'],
      ['GET /api/v3/config/map', false, 'verifier.explain.wrong_url'],
    ]);
  });

  it('auth: a client-credentials token for scope forms, then forms with the bearer', async () => {
    const { value, seen } = deps({
      'POST /oauth/token': { status: 200, body: { token_type: 'Bearer', expires_in: 54000, access_token: 'tok' } },
      'GET /api/v3/forms': { status: 200, body: list },
    });
    const outcome = await runCheck('auth', value);
    expect(outcome.status).toBe('passed');
    expect(JSON.parse(String(seen[0]?.init?.body))).toMatchObject({
      grant_type: 'client_credentials',
      scope: 'forms',
      client_id: 'ushahidiui',
    });
    expect((seen[1]?.init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('auth: 401 on the token means migrations or client credentials; 403 on forms means scope', async () => {
    const noClient = await runCheck('auth', deps({ 'POST /oauth/token': { status: 401, body: { error: 'invalid_client' } } }).value);
    expect(noClient.lines?.[0]?.text.key).toBe('verifier.explain.token_401');
    const scope = await runCheck(
      'auth',
      deps({
        'POST /oauth/token': { status: 200, body: { token_type: 'Bearer', expires_in: 1, access_token: 'tok' } },
        'GET /api/v3/forms': { status: 403, body: {} },
      }).value,
    );
    expect(scope.status).toBe('failed');
    expect(scope.lines?.[1]?.text.key).toBe('verifier.explain.scope_403');
  });

  it('database and environment: 204 with the header means install debug mode is off', async () => {
    const off = await runCheck(
      'database',
      deps({ 'GET /api/v3/verifier/db': { status: 204, headers: { [DEBUG_MODE_HEADER]: 'off' } } }).value,
    );
    expect(off).toEqual({ status: 'info', summary: { key: 'verifier.database.debug_off' } });
  });

  it('database and environment in debug mode: success or the listed problems, and the debug warning', async () => {
    const ok = await runCheck('api_env', deps({ 'GET /api/v3/verifier/env': { status: 200, body: { success: 'All good' } } }).value);
    expect(ok).toMatchObject({ status: 'passed', problems: [{ message: 'All good' }], debugMode: true });
    const bad = await runCheck(
      'database',
      deps({ 'GET /api/v3/verifier/db': { status: 200, body: { errors: [{ message: 'No database', explainer: 'Start Postgres' }] } } })
        .value,
    );
    expect(bad).toMatchObject({ status: 'failed', problems: [{ message: 'No database', explainer: 'Start Postgres' }], debugMode: true });
  });

  it('client environment: warns when the API reports another address than the page', async () => {
    const storage = window.localStorage;
    const same = await runCheck(
      'client_env',
      deps({ 'GET /api/v3/config/site': { status: 200, body: { url: 'http://site.test/api/v3/config/site' } } }, { storage }).value,
    );
    expect(same.status).toBe('passed');
    const other = await runCheck(
      'client_env',
      deps({ 'GET /api/v3/config/site': { status: 200, body: { url: 'http://10.0.0.5:8080/api/v3/config/site' } } }, { storage }).value,
    );
    expect(other.status).toBe('warning');
    expect(other.lines?.[1]?.text).toEqual({
      key: 'verifier.client_env.address_mismatch',
      values: { api: 'http://10.0.0.5:8080', page: 'http://site.test' },
    });
  });

  it('translations: each language file loads, with its coverage of English', async () => {
    const outcome = await runCheck(
      'translations',
      deps(
        {},
        {
          translations: async () => [
            { code: 'en', name: 'English', texts: { a: 'A', b: { c: 'C' } } },
            { code: 'es', name: 'Español', texts: { a: 'A' } },
            { code: 'ar', name: 'العربية', texts: null, error: 'chunk failed' },
          ],
        },
      ).value,
    );
    expect(outcome.status).toBe('warning');
    expect(outcome.lines?.map((l) => l.text.values)).toEqual([{ count: 2, total: 2 }, { count: 1, total: 2 }, { error: 'chunk failed' }]);
  });

  it('the checks-disabled list keeps single checks or all of them', () => {
    const storage = window.localStorage;
    saveDisabledChecks(storage, ['auth', 'database']);
    expect(loadDisabledChecks(storage)).toEqual(['auth', 'database']);
    saveDisabledChecks(storage, 'all');
    expect(loadDisabledChecks(storage)).toBe('all');
    expect(toggleCheck('all', 'network', false)).toEqual(['endpoints', 'auth', 'client_env', 'translations', 'database', 'api_env']);
    expect(toggleCheck(['auth'], 'network', true)).toEqual(['network', 'auth']);
  });
});
