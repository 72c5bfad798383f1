import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OAuthError } from '../http/errors';
import { createLoginThrottle } from './throttle';

/** The Retry-After seconds of a refusal, or null when the attempt may go ahead. */
async function refusal(check: Promise<void>): Promise<number | null> {
  try {
    await check;
    return null;
  } catch (error) {
    // The token endpoint's refusals are OAuth's (API-CONTRACT 3).
    if (!(error instanceof OAuthError) || error.status !== 429 || error.error !== 'slow_down') throw error;
    return Number(error.headers['Retry-After']);
  }
}

describe('login throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const throttle = () => createLoginThrottle({ perAccount: 3, perIp: 100, windowSeconds: 900, backoffSeconds: 30 });

  it('lets a pair fail its budget, then doubles the wait after each further failure up to the window', async () => {
    const t = throttle();
    const waits: number[] = [];
    for (let failure = 1; failure <= 9; failure++) {
      await t.recordFailure('user:1', '10.0.0.1');
      const wait = await refusal(t.assertAllowed('user:1', '10.0.0.1'));
      waits.push(wait ?? 0);
      if (wait) vi.advanceTimersByTime(wait * 1000);
      expect(await refusal(t.assertAllowed('user:1', '10.0.0.1'))).toBeNull();
    }
    expect(waits).toEqual([0, 0, 30, 60, 120, 240, 480, 900, 900]);
  });

  it('keeps one pair apart from the same account elsewhere and from other accounts here', async () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) await t.recordFailure('user:1', '10.0.0.1');
    expect(await refusal(t.assertAllowed('user:1', '10.0.0.1'))).toBeGreaterThan(0);
    expect(await refusal(t.assertAllowed('user:1', '10.0.0.2'))).toBeNull();
    expect(await refusal(t.assertAllowed('user:2', '10.0.0.1'))).toBeNull();
  });

  it('forgets a pair on success', async () => {
    const t = throttle();
    for (let i = 0; i < 2; i++) await t.recordFailure('user:1', '10.0.0.1');
    await t.recordSuccess('user:1', '10.0.0.1');
    for (let i = 0; i < 2; i++) await t.recordFailure('user:1', '10.0.0.1');
    expect(await refusal(t.assertAllowed('user:1', '10.0.0.1'))).toBeNull();
  });

  it('caps an address across accounts', async () => {
    const t = createLoginThrottle({ perAccount: 3, perIp: 4, windowSeconds: 900 });
    for (let i = 0; i < 4; i++) await t.recordFailure(`name:${i}`, '10.0.0.9');
    expect(await refusal(t.assertAllowed('name:new', '10.0.0.9'))).toBeGreaterThan(0);
    expect(await refusal(t.assertAllowed('name:new', '10.0.0.8'))).toBeNull();
  });
});
