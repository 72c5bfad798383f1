import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random, URL-safe secret (tokens, reset codes, API keys). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Secrets are stored as SHA-256 digests; a stolen table does not yield usable tokens. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
