import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_DB_ID } from './common';
import {
  listQuery,
  pagingQuery,
  queryFirst,
  queryFlag,
  queryIds,
  queryIdsOr,
  queryList,
  queryPhrase,
  queryPhrases,
  queryText,
} from './list-query';

/** What a failed parse says, one `parameter: message` a failing parameter. */
function problems(schema: z.ZodType, query: unknown): string[] {
  const result = schema.safeParse(query);
  return result.success ? [] : result.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
}

describe('reading a parameter', () => {
  it('takes lists in every encoding the contract allows', () => {
    expect(queryList('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(queryList(['a', 'b,c'])).toEqual(['a', 'b', 'c']);
    // `a[0]=x&a[1]=y`, or an array past the query parser's length limit.
    expect(queryList({ 0: 'x', 1: 'y' })).toEqual(['x', 'y']);
    expect(queryList(undefined)).toEqual([]);
    expect(queryList('')).toEqual([]);
  });

  it('takes the first of repeated or comma separated values', () => {
    expect(queryFirst('x,y')).toBe('x');
    expect(queryFirst(['x', 'y'])).toBe('x');
    expect(queryFirst(['', ' y '])).toBe('y');
    expect(queryFirst(undefined)).toBeUndefined();
  });

  it('keeps the commas of free text, first of repeated values, trimmed', () => {
    expect(queryText(' Smith, John ')).toBe('Smith, John');
    expect(queryText(['a,b', 'c'])).toBe('a,b');
    expect(queryText('   ')).toBeUndefined();
    expect(queryText({ nested: 'x' })).toBeUndefined();
    expect(queryPhrase.parse(undefined)).toBeUndefined();
  });

  it('makes a list of texts only by repeating the parameter', () => {
    expect(queryPhrases.parse('Yes, or no')).toEqual(['Yes, or no']);
    expect(queryPhrases.parse(['One, two', ' ', ' Three '])).toEqual(['One, two', 'Three']);
    expect(queryPhrases.parse(undefined)).toEqual([]);
  });
});

describe('ids', () => {
  const ids = z.object({ set: queryIds('set'), user: queryIdsOr('user', ['me'] as const) });

  it('reads ids and the allowed words in both encodings', () => {
    expect(ids.parse({ set: '1,2', user: ['ME', '3'] })).toEqual({ set: [1, 2], user: ['me', 3] });
    expect(ids.parse({ set: { 0: '4' } })).toEqual({ set: [4], user: [] });
    expect(ids.parse({ set: String(MAX_DB_ID) }).set).toEqual([MAX_DB_ID]);
  });

  it.each([['abc'], ['0'], ['-1'], ['1.5'], ['1e3'], [String(MAX_DB_ID + 1)], ['99999999999999999999'], [['1', 'x']]])(
    'refuses %j as an id',
    (value) => {
      expect(problems(ids, { set: value })).toEqual(['set: set must be a list of ids']);
    },
  );

  it('names the words a list may hold besides ids', () => {
    expect(problems(ids, { user: 'you' })).toEqual(['user: user must be a list of ids or me']);
  });
});

describe('yes-or-no filters', () => {
  const flags = z.object({ disabled: queryFlag('disabled') });

  it('reads true, false, 1 and 0 in any case; absent is no filter', () => {
    expect(flags.parse({ disabled: 'TRUE' })).toEqual({ disabled: true });
    expect(flags.parse({ disabled: '0' })).toEqual({ disabled: false });
    expect(flags.parse({ disabled: ['false', 'true'] })).toEqual({ disabled: false });
    expect(flags.parse({})).toEqual({});
  });

  it('refuses anything else', () => {
    expect(problems(flags, { disabled: 'maybe' })).toEqual(['disabled: disabled must be true or false']);
  });
});

describe('paging', () => {
  const paging = pagingQuery({ sortable: ['id', 'name'] as const, orderby: 'id' });

  it('defaults to every row from the start, by id ascending (API-CONTRACT 14.1)', () => {
    expect(paging.parse({})).toEqual({ limit: null, offset: 0, order: 'asc', orderby: 'id' });
  });

  it('reads what is asked, and the first of repeated values', () => {
    expect(paging.parse({ limit: '10', offset: '20', order: 'DESC', orderby: 'name' })).toEqual({
      limit: 10,
      offset: 20,
      order: 'desc',
      orderby: 'name',
    });
    expect(paging.parse({ limit: ['5', '50'], offset: '3,4', order: ['desc', 'asc'], orderby: ['name', 'id'] })).toEqual({
      limit: 5,
      offset: 3,
      order: 'desc',
      orderby: 'name',
    });
  });

  it('reads an order other than desc as asc, and limit 0 or an empty limit as none', () => {
    expect(paging.parse({ order: 'sideways' }).order).toBe('asc');
    expect(paging.parse({ limit: '0' }).limit).toBeNull();
    expect(paging.parse({ limit: '', offset: '' })).toMatchObject({ limit: null, offset: 0 });
  });

  it.each([['-1'], ['abc'], ['1.5'], ['1e20'], ['9007199254740993'], [['x', '1']]])('refuses %j as a limit or an offset', (value) => {
    expect(problems(paging, { limit: value })).toEqual(['limit: limit must be a positive whole number']);
    expect(problems(paging, { offset: value })).toEqual(['offset: offset must be a positive whole number']);
  });

  it('accepts the largest safe numbers (Postgres takes them)', () => {
    expect(paging.parse({ limit: '9007199254740991', offset: '9007199254740991' })).toMatchObject({
      limit: Number.MAX_SAFE_INTEGER,
      offset: Number.MAX_SAFE_INTEGER,
    });
  });

  it('refuses an unknown or differently written column instead of passing it to SQL', () => {
    expect(problems(paging, { orderby: 'password' })).toEqual(['orderby: orderby must be one of id, name']);
    expect(problems(paging, { orderby: 'NAME' })).toEqual(['orderby: orderby must be one of id, name']);
    expect(problems(paging, { orderby: 'id;drop table users' })).toHaveLength(1);
  });

  it('caps the page and fills in a default size when asked to (the post lists)', () => {
    const capped = pagingQuery({ sortable: ['post_date'] as const, orderby: 'post_date', order: 'desc', maxLimit: 20 });
    expect(capped.parse({})).toEqual({ limit: 20, offset: 0, order: 'desc', orderby: 'post_date' });
    expect(capped.parse({ limit: '500' }).limit).toBe(20);
    expect(capped.parse({ limit: '7' }).limit).toBe(7);
    const sized = pagingQuery({ sortable: ['id'] as const, orderby: 'id', defaultLimit: 5 });
    expect(sized.parse({ limit: '0' }).limit).toBe(5);
  });
});

describe('a list query', () => {
  const query = listQuery({ sortable: ['id', 'name'] as const, orderby: 'id' }, { q: queryPhrase, set: queryIds('set') });

  it('hands paging and filters back apart, dropping unknown parameters', () => {
    expect(query.parse({ q: ' x ', set: '2', limit: '1', ignore403: 'true', 'current_stage[]': '1' })).toEqual({
      paging: { limit: 1, offset: 0, order: 'asc', orderby: 'id' },
      filters: { q: 'x', set: [2] },
    });
  });

  it('reports every bad parameter at once, paging first', () => {
    expect(problems(query, { set: 'x', limit: '-1', orderby: 'nope' })).toEqual([
      'limit: limit must be a positive whole number',
      'orderby: orderby must be one of id, name',
      'set: set must be a list of ids',
    ]);
  });
});
