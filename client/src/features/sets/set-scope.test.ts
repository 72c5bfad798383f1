import { describe, expect, it } from 'vitest';
import { defaultStatusFor, scopedPath } from './set-scope';

describe('browsing modes (spec 2 section 4)', () => {
  it('keeps the views and the post column inside a collection or saved search', () => {
    const collection = { kind: 'collection' as const, id: 4 };
    expect(scopedPath('/posts/12', collection)).toBe('/collections/4/data/posts/12');
    expect(scopedPath('/posts/12/edit', collection)).toBe('/collections/4/data/posts/12/edit');
    expect(scopedPath('/posts/create/3', { kind: 'savedsearch', id: 9 })).toBe('/savedsearches/9/data/posts/create/3');
    expect(scopedPath('/views/data', collection)).toBe('/collections/4/data');
    expect(scopedPath('/views/map', { kind: 'savedsearch', id: 9 })).toBe('/savedsearches/9/map');
    expect(scopedPath('/settings/surveys', collection)).toBe('/settings/surveys');
  });

  it('leaves paths alone when all posts are shown', () => {
    expect(scopedPath('/posts/12', null)).toBe('/posts/12');
    expect(scopedPath('/views/data', null)).toBe('/views/data');
  });

  it('includes archived posts by default only inside a collection', () => {
    expect(defaultStatusFor({ kind: 'collection', id: 1 })).toEqual(['published', 'draft', 'archived']);
    expect(defaultStatusFor({ kind: 'savedsearch', id: 1 })).toEqual(['published', 'draft']);
    expect(defaultStatusFor(null)).toEqual(['published', 'draft']);
  });
});
