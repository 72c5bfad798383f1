import { TIERS } from '@platform/shared';

/** The Basic plan's tier: a deployment on it is already subscribed (spec 3 section 2). */
export const BASIC_TIER = 'level_1';

/** Legacy tiers moved to newer plans on 8 to 12 October 2018 (spec 3 section 9). */
export const LEGACY_PAID_TIERS = ['zerorated', 'surveyor', 'responder'];
export const LEGACY_FREE_TIERS = ['free', 'free-pre-jun-2016'];

/** The plan name of a tier; a tier the product does not know shows as stored. */
export const tierName = (tier: string | null | undefined): string => (tier ? (TIERS[tier] ?? tier) : (TIERS.free ?? 'free'));
