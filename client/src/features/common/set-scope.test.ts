import { describe, expect, it } from 'vitest';
import { defaultStatusFor, markCleared, modeLink, scopedPath, scopeOfPath, viewOfPath } from './set-scope';

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

describe("the mode bar's Map and Data links", () => {
  it('keep the filters and the mode between the two views', () => {
    expect(modeLink('map', '/views/data', '?form=3&status=archived')).toBe('/views/map?form=3&status=archived');
    expect(modeLink('data', '/posts/12', '?form=3')).toBe('/views/data?form=3');
    expect(modeLink('data', '/savedsearches/1/map', '?q=flood')).toBe('/savedsearches/1/data?q=flood');
    expect(modeLink('map', '/collections/4/data/posts/12', '')).toBe('/collections/4/map');
  });

  it('go to the plain views from elsewhere', () => {
    expect(modeLink('map', '/activity', '?x=1')).toBe('/views/map');
    expect(modeLink('data', '/settings/surveys', '')).toBe('/views/data');
    expect(modeLink('data', '/collections/4', '')).toBe('/views/data');
  });

  it('know which view an address shows', () => {
    expect(viewOfPath('/views/map')).toBe('map');
    expect(viewOfPath('/posts/12/edit')).toBe('data');
    expect(viewOfPath('/savedsearches/2/data/posts/12')).toBe('data');
    expect(viewOfPath('/collections/4/map')).toBe('map');
    expect(viewOfPath('/activity')).toBeNull();
    expect(scopeOfPath('/savedsearches/2/map')).toEqual({ kind: 'savedsearch', id: 2 });
    expect(scopeOfPath('/views/map')).toBeNull();
  });
});

describe("a saved search's cleared filters", () => {
  const saved = { kind: 'savedsearch', id: 4 } as const;
  const text = (params: URLSearchParams) => params.toString();

  it('are marked in the address, so that an address without filters still means entering it', () => {
    expect(text(markCleared(new URLSearchParams(), saved))).toBe('filters=defaults');
    expect(text(markCleared(new URLSearchParams('filters=defaults'), saved))).toBe('filters=defaults');
  });

  it('lose the mark as soon as a filter is chosen', () => {
    expect(text(markCleared(new URLSearchParams('filters=defaults&q=bridge'), saved))).toBe('q=bridge');
  });

  it('are not marked outside a saved search', () => {
    expect(text(markCleared(new URLSearchParams(), null))).toBe('');
    expect(text(markCleared(new URLSearchParams(), { kind: 'collection', id: 4 }))).toBe('');
  });
});
