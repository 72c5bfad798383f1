import type { CommittedEvent } from '../db/tx';
import { whoseAccessChanges, type AccessHolder } from '../realtime/access-changes';
import type { ActiveToken } from './tokens.repository';

export type TokenCacheOptions = {
  /** How long a token read may be used again; 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
};

type Entry = { at: number; token: ActiveToken };

/** What the access rules look at in a cached token (a role counts only with a user: the rules check). */
const holderOf = (token: ActiveToken): AccessHolder => ({ userId: token.userId, role: token.role, tokenId: token.id });

/**
 * Live tokens as last read (keyed by their hash), so that a request does not wait for one more
 * round trip before its own work. An entry goes as soon as this process hears of a change that may
 * end or narrow it, the changes the realtime hub re-checks its sockets on (access-changes.ts): a
 * transaction this process commits (`heard` from the transaction's own events, before its answer
 * is sent), and every event of the log (another node, the worker). A read that overlapped such a
 * change is never kept. An expired token is never answered from here. The time limit bounds what
 * no event announces: a token refreshed through another node stays usable there that long.
 */
export class TokenCache {
  private generation = 0;
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;

  constructor(private readonly options: TokenCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The token with this hash, from the cache or from `load` (null: unknown, revoked or expired). */
  async find(hash: string, load: () => Promise<ActiveToken | null>): Promise<ActiveToken | null> {
    if (this.options.ttlMs <= 0) return load();
    const now = this.now();
    const hit = this.entries.get(hash);
    if (hit && now - hit.at < this.options.ttlMs && hit.token.expiresAt.getTime() > now) return hit.token;
    if (hit) this.entries.delete(hash);
    const generation = this.generation;
    const token = await load();
    if (token && generation === this.generation) this.keep(hash, { at: now, token });
    return token;
  }

  /** Events heard (committed here or read from the log): drops every token they may change. */
  heard(events: readonly CommittedEvent[]): void {
    for (const event of events) {
      const affected = whoseAccessChanges(event);
      if (!affected) continue;
      this.generation++;
      for (const [hash, entry] of this.entries) if (affected(holderOf(entry.token))) this.entries.delete(hash);
    }
  }

  /** A token this process revoked without an event (the access token a refresh replaces). */
  forget(tokenId: number): void {
    this.generation++;
    for (const [hash, entry] of this.entries) if (entry.token.id === tokenId) this.entries.delete(hash);
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(hash: string, entry: Entry): void {
    this.entries.delete(hash);
    this.entries.set(hash, entry);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
