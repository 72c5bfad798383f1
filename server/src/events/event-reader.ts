import type { Logger } from 'pino';
import type { Db } from '../db/database';
import { isAfter, readSettledAfter, settledHead, START, type Position, type StoredEvent } from './events.repository';

export type EventHandler = (events: StoredEvent[]) => void | Promise<void>;

const BATCH = 500;

/**
 * Follows the event log in commit order and hands each committed event to its handlers exactly
 * once. An event is readable as soon as its transaction has committed, whatever else is still open
 * on the server (events.repository: positions are taken at commit). It is woken by NOTIFY (server
 * mode), by the process itself after a commit (embedded mode, where NOTIFY does not cross the
 * socket), and by a slow poll as a backstop for a notification missed while the listener was down.
 */
export class EventReader {
  private cursor: Position = START;
  private handlers = new Set<EventHandler>();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly pollMs = 1000,
  ) {}

  get position(): Position {
    return this.cursor;
  }

  async start(): Promise<void> {
    this.cursor = await settledHead(this.db);
    this.stopped = false;
    this.schedulePoll();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  subscribe(handler: EventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Read now; calls made while a read runs are folded into one more pass. */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private schedulePoll(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.wake().finally(() => this.schedulePoll());
    }, this.pollMs);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      let batch: StoredEvent[];
      do {
        try {
          batch = await readSettledAfter(this.db, this.cursor, BATCH);
        } catch (error) {
          if (!this.stopped) this.logger.warn({ err: error }, 'event reader could not read the log');
          return;
        }
        const fresh = batch.filter((e) => isAfter(e.position, this.cursor));
        const last = fresh.at(-1);
        if (last) this.cursor = last.position;
        if (fresh.length > 0) await this.dispatch(fresh);
      } while (batch.length === BATCH && !this.stopped);
    } while (this.again && !this.stopped);
  }

  private async dispatch(events: StoredEvent[]): Promise<void> {
    for (const handler of this.handlers) {
      try {
        await handler(events);
      } catch (error) {
        this.logger.error({ err: error }, 'event handler failed');
      }
    }
  }
}
