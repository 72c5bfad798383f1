import type { Logger } from 'pino';
import { TokenCache } from './auth/token-cache';
import type { AppConfig } from './config';
import type { Db, ListSessions } from './db/database';
import { createTx, type RunInTransaction } from './db/tx';
import { EventReader } from './events/event-reader';
import { ReadCache } from './http/read-cache';
import type { Jobs } from './jobs/jobs';
import type { Mailer } from './mail/mailer';
import type { MediaStore } from './media/media-store';
import { createSettingsService, type SettingsService } from './modules/settings/settings.service';
import { AudienceRegistry } from './realtime/audience';

/** Everything a service may need from the outside world; built once per process. */
export type AppContext = {
  config: AppConfig;
  db: Db;
  /** List pages and counts in one round trip each (null on the embedded database). */
  lists: ListSessions | null;
  logger: Logger;
  tx: RunInTransaction;
  reader: EventReader;
  jobs: Jobs;
  mailer: Mailer;
  media: MediaStore;
  settings: SettingsService;
  audiences: AudienceRegistry;
  /** Answers of hot repeated reads, forgotten at every change this process hears of. */
  answers: ReadCache;
  /** Tokens as last read, forgotten at every change of rights this process hears of. */
  tokens: TokenCache;
  now: () => Date;
};

export function createContext(parts: {
  config: AppConfig;
  db: Db;
  lists?: ListSessions | null;
  logger: Logger;
  jobs: Jobs;
  mailer: Mailer;
  media: MediaStore;
  deploymentId: string;
  readerPollMs?: number;
}): AppContext {
  const reader = new EventReader(parts.db, parts.logger, parts.readerPollMs);
  const answers = new ReadCache({ ttlMs: parts.config.readCacheMs, maxEntries: 200 });
  const tokens = new TokenCache({ ttlMs: parts.config.tokenCacheMs, maxEntries: 10_000 });
  const tx = createTx(parts.db, (events) => {
    answers.changed();
    tokens.heard(events);
    void reader.wake();
  });
  const settings = createSettingsService({ db: parts.db, tx, deploymentId: parts.deploymentId });
  // Another node's config write reaches this node's cache through the event log; any event may
  // change an answer kept for a moment, except news of exports and of webhook deliveries, which
  // change no answer (a long export would otherwise empty the cache several times a second).
  reader.subscribe((events) => {
    if (events.some((event) => event.aggregate_type !== 'export' && event.aggregate_type !== 'webhook')) answers.changed();
    for (const event of events) if (event.type === 'config.updated') settings.invalidate(event.aggregate_id);
    tokens.heard(events);
  });
  return {
    ...parts,
    lists: parts.lists ?? null,
    reader,
    tx,
    settings,
    audiences: new AudienceRegistry(),
    answers,
    tokens,
    now: () => new Date(),
  };
}
