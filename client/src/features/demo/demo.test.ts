import type { SiteConfig } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { demoStatus } from './demo';

const NOW = Date.parse('2025-06-10T12:00:00Z');
const site = (over: Partial<SiteConfig> = {}): SiteConfig => ({ id: 'site', tier: 'demo_1', allowed_privileges: [], ...over });

describe('demo status', () => {
  it('is nothing outside the demo tier', () => expect(demoStatus(site({ tier: 'level_1' }), 100, NOW)).toEqual({ kind: 'none' }));
  it('defaults to 30 days without dates', () => expect(demoStatus(site(), 3, NOW)).toEqual({ kind: 'trial', daysLeft: 30 }));
  it('counts the days left to the expiration date', () =>
    expect(demoStatus(site({ expiration_date: '2025-06-20T00:00:00Z' }), 3, NOW)).toEqual({ kind: 'trial', daysLeft: 10 }));
  it('expires past the expiration date when there is no extension', () =>
    expect(demoStatus(site({ expiration_date: '2025-06-01T00:00:00Z' }), 3, NOW)).toEqual({ kind: 'expired' }));
  it('keeps running while an extension runs, and expires past it', () => {
    expect(demoStatus(site({ expiration_date: '2025-06-01T00:00:00Z', extension_date: '2025-06-12T12:00:00Z' }), 3, NOW)).toEqual({
      kind: 'trial',
      daysLeft: 2,
    });
    expect(demoStatus(site({ expiration_date: '2025-06-01T00:00:00Z', extension_date: '2025-06-05T00:00:00Z' }), 3, NOW)).toEqual({
      kind: 'expired',
    });
  });
  it('reaches the limit at 25 posts', () => {
    expect(demoStatus(site(), 24, NOW)).toEqual({ kind: 'trial', daysLeft: 30 });
    expect(demoStatus(site(), 25, NOW)).toEqual({ kind: 'limit' });
  });
  it('puts expiry before the post limit', () =>
    expect(demoStatus(site({ expiration_date: '2025-01-01T00:00:00Z' }), 30, NOW)).toEqual({ kind: 'expired' }));
});
