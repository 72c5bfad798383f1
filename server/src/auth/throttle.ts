import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError, OAuthError } from '../http/errors';

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

const retryAfter = (retryMs: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(retryMs / 1000))) });

/** The token endpoint answers every refusal in the OAuth shape (API-CONTRACT 3), a throttled login too. */
function tooManyLogins(retryMs: number, message: string): never {
  throw new OAuthError(429, 'slow_down', message, 'Wait before trying again', retryAfter(retryMs));
}

function tooMany(retryMs: number, message: string): never {
  throw new ApiError(429, message, { title: 'Too Many Requests', headers: retryAfter(retryMs) });
}

/** How long failures of one account from one address are remembered after the last of them. */
const PAIR_MEMORY_SECONDS = 24 * 60 * 60;

/**
 * Failed logins are counted per (account, address) pair and per address. The caller keys a known
 * account by its id (e-mail and username share one budget) and an unknown name by the name itself,
 * so an unknown account is throttled exactly like a real one and reveals nothing.
 *
 * No budget is kept per account alone: anyone could then lock an administrator out by failing on
 * purpose. A pair that keeps failing waits longer each time (backoff up to the window); an address
 * that fails across many accounts is capped; an address that has not been failing always gets its
 * password checked.
 */
export function createLoginThrottle(options: { perAccount: number; perIp: number; windowSeconds: number; backoffSeconds?: number }) {
  const backoffSeconds = options.backoffSeconds ?? 30;
  // Consecutive failures of a pair; each failure starts the memory again, a success clears it.
  const pairFailures = new RateLimiterMemory({ keyPrefix: 'login-pair', points: Number.MAX_SAFE_INTEGER, duration: PAIR_MEMORY_SECONDS });
  const pairBlocks = new RateLimiterMemory({ keyPrefix: 'login-pair-block', points: 0, duration: options.windowSeconds });
  const ip = new RateLimiterMemory({ keyPrefix: 'login-ip', points: options.perIp, duration: options.windowSeconds });
  const message = 'Too many failed login attempts. Please wait before trying again.';
  const pairKey = (name: string, address: string) => `${name.trim().toLowerCase()}\n${address}`;

  /** The wait after the n-th consecutive failure: none before the budget, then doubling up to the window. */
  const waitAfter = (failures: number): number =>
    failures < options.perAccount ? 0 : Math.min(options.windowSeconds, backoffSeconds * 2 ** (failures - options.perAccount));

  return {
    async assertAllowed(name: string, address: string): Promise<void> {
      const [blocked, i] = await Promise.all([pairBlocks.get(pairKey(name, address)), ip.get(address)]);
      if (blocked && blocked.msBeforeNext > 0) tooManyLogins(blocked.msBeforeNext, message);
      if (i && i.consumedPoints >= options.perIp) tooManyLogins(i.msBeforeNext, message);
    },
    async recordFailure(name: string, address: string): Promise<void> {
      const key = pairKey(name, address);
      const failures = ((await pairFailures.get(key))?.consumedPoints ?? 0) + 1;
      await Promise.all([pairFailures.set(key, failures, PAIR_MEMORY_SECONDS), ip.penalty(address, 1)]);
      const wait = waitAfter(failures);
      if (wait > 0) await pairBlocks.block(key, wait);
    },
    async recordSuccess(name: string, address: string): Promise<void> {
      const key = pairKey(name, address);
      await Promise.all([pairFailures.delete(key), pairBlocks.delete(key)]);
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
