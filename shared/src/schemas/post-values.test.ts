import { describe, expect, it } from 'vitest';
import { formatDateTime, parseDateInput } from './post-dates';
import { PostListQuery } from './post-filters';
import { checkFieldValues, checkPostValue, isVideoUrl, type ValueField } from './post-values';
import { CreatePostBody, UpdatePostBody } from './posts';

const field = (type: string, input = 'text', extra: Partial<ValueField> = {}): ValueField => ({
  key: 'k',
  label: 'Field',
  type,
  input,
  options: [],
  cardinality: 0,
  config: {},
  ...extra,
});

describe('parseDateInput', () => {
  const now = new Date(Date.UTC(2024, 4, 10, 12, 0, 0));
  it.each([
    ['2016-05-31', '2016-05-31 00:00:00'],
    ['2012/09/25', '2012-09-25 00:00:00'],
    ['09/25/2012', '2012-09-25 00:00:00'],
    ['2016-05-31 10:20:30', '2016-05-31 10:20:30'],
    ['2016-05-31T10:20:30Z', '2016-05-31 10:20:30'],
    ['2016-05-31T10:20:30.123+02:00', '2016-05-31 08:20:30'],
    ['2016-05-31T10:20:30-0500', '2016-05-31 15:20:30'],
    ['31 May 2016', '2016-05-31 00:00:00'],
    ['1464652800', '2016-05-31 00:00:00'],
    ['yesterday', '2024-05-09 00:00:00'],
    ['-1 week', '2024-05-03 12:00:00'],
    ['2 days ago', '2024-05-08 12:00:00'],
  ])('reads %s', (input, expected) => {
    expect(formatDateTime(parseDateInput(input, now)!)).toBe(expected);
  });

  it.each([
    '',
    'not a date',
    '2016-02-30',
    '2016-13-01',
    '2016-05-31 25:00:00',
    '2016-05-31T10:00:00+99:00',
    'x'.repeat(500),
    '99999-01-01',
  ])('refuses %j', (input) => expect(parseDateInput(input, now)).toBeNull());
});

describe('checkPostValue', () => {
  it('shapes each type', () => {
    expect(checkPostValue(field('int', 'number'), '42')).toEqual({ ok: true, value: 42 });
    expect(checkPostValue(field('decimal', 'number'), '4.5')).toEqual({ ok: true, value: 4.5 });
    expect(checkPostValue(field('datetime', 'date'), '2016-05-31T01:02:03Z')).toEqual({ ok: true, value: '2016-05-31 01:02:03' });
    expect(checkPostValue(field('point', 'location'), { lat: '1.5', lon: -2 })).toEqual({ ok: true, value: { lat: 1.5, lon: -2 } });
    expect(checkPostValue(field('tags', 'tags'), '7')).toEqual({ ok: true, value: 7 });
    expect(checkPostValue(field('media', 'upload'), { id: 3 })).toEqual({ ok: true, value: 3 });
    expect(checkPostValue(field('varchar', 'select', { options: ['a', 'b'] }), 'b')).toEqual({ ok: true, value: 'b' });
  });

  it('refuses bad values with the v3 messages', () => {
    expect(checkPostValue(field('int'), '4.5')).toEqual({ ok: false, message: 'The field Field must be a digit, Given: 4.5' });
    expect(checkPostValue(field('decimal'), 'abc')).toEqual({ ok: false, message: 'The field Field must be numeric, Given: abc' });
    expect(checkPostValue(field('point', 'location'), { lat: 91, lon: 0 })).toEqual({
      ok: false,
      message: 'the field Field must contain a valid latitude',
    });
    expect(checkPostValue(field('point', 'location'), { lat: 1, lon: 'x' })).toEqual({
      ok: false,
      message: 'the field Field must contain a valid longitude',
    });
    expect(checkPostValue(field('varchar', 'video'), 'https://example.com/v')).toEqual({
      ok: false,
      message: 'The field Field must be either a youtube or vimeo url, Given: https://example.com/v',
    });
    expect(checkPostValue(field('varchar'), 'x'.repeat(256)).ok).toBe(false);
    expect(checkPostValue(field('varchar'), { a: 1 }).ok).toBe(false);
    expect(checkPostValue(field('link'), 'javascript:alert(1)').ok).toBe(false);
    expect(checkPostValue(field('varchar', 'radio', { options: ['a'] }), 'z').ok).toBe(false);
  });

  it('checks a whole field: arrays only, empties dropped, cardinality', () => {
    expect(checkFieldValues(field('varchar'), 'x')).toEqual({ ok: false, message: 'Post values for Field must be an array' });
    expect(checkFieldValues(field('varchar', 'text', { cardinality: 1 }), ['a', 'b'])).toEqual({
      ok: false,
      message: 'Too many values for Field (max: 1)',
    });
    expect(checkFieldValues(field('varchar', 'text', { cardinality: 1 }), ['a', '', null])).toEqual({ ok: true, values: ['a'] });
    expect(checkFieldValues(field('tags', 'tags'), [1, '1', 2])).toEqual({ ok: true, values: [1, 2] });
  });

  it('knows video hosts', () => {
    expect(isVideoUrl('https://www.youtube.com/watch?v=abc')).toBe(true);
    expect(isVideoUrl('https://youtu.be/abc')).toBe(true);
    expect(isVideoUrl('https://vimeo.com/123')).toBe(true);
    expect(isVideoUrl('https://player.vimeo.com/video/123')).toBe(true);
    expect(isVideoUrl('https://youtube.com.evil.org/watch?v=1')).toBe(false);
    expect(isVideoUrl('https://www.youtube.com/')).toBe(false);
  });
});

describe('post bodies', () => {
  it('takes the aliases and requires a title and a description on create', () => {
    const body = CreatePostBody.parse({ form: { id: 3 }, user: { id: '4' }, title: ' Hi ', content: 'c', unknown: 1 });
    expect(body).toMatchObject({ form_id: 3, user_id: 4, title: 'Hi', content: 'c' });
    expect(CreatePostBody.safeParse({ content: 'c' }).success).toBe(false);
    expect(CreatePostBody.safeParse({ title: 'x', content: 'c' }).success).toBe(false);
    expect(CreatePostBody.safeParse({ title: 'x'.repeat(151), content: 'c' }).success).toBe(false);
    expect(CreatePostBody.safeParse({ title: 'ok', content: '  ' }).success).toBe(false);
    expect(CreatePostBody.safeParse({ title: 'ok', content: 'c', user_id: 1, author_realname: 'A' }).success).toBe(false);
    expect(UpdatePostBody.parse({ title: 'ok' })).toEqual({ title: 'ok' });
  });
});

describe('PostListQuery', () => {
  it('reads both encodings and defaults to published', () => {
    expect(PostListQuery.parse({}).status).toEqual(['published']);
    const q = PostListQuery.parse({ status: ['published', 'draft'], form: '1,none', tags: { all: ['2', '3'] }, values: { k: ['a', 'b'] } });
    expect(q).toMatchObject({
      status: ['published', 'draft'],
      form: [1, 'none'],
      tags: { any: [], all: [2, 3] },
      values: { k: ['a', 'b'] },
    });
    expect(PostListQuery.parse({ status: 'all', tags: '4,5' })).toMatchObject({ status: 'all', tags: { any: [4, 5], all: [] } });
    expect(PostListQuery.safeParse({ bbox: '1,2,3' }).success).toBe(false);
    expect(PostListQuery.safeParse({ form: '1; drop table posts' }).success).toBe(false);
    expect(PostListQuery.safeParse({ status: 'deleted' }).success).toBe(false);
  });
});
