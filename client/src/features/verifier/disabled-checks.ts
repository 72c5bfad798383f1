import { CHECK_IDS, type CheckId } from './verifier-checks';

/** Which checks are switched off: some of them, or all (spec 3 section 2, checks-disabled list). */
export type DisabledChecks = 'all' | CheckId[];

export const DISABLED_CHECKS_KEY = 'platform.verifier.disabled';

export function loadDisabledChecks(storage: Storage | undefined): DisabledChecks {
  try {
    const raw = storage?.getItem(DISABLED_CHECKS_KEY);
    if (!raw) return [];
    const parsed = JSON.parse(raw) as unknown;
    if (parsed === 'all') return 'all';
    return Array.isArray(parsed) ? CHECK_IDS.filter((id) => parsed.includes(id)) : [];
  } catch {
    return [];
  }
}

export function saveDisabledChecks(storage: Storage | undefined, disabled: DisabledChecks): void {
  try {
    storage?.setItem(DISABLED_CHECKS_KEY, JSON.stringify(disabled));
  } catch {
    // Without storage the choice lasts until the page is left.
  }
}

export const isDisabled = (disabled: DisabledChecks, id: CheckId): boolean => disabled === 'all' || disabled.includes(id);

/** Turns one check on or off; turning one on while all are off leaves the others off. */
export function toggleCheck(disabled: DisabledChecks, id: CheckId, off: boolean): DisabledChecks {
  const current = disabled === 'all' ? [...CHECK_IDS] : disabled;
  const next = off ? [...new Set([...current, id])] : current.filter((c) => c !== id);
  return CHECK_IDS.filter((c) => next.includes(c));
}
