import { isObject, probe } from './http-probe';
import type { CheckDeps, CheckLine, CheckOutcome } from './verifier-checks';

/** A translation file as the app would load it: its code and texts, or why it failed. */
export type TranslationFile = { code: string; name: string; texts: Record<string, unknown> | null; error?: string };

const STORAGE_PROBE = 'platform.verifier.probe';

function storageWorks(storage: Storage | undefined): boolean {
  try {
    if (!storage) return false;
    storage.setItem(STORAGE_PROBE, '1');
    const ok = storage.getItem(STORAGE_PROBE) === '1';
    storage.removeItem(STORAGE_PROBE);
    return ok;
  } catch {
    return false;
  }
}

/**
 * The client's environment: local storage (sessions and the language live there) and whether the
 * API names the same address as this page (it builds media and resource URLs from it; a proxy
 * that hides the public host or protocol breaks them).
 */
export async function clientEnvironmentCheck(deps: CheckDeps): Promise<CheckOutcome> {
  const lines: CheckLine[] = [];
  const storageOk = storageWorks(deps.storage);
  lines.push({
    label: 'localStorage',
    ok: storageOk,
    text: { key: storageOk ? 'verifier.client_env.storage_ok' : 'verifier.client_env.storage_missing' },
  });

  const found = await probe(deps.fetch, `${deps.origin}/api/v3/config/site`);
  const reported = isObject(found.json) && typeof found.json.url === 'string' ? found.json.url : null;
  let apiOrigin: string | null = null;
  try {
    apiOrigin = reported ? new URL(reported).origin : null;
  } catch {
    apiOrigin = null;
  }
  if (apiOrigin === null) {
    lines.push({ label: 'API address', ok: false, text: { key: 'verifier.client_env.address_unknown' } });
  } else {
    const same = apiOrigin === deps.origin;
    lines.push({
      label: 'API address',
      ok: same,
      text: {
        key: same ? 'verifier.client_env.address_ok' : 'verifier.client_env.address_mismatch',
        values: { api: apiOrigin, page: deps.origin },
      },
    });
  }
  const failed = lines.some((line) => !line.ok);
  return {
    status: failed ? 'warning' : 'passed',
    summary: { key: failed ? 'verifier.client_env.warning' : 'verifier.client_env.passed' },
    lines,
  };
}

const countTexts = (node: unknown): number =>
  isObject(node) ? Object.values(node).reduce<number>((sum, child) => sum + countTexts(child), 0) : typeof node === 'string' ? 1 : 0;

/** Every language file loads; how much of English each one covers (missing texts show in English). */
export async function translationsCheck(deps: CheckDeps): Promise<CheckOutcome> {
  const files = await deps.translations();
  const english = files.find((f) => f.code === 'en');
  const total = english?.texts ? countTexts(english.texts) : 0;
  const lines = files.map((file): CheckLine =>
    file.texts
      ? {
          label: file.name,
          ok: true,
          text: { key: 'verifier.translations.coverage', values: { count: countTexts(file.texts), total } },
        }
      : { label: file.name, ok: false, text: { key: 'verifier.translations.unavailable', values: { error: file.error ?? '' } } },
  );
  const failed = lines.filter((line) => !line.ok).length;
  return failed === 0
    ? { status: 'passed', summary: { key: 'verifier.translations.passed', values: { count: files.length } }, lines }
    : { status: 'warning', summary: { key: 'verifier.translations.failed', values: { count: failed } }, lines };
}
