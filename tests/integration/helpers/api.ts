export type ApiResponse<T = any> = { status: number; body: T; text: string; headers: Headers };

type RequestOptions = { token?: string | null; body?: unknown; headers?: Record<string, string>; raw?: BodyInit };

/** A thin fetch wrapper: paths are under /api/v3 unless they start with /oauth or /media. */
export function apiClient(baseUrl: string) {
  async function request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = /^https?:/.test(path) ? path : /^\/(oauth|media|socket\.io)/.test(path) ? `${baseUrl}${path}` : `${baseUrl}/api/v3${path}`;
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined = options.raw;
    if (options.body !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(url, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text.length > 0) parsed = JSON.parse(text);
    return { status: res.status, body: parsed as T, text, headers: res.headers };
  }
  return {
    request,
    get: <T = any>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T = any>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
    put: <T = any>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
    del: <T = any>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  };
}
export type ApiClient = ReturnType<typeof apiClient>;
