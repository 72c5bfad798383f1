import type { FeaturesConfig } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../api/endpoints/config';
import type { Session } from '../../session/session-storage';
import { SETTINGS_SECTIONS } from './settings-sections';

const session = (role: string, permissions: string[] = []): Session => ({
  userId: 1,
  realname: 'R',
  email: 'r@example.org',
  accessToken: 't',
  accessTokenExpires: Date.now() + 60_000,
  grantType: 'password',
  role,
  permissions,
  gravatar: null,
  language: null,
});
const on = { enabled: true };
const features = (extra: Record<string, unknown> = {}): FeaturesConfig => ({
  id: 'features',
  views: { map: true, plan: false },
  roles: on,
  webhooks: on,
  'data-import': on,
  'user-settings': on,
  hxl: on,
  allowed_privileges: [],
  ...extra,
});
const config = (f: FeaturesConfig = features(), tier = 'free'): AppConfig => ({
  site: { id: 'site', tier, allowed_privileges: [] },
  features: f,
  map: null,
});
const visibleIds = (s: Session | null, c = config()) => SETTINGS_SECTIONS.filter((x) => x.visible(s, c)).map((x) => x.id);

describe('settings hub cards (spec 3 section 2)', () => {
  it('shows an admin every area, in the spec order, and Plan only with the plan view', () => {
    expect(visibleIds(session('admin'))).toEqual([
      'general',
      'surveys',
      'datasources',
      'import',
      'user-settings',
      'export',
      'users',
      'roles',
      'categories',
      'webhooks',
    ]);
    expect(visibleIds(session('admin'), config(features({ views: { plan: true } })))).toContain('plan');
  });

  it('shows each area by its permission', () => {
    expect(visibleIds(session('manager', ['Manage Users']))).toEqual(['user-settings', 'users']);
    expect(visibleIds(session('importer', ['Bulk Data Import']))).toEqual(['import', 'user-settings']);
    expect(visibleIds(session('exporter', ['Bulk Data Import and Export']))).toEqual(['import', 'user-settings', 'export']);
    expect(visibleIds(session('user', ['Edit their own posts']))).toEqual([]);
    expect(visibleIds(null)).toEqual([]);
  });

  it('needs both the user-settings and hxl features for User settings, and names Export by hxl', () => {
    const noHxl = config(features({ hxl: { enabled: false } }));
    expect(visibleIds(session('admin'), noHxl)).not.toContain('user-settings');
    const exportCard = SETTINGS_SECTIONS.find((s) => s.id === 'export');
    expect(exportCard?.titleKeyFor?.(config())).toBe('settings_hub.export.title_hxl');
    expect(exportCard?.titleKeyFor?.(noHxl)).toBe('settings_hub.export.title');
  });

  it('marks features switched off (every area is built), and gives the Plan card its tier name', () => {
    const byId = Object.fromEntries(SETTINGS_SECTIONS.map((s) => [s.id, s]));
    expect(SETTINGS_SECTIONS.filter((s) => s.comingSoon).map((s) => s.id)).toEqual([]);
    expect(byId.roles?.unavailable?.(config(features({ roles: { enabled: false } })))).toBe(true);
    expect(byId.roles?.unavailable?.(config())).toBe(false);
    expect(byId.plan?.detail?.(config(features(), 'level_1'))).toEqual({ key: 'settings_hub.plan.current', values: { tier: 'Basic' } });
  });
});
