/** What one raw request found: the status (0 when the server was not reached), headers and body. */
export type Probe = { status: number; headers: Headers; json: unknown; isJson: boolean; error?: string };

/** A text for the page: an i18n key and its values. */
export type Text = { key: string; values?: Record<string, string | number> };

/**
 * A request without the app's API client: the checks must see exactly what the server answers,
 * with no session token, no retry and no login dialog.
 */
export async function probe(fetcher: typeof fetch, url: string, init: RequestInit = {}): Promise<Probe> {
  let res: Response;
  try {
    res = await fetcher(url, { ...init, headers: { Accept: 'application/json', ...(init.headers as Record<string, string>) } });
  } catch (error) {
    return {
      status: 0,
      headers: new Headers(),
      json: undefined,
      isJson: false,
      error: error instanceof Error ? error.message : String(error),
    };
  }
  const text = await res.text().catch(() => '');
  let json: unknown;
  let isJson = false;
  try {
    json = text ? (JSON.parse(text) as unknown) : undefined;
    isJson = text !== '';
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, isJson };
}

/**
 * The installer's reading of a failed status (spec 3 section 8): 404 or 403 means the backend
 * address is wrong, 500 means look at the API logs, no answer means the API is not running.
 */
export function statusExplanation(status: number): Text {
  if (status === 0) return { key: 'verifier.explain.network' };
  if (status === 404 || status === 403) return { key: 'verifier.explain.wrong_url', values: { status } };
  if (status >= 500) return { key: 'verifier.explain.server_error', values: { status } };
  if (status === 401) return { key: 'verifier.explain.private', values: { status } };
  return { key: 'verifier.explain.unexpected', values: { status } };
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The collection envelope every search endpoint answers with (API-CONTRACT 14.1). */
export const isListEnvelope = (value: unknown): boolean =>
  isObject(value) && Array.isArray(value.results) && typeof value.count === 'number' && typeof value.total_count === 'number';
