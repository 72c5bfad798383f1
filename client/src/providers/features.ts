import type { FeaturesConfig, SiteConfig } from '@platform/shared';

/** A view is on unless the features config turns it off. */
export const isViewEnabled = (features: FeaturesConfig, view: string): boolean => features.views?.[view] !== false;

export function isFeatureEnabled(features: FeaturesConfig, name: string): boolean {
  const entry = (features as Record<string, unknown>)[name];
  return typeof entry === 'object' && entry !== null && (entry as { enabled?: unknown }).enabled === true;
}

/** Registration is offered only when the site is not private and registration is not disabled. */
export const canRegister = (site: SiteConfig): boolean => site.private !== true && site.disable_registration !== true;
