import { isFeatureEnabled } from '../../providers/features';
import { tierName } from './plan/tiers';
import { settingsAccess as can } from './settings-access';
import type { SettingsSection } from './settings-sections';

/**
 * The hub's cards in the order of spec 3 section 2. Areas whose screens are not built yet keep
 * their card, disabled (`comingSoon`), so the hub never links to nothing.
 */
export const HUB_CARDS: SettingsSection[] = [
  {
    id: 'general',
    to: '/settings/general',
    titleKey: 'settings_hub.general.title',
    descriptionKey: 'settings_hub.general.description',
    visible: (s) => can.manageSettings(s),
  },
  {
    id: 'surveys',
    to: '/settings/surveys',
    titleKey: 'settings_hub.surveys.title',
    descriptionKey: 'settings_hub.surveys.description',
    visible: (s) => can.manageSettings(s),
  },
  {
    id: 'datasources',
    to: '/settings/datasources',
    titleKey: 'settings_hub.datasources.title',
    descriptionKey: 'settings_hub.datasources.description',
    visible: (s) => can.manageSettings(s),
  },
  {
    id: 'import',
    to: '/settings/data-import',
    titleKey: 'settings_hub.import.title',
    descriptionKey: 'settings_hub.import.description',
    visible: (s) => can.import(s),
    unavailable: (c) => !isFeatureEnabled(c.features, 'data-import'),
  },
  {
    id: 'user-settings',
    to: '/settings/user-settings',
    titleKey: 'settings_hub.user_settings.title',
    descriptionKey: 'settings_hub.user_settings.description',
    visible: (s, c) => can.any(s) && isFeatureEnabled(c.features, 'user-settings') && isFeatureEnabled(c.features, 'hxl'),
  },
  {
    id: 'export',
    to: '/settings/data-export',
    titleKey: 'settings_hub.export.title',
    titleKeyFor: (c) => (isFeatureEnabled(c.features, 'hxl') ? 'settings_hub.export.title_hxl' : 'settings_hub.export.title'),
    descriptionKey: 'settings_hub.export.description',
    visible: (s) => can.export(s),
  },
  {
    id: 'users',
    to: '/settings/users',
    titleKey: 'settings_hub.users.title',
    descriptionKey: 'settings_hub.users.description',
    visible: (s) => can.manageUsers(s),
  },
  {
    id: 'roles',
    to: '/settings/roles',
    titleKey: 'settings_hub.roles.title',
    descriptionKey: 'settings_hub.roles.description',
    visible: (s) => can.admin(s),
    unavailable: (c) => !isFeatureEnabled(c.features, 'roles'),
  },
  {
    id: 'categories',
    to: '/settings/categories',
    titleKey: 'settings_hub.categories.title',
    descriptionKey: 'settings_hub.categories.description',
    visible: (s) => can.manageSettings(s),
  },
  {
    id: 'webhooks',
    to: '/settings/webhooks',
    titleKey: 'settings_hub.webhooks.title',
    descriptionKey: 'settings_hub.webhooks.description',
    visible: (s) => can.manageSettings(s),
    unavailable: (c) => !isFeatureEnabled(c.features, 'webhooks'),
  },
  {
    id: 'plan',
    to: '/settings/plan',
    titleKey: 'settings_hub.plan.title',
    descriptionKey: 'settings_hub.plan.description',
    // Off unless the features config turns the plan view on (its default is off, API-CONTRACT 6).
    visible: (s, c) => can.any(s) && c.features.views?.plan === true,
    detail: (c) => ({ key: 'settings_hub.plan.current', values: { tier: tierName(c.site.tier) } }),
  },
];
