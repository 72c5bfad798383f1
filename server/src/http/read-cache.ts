import type { Request, RequestHandler } from 'express';

export type ReadCacheOptions = {
  /** How long an answer may be given again; 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
};

type Entry = { at: number; value: unknown };

/**
 * Answers of hot reads that many callers repeat (the newest posts on a busy public map), kept for a
 * moment and forgotten at every change this process hears of: each write request it serves (when
 * it starts and when it ends), each transaction it commits, and each event of the log (another
 * node, the worker, the jobs). An answer whose read overlapped a change is never kept, so nobody
 * sees an older answer after a change of their own or one pushed to them. The time limit bounds
 * what no event announces (an administrator's change made through another node, for instance).
 * Keys must say everything the answer depends on: who asks, the address, the query.
 */
export class ReadCache {
  private generation = 0;
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, { generation: number; value: Promise<unknown> }>();
  private readonly now: () => number;

  constructor(private readonly options: ReadCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Something may have changed: every kept answer and every read under way is out of date. */
  changed(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }

  /**
   * The kept answer for `key`, or `load`'s (shared with callers asking the same meanwhile), kept
   * when `keep` allows and nothing changed while it was read.
   */
  async read<V>(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    if (this.options.ttlMs <= 0) return load();
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.options.ttlMs) return hit.value as V;
    if (hit) this.entries.delete(key);
    const under = this.loading.get(key);
    if (under && under.generation === this.generation) return under.value as Promise<V>;

    const generation = this.generation;
    const value = load();
    this.loading.set(key, { generation, value });
    try {
      const result = await value;
      if (generation === this.generation && keep(result)) this.keep(key, { at: now, value: result });
      return result;
    } finally {
      if (this.loading.get(key)?.value === value) this.loading.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, entry: Entry): void {
    this.entries.set(key, entry);
    dropOldest(this.entries, this.options.maxEntries);
  }
}

/** Keeps the newest `max` keys: Maps and Sets iterate in insertion order, oldest first. */
export function dropOldest(keyed: Map<string, unknown> | Set<string>, max: number): void {
  for (const oldest of keyed.keys()) {
    if (keyed.size <= max) break;
    keyed.delete(oldest);
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Express middleware: a write request is a change when it starts and again when it has ended. */
export function forgetOnWrites(cache: ReadCache): RequestHandler {
  return (req, res, next) => {
    if (!READS.has(req.method)) {
      cache.changed();
      res.once('close', () => cache.changed());
    }
    next();
  };
}

/**
 * The key of a kept answer: what was asked, by whom (every part of the caller an answer may depend
 * on, so two tokens of one user share answers and different roles never do), at which address.
 */
export function answerKey(what: string, req: Request): string {
  const { auth } = req;
  const caller = [auth.hasToken, auth.userId, auth.role, auth.clientId, [...auth.permissions].sort(), [...auth.scopes].sort()];
  return `${what} ${JSON.stringify(caller)} ${req.base}${req.originalUrl}`;
}
