import pg from 'pg';
import type { Logger } from 'pino';
import { EVENTS_CHANNEL } from './events.repository';

/**
 * Holds one LISTEN connection and wakes the reader on every NOTIFY. Reconnects with backoff;
 * the reader's poll covers whatever happened while the connection was down.
 */
export class NotifyListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryMs = 500;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly onNotify: () => void,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', () => this.onNotify());
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'event listener connection lost');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      this.client = client;
      this.retryMs = 500;
      this.onNotify();
    } catch (error) {
      this.logger.warn({ err: error }, 'event listener could not connect');
      this.reconnect(client);
    }
  }

  private reconnect(client: pg.Client): void {
    if (this.stopped || (this.client !== null && this.client !== client)) return;
    this.client = null;
    void client.end().catch(() => undefined);
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) void this.connect();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, 10000);
  }
}
