import { describe, expect, it } from 'vitest';
import { admin, anonymous } from '../../auth/policy/callers.fixture';
import { clusteringOn, presentConfig } from './settings.presenter';

const BASE = 'https://example.org';

describe('configuration JSON (API-CONTRACT 6)', () => {
  it('is the group with its id, url and privileges', () => {
    expect(presentConfig(BASE, anonymous, 'site', { name: 'Floods', private: false })).toEqual({
      id: 'site',
      name: 'Floods',
      private: false,
      url: `${BASE}/api/v3/config/site`,
      allowed_privileges: ['read', 'search'],
    });
    expect(presentConfig(BASE, admin, 'features', {}).allowed_privileges).toEqual(['read', 'search']);
    expect(presentConfig(BASE, admin, 'site', {}).allowed_privileges).toEqual(['read', 'update', 'search']);
  });

  it('casts the map settings as the map formatter does', () => {
    expect(presentConfig(BASE, anonymous, 'map', { clustering: '1', cluster_radius: '50', location_precision: '2' })).toMatchObject({
      clustering: true,
      cluster_radius: 50,
      location_precision: 2,
    });
    expect([true, 1, '1', 'true'].map(clusteringOn)).toEqual([true, true, true, true]);
    expect([false, 0, '0', 'false', 'yes', null, undefined].map(clusteringOn)).toEqual([false, false, false, false, false, false, false]);
  });
});
