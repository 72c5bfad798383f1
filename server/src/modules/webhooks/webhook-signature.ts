import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * v3's webhook signature, which existing receivers verify: base64 of HMAC-SHA256 keyed with the
 * shared secret over the full URL followed by the raw body (API-CONTRACT 14.6).
 */
export const signWebhook = (secret: string, url: string, body: string | Buffer): string =>
  createHmac('sha256', secret).update(url).update(body).digest('base64');

/** Constant-time check of a received signature; a missing or malformed one is simply wrong. */
export function verifyWebhookSignature(secret: string, url: string, body: string | Buffer, signature: string | undefined): boolean {
  if (!secret || !signature) return false;
  const expected = Buffer.from(signWebhook(secret, url, body));
  const given = Buffer.from(signature.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
