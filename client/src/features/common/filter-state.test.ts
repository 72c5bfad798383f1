import { PostListQuery } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { changedFilterCount, DEFAULT_FILTERS, filtersFromParams, filtersToParams, filtersToQuery, parseLatLon } from './filter-state';
import { toggleChoice } from '../filters/FilterSidebar';

describe('post filters', () => {
  it('defaults make an empty address and send only status and sort', () => {
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
    expect(filtersToQuery(DEFAULT_FILTERS)).toEqual({
      orderby: 'created',
      order: 'desc',
      order_unlocked_on_top: 'true',
      status: ['published', 'draft'],
    });
    expect(changedFilterCount(DEFAULT_FILTERS)).toBe(0);
  });

  it('round-trips every filter through the address', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      q: 'flood',
      orderby: 'post_date' as const,
      order: 'asc' as const,
      unlockedOnTop: false,
      status: ['archived'],
      tags: [3, 4],
      form: [2, 'none' as const],
      source: ['sms'],
      dateAfter: '2026-01-01',
      dateBefore: '2026-01-31',
      center: '-1.28,36.82',
      place: 'Nairobi',
      radius: 50,
      hasLocation: 'mapped' as const,
    };
    const params = filtersToParams(filters);
    expect(filtersFromParams(new URLSearchParams(params.toString()))).toEqual(filters);
    expect(changedFilterCount(filters)).toBe(9);
    expect(filtersToQuery(filters)).toEqual({
      orderby: 'post_date',
      order: 'asc',
      order_unlocked_on_top: 'false',
      status: ['archived'],
      q: 'flood',
      tags: [3, 4],
      form: [2, 'none'],
      source: ['sms'],
      date_after: '2026-01-01T00:00:00.000Z',
      date_before: '2026-01-31T23:59:59.999Z',
      center_point: '-1.28,36.82',
      within_km: 50,
      has_location: 'mapped',
    });
  });

  it('sends only what the shared PostListQuery schema reads, with the meaning it reads', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      q: 'flood',
      status: ['archived', 'draft'],
      tags: [3, 4],
      form: [2, 'none' as const],
      source: ['sms'],
      dateAfter: '2026-01-01',
      center: '-1.28,36.82',
      radius: 50,
      hasLocation: 'unmapped' as const,
    };
    // As the server receives it: every value a string, lists as lists (API-CONTRACT 1).
    const sent = Object.entries(filtersToQuery(filters, { withoutSort: true }));
    const wire = Object.fromEntries(sent.map(([key, value]) => [key, Array.isArray(value) ? value.map(String) : String(value)]));
    const read = PostListQuery.strict().parse(wire);
    expect(read).toMatchObject({
      q: 'flood',
      status: ['archived', 'draft'],
      tags: { any: [3, 4], all: [] },
      form: [2, 'none'],
      source: ['sms'],
      center_point: [-1.28, 36.82],
      within_km: 50,
      has_location: 'unmapped',
    });
    expect(read.date_after).toBeDefined();
  });

  it('sends a radius of 10 km when a centre comes without one, and drops unreadable values', () => {
    const filters = filtersFromParams(
      new URLSearchParams('center_point=1,2&orderby=drop table&status=bogus&form=x,5&date_after=yesterday'),
    );
    expect(filters.orderby).toBe('created');
    expect(filters.status).toEqual(['published', 'draft']);
    expect(filters.form).toEqual([5]);
    expect(filters.dateAfter).toBe('');
    expect(filtersToQuery(filters)).toMatchObject({ center_point: '1,2', within_km: 10 });
    expect(filtersToQuery(filters, { withoutForm: true, withoutSort: true })).toEqual({
      status: ['published', 'draft'],
      center_point: '1,2',
      within_km: 10,
    });
  });

  it('reads lat,lon text', () => {
    expect(parseLatLon(' -1.5 , 36.8 ')).toEqual({ lat: -1.5, lon: 36.8 });
    expect(parseLatLon('91,0')).toBeNull();
    expect(parseLatLon('Nairobi')).toBeNull();
  });

  it('toggles a choice of an all-unless-listed filter', () => {
    const all = [1, 2, 3];
    expect(toggleChoice([], all, 2, false, 0)).toEqual([1, 3]);
    expect(toggleChoice([1, 3], all, 2, true, 0)).toEqual([]);
    expect(toggleChoice([1], all, 1, false, 0)).toEqual([0]);
  });

  it("sends a date range as the viewer's days, and reads a saved search's ISO times as days", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Bogota';
    try {
      const filters = filtersFromParams(new URLSearchParams('date_after=2026-05-01&date_before=2026-05-11T02:00:00Z'));
      expect(filters.dateBefore).toBe('2026-05-10');
      expect(filtersToQuery(filters)).toMatchObject({ date_after: '2026-05-01T05:00:00.000Z', date_before: '2026-05-11T04:59:59.999Z' });
    } finally {
      process.env.TZ = zone;
    }
  });
});
