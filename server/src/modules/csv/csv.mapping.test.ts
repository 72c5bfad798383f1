import type { CsvMappingBody } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { checkMapping, createRowMapper, normalizeMapsTo, type MappedAttribute } from './csv.mapping';

const attributes: MappedAttribute[] = [
  { key: 'place', label: 'Place', type: 'varchar' },
  { key: 'where', label: 'Where', type: 'point' },
  { key: 'needs', label: 'Needs', type: 'varchar' },
  { key: 'head', label: 'Headline', type: 'title' },
];

describe('normalizeMapsTo', () => {
  it('takes an array or an object keyed by column index, and strips values.', () => {
    expect(normalizeMapsTo(['title', null, 'values.place'], 3)).toEqual(['title', null, 'place']);
    expect(normalizeMapsTo({ '2': 'content', '0': 'title' } as CsvMappingBody['maps_to'], 3)).toEqual(['title', null, 'content']);
  });

  it('refuses a target for a column the file does not have; a null there is harmless', () => {
    expect(normalizeMapsTo({ '3': 'title' }, 3)).toEqual({ pointer: '/maps_to', message: 'Column 3 does not exist in the CSV file' });
    expect(normalizeMapsTo({ x: 'title' }, 3)).toEqual({ pointer: '/maps_to', message: 'Column x does not exist in the CSV file' });
    expect(normalizeMapsTo(['title', null, null, null], 1)).toEqual(['title']);
  });
});

describe('checkMapping', () => {
  const messages = (targets: Array<string | null>) => checkMapping(targets, attributes).map((p) => p.message);

  it('accepts post fields, field keys, point halves and multi-value positions', () => {
    expect(messages(['title', 'content', 'status', 'post_date', 'place', 'where.lat', 'where.lon', 'needs.0', 'needs.1'])).toEqual([]);
  });

  it('refuses nothing mapped, the same field twice (a title field is the title), unknown targets and half a point', () => {
    expect(messages([null, null])).toEqual(['Map at least one column to a post field']);
    expect(messages(['title', 'head'])).toEqual(['Several columns are mapped to the same field: title']);
    expect(messages(['place', 'place'])).toEqual(['Several columns are mapped to the same field: place']);
    expect(messages(['nope', 'where.lat', 'where'])).toEqual([
      '"nope" is not a field of the survey',
      'Location "where" needs both a .lat and a .lon column',
      'Location "where" needs both a .lat and a .lon column',
    ]);
    expect(messages(['place.lat', 'where.0'])).toEqual([
      '"place.lat" is not a field of the survey',
      '"where.0" is not a field of the survey',
    ]);
  });
});

describe('createRowMapper', () => {
  const columns = ['T', 'C', 'S', 'Place', 'Lat', 'Lon', 'N1', 'N0'];
  const mapper = createRowMapper(
    columns,
    ['title', 'content', 'status', 'place', 'where.lat', 'where.lon', 'needs.1', 'needs.0'],
    attributes,
    {
      form: 7,
      tags: [3],
      published_to: ['ops'],
    },
  );

  it('builds the post body: values as lists, points from two columns, positions in order, empty cells left out', () => {
    expect(mapper.toBody([' Road ', 'Body', 'Published', 'Bridge', '-1.5', '36.8', 'food', 'water'])).toEqual({
      form_id: 7,
      title: 'Road',
      content: 'Body',
      status: 'published',
      values: { place: ['Bridge'], where: [{ lat: '-1.5', lon: '36.8' }], needs: ['water', 'food'] },
      tags: [3],
      published_to: ['ops'],
    });
    expect(mapper.toBody(['Road', 'Body', '', '', '', '', 'food', ''])).toMatchObject({ status: 'draft', values: { needs: ['food'] } });
    expect(mapper.toBody(['Road'])).toMatchObject({ status: 'draft', values: {} });
  });

  it('turns under review, or no status at all, into a draft; the fixed status applies without a column', () => {
    expect(mapper.toBody(['a', 'b', 'Under Review']).status).toBe('draft');
    const fixed = createRowMapper(['T'], ['title'], attributes, { form: 1, status: 'archived' });
    expect(fixed.toBody(['a']).status).toBe('archived');
  });

  it('tells which column a validation error is about', () => {
    expect(mapper.columnOf({ pointer: '/title', message: 'title is required' })).toBe('T');
    expect(mapper.columnOf({ pointer: '/values', message: 'attribute Place is required' })).toBe('Place');
    expect(mapper.columnOf({ pointer: '/values', message: 'the field Where must contain a valid longitude' })).toBe('Lon');
    expect(mapper.columnOf({ pointer: '/values', message: 'the field Where must contain a valid latitude' })).toBe('Lat');
    expect(mapper.columnOf({ pointer: '/tags', message: 'no such category' })).toBeNull();
  });
});
