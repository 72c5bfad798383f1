import { PUBLIC_CLIENT_ID, PUBLIC_CLIENT_SECRET } from '@platform/shared';
import { isListEnvelope, isObject, probe, statusExplanation, type Probe, type Text } from './http-probe';
import { debugModeCheck } from './debug-mode-check';
import { clientEnvironmentCheck, translationsCheck, type TranslationFile } from './client-checks';

export type { Text } from './http-probe';

export type CheckStatus = 'passed' | 'failed' | 'warning' | 'info' | 'skipped';
export type CheckLine = { label: string; ok: boolean; text: Text };
export type CheckOutcome = {
  status: CheckStatus;
  summary: Text;
  lines?: CheckLine[];
  /** Problems the server listed (`/verifier/*` in install debug mode), shown as given. */
  problems?: { message: string; explainer?: string }[];
  /** The server said install debug mode is on (API-CONTRACT 14.11). */
  debugMode?: boolean;
};

export type CheckDeps = {
  fetch: typeof fetch;
  /** The page's own address (`https://host`); the API is on the same origin. */
  origin: string;
  storage: Storage | undefined;
  translations: () => Promise<TranslationFile[]>;
};

/** The checks of spec 3 ("Installer verifier"), in the order they run. */
export const CHECK_IDS = ['network', 'endpoints', 'auth', 'client_env', 'translations', 'database', 'api_env'] as const;
export type CheckId = (typeof CHECK_IDS)[number];

const ENDPOINTS: { path: string; shape: (body: unknown) => boolean }[] = [
  {
    path: '/api/v3/config',
    shape: (b) => isObject(b) && Array.isArray(b.results) && b.results.some((g) => isObject(g) && g.id === 'site'),
  },
  { path: '/api/v3/tags', shape: isListEnvelope },
  { path: '/api/v3/forms', shape: isListEnvelope },
  { path: '/api/v3/config/features', shape: (b) => isObject(b) && b.id === 'features' && isObject(b.views) },
  { path: '/api/v3/config/map', shape: (b) => isObject(b) && b.id === 'map' && isObject(b.default_view) },
];

function endpointLine(path: string, found: Probe, shape: (body: unknown) => boolean): CheckLine {
  const label = `GET ${path}`;
  if (found.status !== 200) return { label, ok: false, text: statusExplanation(found.status) };
  // The app answers unknown paths with its own page: HTML here means the API is not at this address.
  if (!found.isJson) return { label, ok: false, text: { key: 'verifier.explain.not_json' } };
  if (!shape(found.json)) return { label, ok: false, text: { key: 'verifier.explain.bad_structure' } };
  return { label, ok: true, text: { key: 'verifier.explain.ok' } };
}

async function network(deps: CheckDeps): Promise<CheckOutcome> {
  const found = await probe(deps.fetch, `${deps.origin}/api/v3/config`);
  if (found.status === 0) return { status: 'failed', summary: { key: 'verifier.network.failed' } };
  return { status: 'passed', summary: { key: 'verifier.network.passed', values: { origin: deps.origin } } };
}

async function endpoints(deps: CheckDeps): Promise<CheckOutcome> {
  const lines: CheckLine[] = [];
  for (const endpoint of ENDPOINTS) {
    lines.push(endpointLine(endpoint.path, await probe(deps.fetch, `${deps.origin}${endpoint.path}`), endpoint.shape));
  }
  const failed = lines.filter((line) => !line.ok).length;
  return failed === 0
    ? { status: 'passed', summary: { key: 'verifier.endpoints.passed' }, lines }
    : { status: 'failed', summary: { key: 'verifier.endpoints.failed', values: { count: failed } }, lines };
}

/** The anonymous client's token, then a call with it (spec 3 section 7, Installer). */
async function auth(deps: CheckDeps): Promise<CheckOutcome> {
  const tokenPath = '/oauth/token';
  const token = await probe(deps.fetch, `${deps.origin}${tokenPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: PUBLIC_CLIENT_ID,
      client_secret: PUBLIC_CLIENT_SECRET,
      scope: 'forms',
    }),
  });
  const tokenLabel = `POST ${tokenPath}`;
  const body = isObject(token.json) ? token.json : {};
  const usable = token.status === 200 && typeof body.access_token === 'string' && typeof body.token_type === 'string';
  if (!usable) {
    const text =
      token.status === 401
        ? { key: 'verifier.explain.token_401' }
        : token.status === 200
          ? { key: 'verifier.explain.bad_structure' }
          : statusExplanation(token.status);
    return { status: 'failed', summary: { key: 'verifier.auth.failed' }, lines: [{ label: tokenLabel, ok: false, text }] };
  }
  const lines: CheckLine[] = [
    { label: tokenLabel, ok: true, text: { key: 'verifier.explain.token_ok', values: { expires: Number(body.expires_in ?? 0) } } },
  ];
  const forms = await probe(deps.fetch, `${deps.origin}/api/v3/forms`, {
    headers: { Authorization: `Bearer ${String(body.access_token)}` },
  });
  const formsLabel = 'GET /api/v3/forms (Bearer)';
  if (forms.status === 200 && isListEnvelope(forms.json)) {
    lines.push({ label: formsLabel, ok: true, text: { key: 'verifier.explain.ok' } });
    return { status: 'passed', summary: { key: 'verifier.auth.passed' }, lines };
  }
  const text = forms.status === 403 ? { key: 'verifier.explain.scope_403' } : statusExplanation(forms.status);
  lines.push({ label: formsLabel, ok: false, text });
  return { status: 'failed', summary: { key: 'verifier.auth.failed' }, lines };
}

const RUNNERS: Record<CheckId, (deps: CheckDeps) => Promise<CheckOutcome>> = {
  network,
  endpoints,
  auth,
  client_env: clientEnvironmentCheck,
  translations: translationsCheck,
  database: (deps) => debugModeCheck(deps, '/api/v3/verifier/db', 'database'),
  api_env: (deps) => debugModeCheck(deps, '/api/v3/verifier/env', 'api_env'),
};

/** One check; a check that throws is reported as failed rather than stopping the others. */
export async function runCheck(id: CheckId, deps: CheckDeps): Promise<CheckOutcome> {
  try {
    return await RUNNERS[id](deps);
  } catch (error) {
    return {
      status: 'failed',
      summary: { key: 'verifier.crashed', values: { message: error instanceof Error ? error.message : String(error) } },
    };
  }
}
