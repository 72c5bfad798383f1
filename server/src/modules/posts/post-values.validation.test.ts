import { PostValueMessages as M } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import type { PostAttribute } from './post-forms.repository';
import { checkValues, type ValuesInput } from './post-values.validation';
import { field, noDatabase, reviewTask, surveyContext } from './post-view.fixture';

// The checks that need no database (fields with no ids to look up, or stored values kept as they
// are); media, categories and related posts are checked against real rows in the integration tests.

const fields = {
  title: field('title', 'title'),
  summary: field('summary', 'description'),
  name: field('name', 'varchar', { required: true }),
  count: field('count', 'int', { cardinality: 1 }),
  place: field('place', 'point'),
  colour: field('colour', 'varchar', { input: 'select', options: ['red', 'blue'] }),
  verdict: field('verdict', 'varchar', { required: true, stage: reviewTask }),
  secret: field('secret', 'varchar'),
  topics: field('topics', 'tags'),
};
const context = surveyContext(Object.values(fields));

const input = (over: Partial<ValuesInput>): ValuesInput =>
  ({
    raw: undefined,
    stored: {},
    context,
    writable: (a: PostAttribute) => a.key !== 'secret',
    completedStages: [],
    checkRequired: false,
    now: new Date('2024-05-01T00:00:00Z'),
    postId: null,
    writer: { userId: 5, managesPosts: false },
    ...over,
  }) as ValuesInput;

const check = (over: Partial<ValuesInput>) => checkValues(noDatabase, input(over));

describe("a post's values", () => {
  it('are checked and shaped per field type; empty entries and fields are dropped', async () => {
    const result = await check({
      raw: {
        name: ['Ann'],
        count: ['7'],
        place: [
          { lat: '1.5', lon: 36 },
          { lat: '', lon: '' },
        ],
        colour: [],
      },
    });
    expect(result.fields).toEqual([]);
    expect(result.values).toEqual({ name: ['Ann'], count: [7], place: [{ lat: 1.5, lon: 36 }] });
  });

  it('refuse a bad value with its field named, under /values', async () => {
    expect((await check({ raw: { count: ['seven'] } })).fields).toEqual([{ pointer: '/values', message: M.digit('COUNT', 'seven') }]);
    expect((await check({ raw: { count: [1, 2] } })).fields).toEqual([{ pointer: '/values', message: M.tooMany('COUNT', 1) }]);
    expect((await check({ raw: { colour: ['green'] } })).fields).toEqual([{ pointer: '/values', message: M.option('COLOUR', 'green') }]);
    expect((await check({ raw: { place: [{ lat: 91, lon: 0 }] } })).fields).toEqual([{ pointer: '/values', message: M.lat('PLACE') }]);
    expect((await check({ raw: { name: 'Ann' } })).fields).toEqual([{ pointer: '/values', message: M.notAnArray('NAME') }]);
  });

  it('refuse keys the survey does not have, but skip the title and description columns and built-in fields', async () => {
    expect((await check({ raw: { nope: ['x'] } })).fields).toEqual([{ pointer: '/values', message: M.unknownKey('nope') }]);
    const columns = await check({ raw: { title: ['A title'], description: ['Text'], summary: ['Text'] } });
    expect(columns.fields).toEqual([]);
    expect(columns.values).toEqual({});
  });

  it('keep what is stored in fields the caller may not write, whatever the request says', async () => {
    const result = await check({ raw: { secret: ['overwritten'], name: ['Bo'] }, stored: { secret: ['kept'], name: ['Ann'] } });
    expect(result.values).toEqual({ name: ['Bo'], secret: ['kept'] });
    expect((await check({ raw: { secret: ['sneaked in'] } })).values).toEqual({});
  });

  it('keep every stored value when the request sends none, and derive places and categories from them', async () => {
    const stored = {
      place: [
        { lat: 1, lon: 2 },
        { lat: 3, lon: 4 },
      ],
      topics: [5, 6],
    };
    const result = await check({ stored });
    expect(result.values).toBe(stored);
    expect(result.points).toEqual([
      { attributeId: fields.place.id, key: 'place', ordinal: 0, lat: 1, lon: 2 },
      { attributeId: fields.place.id, key: 'place', ordinal: 1, lat: 3, lon: 4 },
    ]);
    expect(result.tagLinks).toEqual([
      { tagId: 5, attributeId: fields.topics.id },
      { tagId: 6, attributeId: fields.topics.id },
    ]);
  });

  it("need the post task's required fields, and a task's once it is completed", async () => {
    expect((await check({ raw: {}, checkRequired: true })).fields).toEqual([{ pointer: '/values', message: M.required('NAME') }]);
    expect((await check({ raw: { name: ['Ann'] }, checkRequired: true, completedStages: [2] })).fields).toEqual([
      { pointer: '/values', message: M.requiredForStage('VERDICT', 'Review') },
    ]);
    expect((await check({ raw: { name: ['Ann'], verdict: ['ok'] }, checkRequired: true, completedStages: [2] })).fields).toEqual([]);
    expect((await check({ raw: {}, checkRequired: false })).fields).toEqual([]);
  });

  it('do not ask for required fields the caller cannot write, nor once a value was refused', async () => {
    const secretRequired = { ...context, attributes: [{ ...fields.secret, required: true }] };
    expect((await check({ raw: {}, checkRequired: true, context: secretRequired })).fields).toEqual([]);
    expect((await check({ raw: { count: ['x'] }, checkRequired: true })).fields).toEqual([
      { pointer: '/values', message: M.digit('COUNT', 'x') },
    ]);
  });

  it('of a post without a survey: no field exists', async () => {
    expect((await check({ context: null, raw: { name: ['Ann'] } })).fields).toEqual([
      { pointer: '/values', message: M.unknownKey('name') },
    ]);
    expect(await check({ context: null, raw: {} })).toEqual({ fields: [], values: {}, points: [], tagLinks: [], mediaLinks: [] });
  });
});
