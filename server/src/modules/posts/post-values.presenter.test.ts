import { describe, expect, it } from 'vitest';
import { admin, anonymous, caller } from '../../auth/policy/callers.fixture';
import { field, hiddenTask, postRow, reviewTask, surveyContext } from './post-view.fixture';
import { attributeVisible, attributeWritable, presentValues, roundPoint, visibleTagIds } from './post-values.presenter';

const author = caller(2, 'user');
const stranger = caller(5, 'user');
const moderator = caller(6, 'moderator', ['Manage Posts']);

const fields = {
  name: field('name', 'varchar'),
  place: field('place', 'point'),
  when: field('when', 'datetime'),
  phone: field('phone', 'varchar', { response_private: true }),
  verdict: field('verdict', 'varchar', { stage: reviewTask }),
  note: field('note', 'varchar', { stage: hiddenTask }),
  topics: field('topics', 'tags'),
};
const values = {
  name: ['Ann'],
  place: [{ lat: 1.23456, lon: 36.98765 }],
  when: ['2024-05-01 10:20:30'],
  phone: ['+254700000000'],
  verdict: ['confirmed'],
  note: ['internal'],
  topics: [3],
  removed: ['a field that no longer exists'],
};
const open = surveyContext(Object.values(fields));
const hiding = surveyContext(Object.values(fields), { hide_location: true, hide_time: true });
const options = { locationPrecision: 2 };

describe('which fields a caller sees and writes', () => {
  it('shows managers every field; others the tasks shown for the status, private answers to the author only', () => {
    const published = postRow();
    const draft = postRow({ status: 'draft' });
    expect(attributeVisible(moderator, draft, fields.note)).toBe(true);
    expect(attributeVisible(stranger, published, fields.note)).toBe(false);
    expect(attributeVisible(stranger, published, fields.verdict)).toBe(true);
    expect(attributeVisible(author, draft, fields.verdict)).toBe(false);
    expect(attributeVisible(author, published, fields.phone)).toBe(true);
    expect(attributeVisible(stranger, published, fields.phone)).toBe(false);
  });

  it('lets a caller write what they see, private answers included', () => {
    expect(attributeWritable(stranger, postRow(), fields.phone)).toBe(true);
    expect(attributeWritable(author, postRow({ status: 'draft' }), fields.verdict)).toBe(false);
    expect(attributeWritable(moderator, postRow({ status: 'draft' }), fields.note)).toBe(true);
  });
});

describe('the values of a post (API-CONTRACT 8.2)', () => {
  it('are every field for a manager, as stored, without keys of removed fields', () => {
    const { removed: _removed, ...stored } = values;
    expect(presentValues(moderator, postRow({ values }), open, options)).toEqual(stored);
  });

  it('leave out private answers and hidden tasks for others', () => {
    expect(Object.keys(presentValues(stranger, postRow({ values }), open, options))).toEqual([
      'name',
      'place',
      'when',
      'verdict',
      'topics',
    ]);
    expect(Object.keys(presentValues(author, postRow({ values, status: 'draft' }), open, options))).toEqual([
      'name',
      'place',
      'when',
      'phone',
      'topics',
    ]);
  });

  it('round locations and drop times where the survey hides them, except for the author and managers', () => {
    const shown = presentValues(anonymous, postRow({ values }), hiding, options);
    expect(shown.place).toEqual([{ lat: 1.23, lon: 36.99 }]);
    expect(shown.when).toEqual(['2024-05-01 00:00:00']);
    expect(presentValues(author, postRow({ values }), hiding, options).place).toEqual(values.place);
    expect(presentValues(admin, postRow({ values }), hiding, { locationPrecision: 0 }).when).toEqual(values.when);
    expect(roundPoint({ lat: -1.005, lon: 0.5 }, 0)).toEqual({ lat: -1, lon: 1 });
  });

  it('keep to the types and fields a list asks for', () => {
    const post = postRow({ values });
    expect(Object.keys(presentValues(moderator, post, open, { ...options, includeTypes: ['point', 'datetime'] }))).toEqual([
      'place',
      'when',
    ]);
    expect(Object.keys(presentValues(moderator, post, open, { ...options, includeAttributes: ['name'] }))).toEqual(['name']);
  });

  it('are empty without a survey, and leave out empty lists', () => {
    expect(presentValues(moderator, postRow({ values }), null, options)).toEqual({});
    expect(presentValues(moderator, postRow({ values: { name: [] } }), open, options)).toEqual({});
  });
});

describe('the categories of a post', () => {
  it('come from the fields the caller sees, and from the legacy list; sorted, once each', () => {
    const secret = field('secret_topics', 'tags', { stage: hiddenTask });
    const context = surveyContext([fields.topics, secret]);
    const links = [
      { tagId: 9, attributeId: secret.id },
      { tagId: 4, attributeId: fields.topics.id },
      { tagId: 2, attributeId: null },
      { tagId: 4, attributeId: null },
      { tagId: 7, attributeId: 999 },
    ];
    expect(visibleTagIds(stranger, postRow(), context, links)).toEqual([2, 4]);
    expect(visibleTagIds(moderator, postRow(), context, links)).toEqual([2, 4, 9]);
  });
});
