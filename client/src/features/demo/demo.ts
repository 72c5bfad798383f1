import { DEMO_POST_LIMIT, DEMO_TIER, DEMO_TRIAL_DAYS, type SiteConfig } from '@platform/shared';

const DAY_MS = 86_400_000;

export type DemoStatus = { kind: 'none' } | { kind: 'trial'; daysLeft: number } | { kind: 'expired' } | { kind: 'limit' };

const time = (value: string | null | undefined): number | null => {
  if (!value) return null;
  const parsed = Date.parse(value);
  return Number.isFinite(parsed) ? parsed : null;
};

export const isDemo = (site: SiteConfig): boolean => site.tier === DEMO_TIER;

/**
 * The free trial (spec 1 section 4): expired once now is past expiration_date and past
 * extension_date when there is one; limit reached at 25 posts; otherwise the days left (30 when
 * the site has no dates yet).
 */
export function demoStatus(site: SiteConfig, totalPosts: number | null, now: number): DemoStatus {
  if (!isDemo(site)) return { kind: 'none' };
  const expiration = time(site.expiration_date);
  const extension = time(site.extension_date);
  const end = expiration === null ? null : Math.max(expiration, extension ?? expiration);
  if (end !== null && now > end) return { kind: 'expired' };
  if (totalPosts !== null && totalPosts >= DEMO_POST_LIMIT) return { kind: 'limit' };
  if (end === null) return { kind: 'trial', daysLeft: DEMO_TRIAL_DAYS };
  return { kind: 'trial', daysLeft: Math.max(0, Math.ceil((end - now) / DAY_MS)) };
}
