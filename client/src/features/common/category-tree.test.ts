import type { Tag } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { categoryRows, toggleCategory } from './category-tree';

const tag = (id: number, name: string, parent: number | null = null, priority = 99): Tag => ({
  id,
  url: `u/${id}`,
  parent: parent === null ? null : { id: parent, url: `u/${parent}` },
  tag: name,
  slug: name.toLowerCase(),
  type: 'category',
  color: null,
  icon: 'tag',
  description: null,
  priority,
  created: '2025-01-01T00:00:00+00:00',
  role: null,
  children: [],
  allowed_privileges: [],
});

const TAGS = [tag(1, 'Water'), tag(2, 'wells', 1), tag(3, 'Aid'), tag(4, 'Pumps', 1), tag(5, 'Food', 3), tag(6, 'Orphan', 42)];

describe('categoryRows', () => {
  it('lists each parent by name followed by its children, indented; unknown parents count as top level', () => {
    expect(categoryRows(TAGS).map((r) => `${'  '.repeat(r.depth)}${r.tag.tag}`)).toEqual([
      'Aid',
      '  Food',
      'Orphan',
      'Water',
      '  Pumps',
      '  wells',
    ]);
  });
  it('puts a lower priority first', () => {
    expect(categoryRows([tag(1, 'B', null, 1), tag(2, 'A', null, 5)]).map((r) => r.tag.tag)).toEqual(['B', 'A']);
  });
});

describe('toggleCategory', () => {
  it('a parent brings and takes its children', () => {
    expect(toggleCategory(TAGS, [], 1, true).sort()).toEqual([1, 2, 4]);
    expect(toggleCategory(TAGS, [1, 2, 4, 3], 1, false)).toEqual([3]);
  });
  it('a child brings its parent; unpicking a child leaves the parent', () => {
    expect(toggleCategory(TAGS, [], 5, true).sort()).toEqual([3, 5]);
    expect(toggleCategory(TAGS, [3, 5], 5, false)).toEqual([3]);
  });
});
