import { describe, expect, it } from 'vitest';
import { anonymous, caller } from '../../auth/policy/callers.fixture';
import { presentSet } from './sets.presenter';
import type { SetRow } from './sets.repository';

const BASE = 'https://example.org';
const collection: SetRow = {
  id: 4,
  user_id: 2,
  name: 'Floods',
  description: null,
  view: 'map',
  view_options: null,
  role: [],
  featured: false,
  search: false,
  filter: { status: ['published'] },
  created: new Date('2024-01-01T00:00:00Z'),
  updated: null,
};

describe('collection and saved search JSON (API-CONTRACT 12)', () => {
  it('is a collection without a filter, its empty role list as null', () => {
    const json = presentSet(BASE, caller(2, 'user'), collection);
    expect(json).toEqual({
      id: 4,
      url: `${BASE}/api/v3/collections/4`,
      user: { id: 2, url: `${BASE}/api/v3/users/2` },
      name: 'Floods',
      description: null,
      view: 'map',
      view_options: null,
      role: null,
      featured: false,
      created: '2024-01-01T00:00:00+00:00',
      updated: null,
      allowed_privileges: ['read', 'create', 'update', 'delete', 'search'],
    });
  });

  it('is a saved search with its filter and search: true', () => {
    const json = presentSet(BASE, anonymous, { ...collection, search: true, role: ['admin'] });
    expect(json).toMatchObject({
      url: `${BASE}/api/v3/savedsearches/4`,
      filter: { status: ['published'] },
      search: true,
      role: ['admin'],
      allowed_privileges: ['search'],
    });
  });
});
