import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

/** The fields a gateway sent, from the query string and the form or JSON body together (body wins). */
export function gatewayFields(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  const take = (source: unknown) => {
    if (typeof source !== 'object' || source === null || Array.isArray(source)) return;
    for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
      if (typeof value === 'string') out[key] = value;
      else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
    }
  };
  take(req.query);
  take(req.body);
  return out;
}

/** Secret comparison in constant time, whatever the lengths; an unset secret matches nothing. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given || !expected) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** A time in milliseconds (SMSSync `sent_timestamp`) or an ISO/RFC date; null when unreadable. */
export function parseSentTime(value: string | undefined): Date | null {
  if (!value) return null;
  const date = /^\d{10,16}$/.test(value) ? new Date(Number(value)) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
