import type { Response } from 'express';

type ETagFn = (body: Buffer, encoding?: string) => string | undefined;

/**
 * An answer kept for many requests (ReadCache), serialised once: a busy public map asks the same
 * page hundreds of times a second, and writing its 20 posts to JSON again for each request took a
 * tenth of the node's time (issue 27). Its ETag comes from the app's own `etag fn`, as Express
 * would compute it, so conditional requests are answered as before.
 */
export class JsonAnswer<T> {
  private bytes: Buffer | null = null;
  private etag: string | undefined;

  constructor(readonly body: T) {}

  send(res: Response): void {
    // A request that wraps `res.json` (JSONP) writes its own body.
    if (Object.hasOwn(res, 'json')) return void res.json(this.body);
    if (this.bytes === null) {
      this.bytes = Buffer.from(JSON.stringify(this.body));
      const etagFn = res.app.get('etag fn') as ETagFn | undefined;
      this.etag = etagFn?.(this.bytes);
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    if (this.etag) res.setHeader('ETag', this.etag);
    res.send(this.bytes);
  }
}
