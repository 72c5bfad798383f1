import type { Tos } from '@platform/shared';

/**
 * The date of the terms of service this client presents. Raise it when the terms change: every
 * user then has to agree again at their next login (API-CONTRACT 14.10).
 */
export const TOS_VERSION_DATE = '2024-01-01T00:00:00+00:00';

/** True when one of the user's agreements is at least as new as the current terms. */
export function hasCurrentAgreement(agreements: readonly Tos[], versionDate: string = TOS_VERSION_DATE): boolean {
  const current = Date.parse(versionDate);
  return agreements.some((a) => {
    const agreed = Date.parse(a.tos_version_date);
    return Number.isFinite(agreed) && agreed >= current;
  });
}
