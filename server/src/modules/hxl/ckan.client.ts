import fs from 'node:fs';

/** Why a call to the exchange did not succeed: it answered with an error, or did not answer in time. */
export class CkanError extends Error {
  constructor(
    readonly kind: 'refused' | 'unreachable' | 'not_found',
    message: string,
  ) {
    super(message);
  }
}

export type CkanOrganisation = { id: string; name: string; title: string };
export type CkanPackage = { id: string; name: string; resources?: { id: string; name: string }[] };

/**
 * The humanitarian data exchange's CKAN action API (`{base}/api/3/action/{action}`): the API key
 * goes in the `Authorization` header, answers are `{success: true, result}` or `{success: false,
 * error: {message, __type}}`. The key is never logged nor put in an error message.
 */
export function ckanClient(options: { baseUrl: string; timeoutMs: number }) {
  async function call<T>(
    apiKey: string,
    action: string,
    init: { query?: Record<string, string>; json?: unknown; form?: FormData },
  ): Promise<T> {
    const url = new URL(`${options.baseUrl}/api/3/action/${action}`);
    for (const [name, value] of Object.entries(init.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = { Authorization: apiKey, Accept: 'application/json' };
    let body: string | FormData | undefined;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) body = init.form;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new CkanError('unreachable', `${action}: the exchange ${reason}`);
    }
    type Answer = { success?: boolean; result?: T; error?: { message?: string; __type?: string } };
    let answer: Answer | null;
    try {
      answer = JSON.parse(text) as Answer;
    } catch {
      answer = null;
    }
    if (answer?.success === true && response.ok) return answer.result as T;
    const type = answer?.error?.__type ?? `HTTP ${response.status}`;
    const message = typeof answer?.error?.message === 'string' ? answer.error.message : '';
    throw new CkanError(type === 'Not Found Error' ? 'not_found' : 'refused', `${action}: ${type}${message ? ` (${message})` : ''}`);
  }

  return {
    /** The dataset's page on the exchange (CKAN serves it at `/dataset/{name}`). */
    datasetUrl: (name: string) => `${options.baseUrl}/dataset/${encodeURIComponent(name)}`,

    /** The organisations the key's user may create datasets in. */
    organisations: (apiKey: string) =>
      call<CkanOrganisation[]>(apiKey, 'organization_list_for_user', { query: { permission: 'create_dataset' } }),

    /** The dataset of that name, or null when the exchange has none. */
    async findPackage(apiKey: string, name: string): Promise<CkanPackage | null> {
      try {
        return await call<CkanPackage>(apiKey, 'package_show', { query: { id: name } });
      } catch (error) {
        if (error instanceof CkanError && error.kind === 'not_found') return null;
        throw error;
      }
    },

    createPackage: (apiKey: string, dataset: Record<string, unknown>) => call<CkanPackage>(apiKey, 'package_create', { json: dataset }),

    /** Uploads the file as a resource of the dataset (multipart `upload`, as CKAN's FileStore takes it). */
    async createResource(apiKey: string, resource: { packageId: string; name: string; format: string; path: string; mime: string }) {
      const form = new FormData();
      form.set('package_id', resource.packageId);
      form.set('name', resource.name);
      form.set('format', resource.format);
      form.set('upload', new Blob([await fs.promises.readFile(resource.path)], { type: resource.mime }), resource.name);
      return call<{ id: string; url?: string }>(apiKey, 'resource_create', { form });
    },
  };
}

export type CkanClient = ReturnType<typeof ckanClient>;
