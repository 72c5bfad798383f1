import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../http/errors';

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

function tooMany(retryMs: number, message: string): never {
  const seconds = Math.max(1, Math.ceil(retryMs / 1000));
  throw new ApiError(429, message, { title: 'Too Many Requests', headers: { 'Retry-After': String(seconds) } });
}

/**
 * Failed logins are counted per account and per address. The caller keys a known account by its
 * id (e-mail and username share one budget) and an unknown name by the name itself, so an unknown
 * account is throttled exactly like a real one and reveals nothing.
 */
export function createLoginThrottle(options: { perAccount: number; perIp: number; windowSeconds: number }) {
  const account = new RateLimiterMemory({ keyPrefix: 'login-account', points: options.perAccount, duration: options.windowSeconds });
  const ip = new RateLimiterMemory({ keyPrefix: 'login-ip', points: options.perIp, duration: options.windowSeconds });
  const message = 'Too many failed login attempts. Please wait before trying again.';
  const accountKey = (name: string) => name.trim().toLowerCase();

  return {
    async assertAllowed(name: string, address: string): Promise<void> {
      const [a, i] = await Promise.all([account.get(accountKey(name)), ip.get(address)]);
      if (a && a.consumedPoints >= options.perAccount) tooMany(a.msBeforeNext, message);
      if (i && i.consumedPoints >= options.perIp) tooMany(i.msBeforeNext, message);
    },
    async recordFailure(name: string, address: string): Promise<void> {
      await Promise.all([account.penalty(accountKey(name), 1), ip.penalty(address, 1)]);
    },
    async recordSuccess(name: string): Promise<void> {
      await account.delete(accountKey(name));
    },
  };
}

/** A fixed budget per key and window; over it, 429 with the envelope (registration, reset requests). */
export function createRateLimit(options: { points: number; windowSeconds: number; message: string }) {
  const limiter = new RateLimiterMemory({ points: options.points, duration: options.windowSeconds });
  return async (key: string): Promise<void> => {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) tooMany(error.msBeforeNext, options.message);
      throw error;
    }
  };
}
