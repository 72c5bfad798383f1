import { isObject, probe, statusExplanation } from './http-probe';
import type { CheckDeps, CheckOutcome } from './verifier-checks';

export const DEBUG_MODE_HEADER = 'X-Ushahidi-Platform-Install-Debug-Mode';

/**
 * `/verifier/db` and `/verifier/env` (API-CONTRACT 14.11): with install debug mode off the server
 * only answers 204 and the header; on, it reports `{success}` or `{errors: [{message, explainer}]}`.
 */
export async function debugModeCheck(deps: CheckDeps, path: string, name: 'database' | 'api_env'): Promise<CheckOutcome> {
  const found = await probe(deps.fetch, `${deps.origin}${path}`);
  const label = `GET ${path}`;
  if (found.status === 204) {
    const off = found.headers.get(DEBUG_MODE_HEADER)?.toLowerCase() === 'off';
    return { status: 'info', summary: { key: off ? `verifier.${name}.debug_off` : `verifier.${name}.empty` } };
  }
  if (found.status !== 200 || !isObject(found.json)) {
    const text = found.status === 200 ? { key: 'verifier.explain.not_json' } : statusExplanation(found.status);
    return { status: 'failed', summary: { key: `verifier.${name}.failed` }, lines: [{ label, ok: false, text }] };
  }
  const body = found.json;
  if (Array.isArray(body.errors) && body.errors.length > 0) {
    const problems = body.errors.filter(isObject).map((e) => ({
      message: String(e.message ?? ''),
      ...(e.explainer === undefined ? {} : { explainer: String(e.explainer) }),
    }));
    return {
      status: 'failed',
      summary: { key: `verifier.${name}.problems`, values: { count: problems.length } },
      problems,
      debugMode: true,
    };
  }
  const success = typeof body.success === 'string' ? body.success : '';
  return {
    status: 'passed',
    summary: { key: `verifier.${name}.passed` },
    ...(success ? { problems: [{ message: success }] } : {}),
    debugMode: true,
  };
}
