import type { Auth } from '../auth/auth';

declare module 'express-serve-static-core' {
  interface Request {
    /** Who is calling; set by the auth middleware for every /api/v3 request. */
    auth: Auth;
    /** Absolute origin used to build `url` fields, e.g. `https://example.org`. */
    base: string;
    /** The JSON body's bytes as received, for signatures over them (webhook write-back). */
    rawBody?: Buffer;
  }
}

export {};
