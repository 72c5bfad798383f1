import type { RunningNode } from '../../server/src/node';

export type SeedNode = Pick<RunningNode, 'url' | 'ctx' | 'services'>;

export const MANAGER_ROLE = 'fuzz-manager';

/** Requests to the node under seeding (any failure stops the run: a half-seeded fuzz means little), and the ids they made. */
export class Seeder {
  readonly ids: Record<string, number[]> = {};
  readonly expendable: Record<string, number[]> = {};
  readonly pairs: Record<string, Array<[number, number]>> = {};

  constructor(readonly node: SeedNode) {}

  async call<T = { id: number }>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${this.node.url}${path.startsWith('/oauth') ? '' : '/api/v3'}${path}`, { method, headers, body: payload });
    const text = await res.text();
    if (!res.ok) throw new Error(`seeding: ${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /** Remembers an id under its path segment; `canDelete` lets DELETE requests aim at it. */
  keep(segment: string, id: number, canDelete = false): number {
    (this.ids[segment] ??= []).push(id);
    if (canDelete) (this.expendable[segment] ??= []).push(id);
    return id;
  }

  /** Ids that belong together in a nested route, keyed like `forms/stages`. */
  pair(key: string, parent: number, child: number): void {
    (this.pairs[key] ??= []).push([parent, child]);
  }
}
