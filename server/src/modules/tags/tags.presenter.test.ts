import { describe, expect, it } from 'vitest';
import { anonymous, caller } from '../../auth/policy/callers.fixture';
import { presentTag } from './tags.presenter';
import type { TagRow } from './tags.repository';

const BASE = 'https://example.org';
const tag: TagRow = {
  id: 3,
  parent_id: null,
  tag: 'Water',
  slug: 'water',
  type: 'category',
  color: null,
  icon: 'tag',
  description: null,
  priority: 0,
  role: [],
  created: new Date('2024-01-01T00:00:00Z'),
  updated: null,
};

describe('category JSON (API-CONTRACT 14.2)', () => {
  it('lists the children of a top-level category, an empty role list as null', () => {
    const { parent_id: _parent, updated: _updated, ...copied } = tag;
    expect(presentTag(BASE, anonymous, { tag, children: [5, 6], ancestorRoles: [] })).toEqual({
      ...copied,
      url: `${BASE}/api/v3/tags/3`,
      parent: null,
      created: '2024-01-01T00:00:00+00:00',
      role: null,
      children: [
        { id: 5, url: `${BASE}/api/v3/tags/5` },
        { id: 6, url: `${BASE}/api/v3/tags/6` },
      ],
      allowed_privileges: ['read', 'search'],
    });
  });

  it('names the parent of a child and lists no children; privileges follow every ancestor', () => {
    const child = { ...tag, id: 5, parent_id: 3, role: ['ranger'] };
    const json = presentTag(BASE, caller(4, 'ranger'), { tag: child, children: [9], ancestorRoles: [['user']] });
    expect(json).toMatchObject({
      parent: { id: 3, url: `${BASE}/api/v3/tags/3` },
      children: [],
      role: ['ranger'],
      allowed_privileges: ['search'],
    });
  });
});
