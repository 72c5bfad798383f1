import { PostMessages, PostValueMessages } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPost,
  expectValueError,
  fullSurvey,
  makePostCallers,
  postBody,
  uploadImage,
  type FullSurvey,
  type PostCallers,
} from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { expectField, expectStatus, newAttribute, newForm, newStage } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let who: PostCallers;
let survey: FullSurvey;

beforeAll(async () => {
  server = await startTestServer();
  who = await makePostCallers(server);
  survey = await fullSurvey(server, who.admin);
});
afterAll(async () => server?.close());

const create = (body: Record<string, unknown>, token = who.member.token) => server.api.post('/posts', body, { token });
const withValues = (values: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  create(postBody(survey.form.id, { values, ...extra }));

describe('title and description (spec 2 section 5, API-CONTRACT 18)', () => {
  it('requires a title of 2 to 150 characters', async () => {
    expectField(await create({ content: 'c', form: survey.form.id }), '/title', 'The title is required');
    expectField(await create({ title: '', content: 'c' }), '/title', 'The title is required');
    expectField(await create({ title: 'x', content: 'c' }), '/title', 'The title must be at least 2 characters long');
    expectField(await create({ title: 'x'.repeat(151), content: 'c' }), '/title', 'The title must not exceed 150 characters long');
    expectField(await create({ title: 'x'.repeat(256), content: 'c' }), '/title', 'The title must not exceed 150 characters long');
    expectField(await create({ title: 12, content: 'c' }), '/title', 'The title must be text');
    expectStatus(await create(postBody(survey.form.id, { title: 'ok' })), 200);
    expectStatus(await create(postBody(survey.form.id, { title: 'y'.repeat(150) })), 200);
  });

  it('requires a description', async () => {
    expectField(await create({ title: 'Fine' }), '/content', 'Description cannot be empty');
    expectField(await create({ title: 'Fine', content: '   ' }), '/content', 'Description cannot be empty');
  });

  it('applies the same rules to a sent title or description on update', async () => {
    const post = await createPost(server, who.member.token, postBody(survey.form.id));
    expectField(
      await server.api.put(`/posts/${post.id}`, { title: 'x' }, { token: who.member.token }),
      '/title',
      'The title must be at least 2 characters long',
    );
    expectField(
      await server.api.put(`/posts/${post.id}`, { content: '' }, { token: who.member.token }),
      '/content',
      'Description cannot be empty',
    );
  });

  it('answers with the summary first (API-CONTRACT 2.1)', async () => {
    const res = await create({ title: 'x' });
    expect(res.body.errors[0]).toEqual({
      status: 422,
      message: 'Failed to validate post entity:\nThe title must be at least 2 characters long\nDescription cannot be empty',
    });
  });
});

describe('values (API-CONTRACT 8.3)', () => {
  const k = () => survey.keys;

  it('refuses unknown keys, lone values and too many values', async () => {
    expectValueError(await withValues({ nope: ['x'] }), 'attribute "nope" does not exist');
    expectValueError(await withValues({ [k().varchar]: 'x' }), 'Post values for Short text must be an array');
    expectValueError(await withValues({ [k().varchar]: ['a', 'b'] }), 'Too many values for Short text (max: 1)');
    expectField(await withValues(['not', 'an', 'object'] as never), '/values', 'values must be an object keyed by field key');
  });

  it.each([
    ['int', ['1.5'], 'The field Count must be a digit, Given: 1.5'],
    ['int', ['abc'], 'The field Count must be a digit, Given: abc'],
    ['decimal', ['abc'], 'The field Decimal must be numeric, Given: abc'],
    ['date', ['not a date'], 'The field Day must be a date, Given: not a date'],
    ['datetime', ['2016-02-30 10:00:00'], 'The field Moment must be a date, Given: 2016-02-30 10:00:00'],
    ['point', ['somewhere'], 'The field Location must be an array of lat and lon'],
    ['point', [{ lat: 91, lon: 0 }], 'the field Location must contain a valid latitude'],
    ['point', [{ lat: 'north', lon: 0 }], 'the field Location must contain a valid latitude'],
    ['point', [{ lat: 0, lon: 180.5 }], 'the field Location must contain a valid longitude'],
    ['point', [{ lat: 0 }], 'the field Location must contain a valid longitude'],
    ['varchar', ['x'.repeat(256)], `The field Short text must not exceed 255 characters long, Given: ${'x'.repeat(80)}...`],
    ['varchar', [{ nested: true }], 'The field Short text must be scalar, Given: {"nested":true}'],
    ['select', ['green'], 'The field Pick must be one of its options, Given: green'],
    ['video', ['https://example.com/clip'], 'The field Video must be either a youtube or vimeo url, Given: https://example.com/clip'],
    ['link', ['not a url'], 'The field Link must be a url, Given: not a url'],
    ['media', [999999], 'The field Photo must be a valid media id, Media id: 999999'],
    ['media', ['photo.png'], 'The field Photo must be an id, Given: photo.png'],
    ['relation', [999999], 'The field Related must be a valid post id, Post id: 999999'],
    ['tags', [999999], 'The field Categories must be a valid category id or name, Category: 999999'],
  ] as const)('checks %s values: %j', async (field, value, message) => {
    expectValueError(await withValues({ [k()[field]]: value }), message);
  });

  it('accepts the date forms clients send', async () => {
    for (const [input, stored] of [
      ['2012/09/25', '2012-09-25 00:00:00'],
      ['2016-05-31T10:20:30Z', '2016-05-31 10:20:30'],
      ['2016-05-31 10:20:30', '2016-05-31 10:20:30'],
      ['2016-05-31T10:20:30-05:00', '2016-05-31 15:20:30'],
    ]) {
      const post = await createPost(server, who.member.token, postBody(survey.form.id, { values: { [k().datetime]: [input] } }));
      expect(post.values[k().datetime]).toEqual([stored]);
    }
  });

  it('accepts YouTube and Vimeo addresses and drops empty entries', async () => {
    const post = await createPost(
      server,
      who.member.token,
      postBody(survey.form.id, { values: { [k().video]: ['https://vimeo.com/76979871', ''], [k().varchar]: [null], [k().int]: [] } }),
    );
    expect(post.values).toEqual({ [k().video]: ['https://vimeo.com/76979871'] });
  });

  it('limits relations to the surveys a field names', async () => {
    const form = await newForm(server, who.admin, { require_approval: false });
    const stage = await newStage(server, who.admin, form.id);
    const related = await newAttribute(server, who.admin, form.id, stage.id, {
      type: 'relation',
      input: 'relation',
      label: 'Parent report',
      config: { input: { form: [survey.form.id] } },
    });
    const elsewhere = await createPost(server, who.member.token, postBody(form.id));
    const inSurvey = await createPost(server, who.member.token, postBody(survey.form.id));
    expectValueError(
      await create(postBody(form.id, { values: { [related.key]: [elsewhere.id] } })),
      `The field Parent report has the wrong post type, Post id: ${elsewhere.id}`,
    );
    expectStatus(await create(postBody(form.id, { values: { [related.key]: [inSurvey.id] } })), 200);
  });

  it('requires the post task fields, and the fields of completed tasks', async () => {
    const form = await newForm(server, who.admin, { require_approval: false });
    const stage = await newStage(server, who.admin, form.id);
    const task = await newStage(server, who.admin, form.id, { label: 'Follow up', type: 'task', task_is_internal_only: false });
    const where = (await newAttribute(server, who.admin, form.id, stage.id, { label: 'Where', required: true })).key;
    const needed = await newAttribute(server, who.admin, form.id, task.id, { label: 'Outcome', required: true });
    expectValueError(await create(postBody(form.id)), 'attribute Where is required');
    const res = await create(postBody(form.id, { completed_stages: [task.id], values: {} }));
    expectValueError(res, 'attribute Where is required');
    expectValueError(
      await create(postBody(form.id, { completed_stages: [task.id], values: { [where]: ['here'] } })),
      'attribute Outcome is required before stage "Follow up" can be completed',
    );
    expectStatus(
      await create(postBody(form.id, { completed_stages: [task.id], values: { [where]: ['here'], [needed.key]: ['done'] } })),
      200,
    );
  });
});

describe('other fields (API-CONTRACT 8.3)', () => {
  it('checks post_date, status, published_to, completed_stages and the survey', async () => {
    expectField(await create(postBody(survey.form.id, { post_date: 'someday' })), '/post_date', 'post_date must be a date');
    expectField(
      await create(postBody(survey.form.id, { status: 'deleted' })),
      '/status',
      'status must be one of published, draft, archived',
    );
    expectField(
      await create(postBody(survey.form.id, { published_to: ['nobody-has-this-role'] })),
      '/published_to',
      'The role you are publishing to "nobody-has-this-role" does not exist',
    );
    const other = await newForm(server, who.admin);
    const foreign = await newStage(server, who.admin, other.id);
    expectField(
      await create(postBody(survey.form.id, { completed_stages: [foreign.id] })),
      '/completed_stages',
      `Stage "${foreign.id}" does not exist`,
    );
    expectField(await create(postBody(999999)), '/form_id', 'form_id 999999 does not exist');
    expectField(await create(postBody(survey.form.id, { form_id: 'abc' })), '/form_id', 'form_id must be a survey id');
  });

  it('requires every required task before publishing', async () => {
    const form = await newForm(server, who.admin, { require_approval: false });
    await newStage(server, who.admin, form.id);
    const review = await newStage(server, who.admin, form.id, {
      label: 'Verification',
      type: 'task',
      required: true,
      task_is_internal_only: false,
    });
    expectField(await create(postBody(form.id)), '/completed_stages', 'Stage "Verification" is required before publishing');
    expectStatus(await create(postBody(form.id, { completed_stages: [review.id] })), 200);
    // A draft may leave it open; publishing later needs it.
    const draft = await createPost(server, who.admin, postBody(form.id, { status: 'draft' }));
    expectField(
      await server.api.put(`/posts/${draft.id}`, { status: 'published' }, { token: who.admin }),
      '/completed_stages',
      'Stage "Verification" is required before publishing',
    );
  });

  it('checks author fields and the owner', async () => {
    expectField(
      await create(postBody(survey.form.id, { author_email: 'not-an-email' }), who.admin),
      '/author_email',
      'author_email must be a valid email address',
    );
    expectField(
      await create(postBody(survey.form.id, { author_realname: 'x'.repeat(151) }), who.admin),
      '/author_realname',
      'author_realname must not exceed 150 characters long',
    );
    expectField(await create(postBody(survey.form.id, { user_id: 999999 }), who.admin), '/user_id', 'user_id 999999 does not exist');
    expectField(
      await create(postBody(survey.form.id, { user_id: who.member.id, author_realname: 'Someone' }), who.admin),
      '/user_id',
      'user_id cannot be combined with author_realname or author_email',
    );
    const byName = await create(
      postBody(survey.form.id, { author_realname: 'Walk-in reporter', author_email: 'w@example.org' }),
      who.admin,
    );
    expectStatus(byName, 200);
    expect(byName.body).toMatchObject({ user: null, author_realname: 'Walk-in reporter', author_email: 'w@example.org' });
  });

  it('takes legacy top-level tags by id or name', async () => {
    expectField(
      await create(postBody(survey.form.id, { tags: ['no such category'] })),
      '/tags',
      'category no such category does not exist',
    );
    const tag = await server.ctx.db.selectFrom('tags').select(['id', 'tag']).where('id', '=', survey.otherTag.id).executeTakeFirstOrThrow();
    const post = await createPost(server, who.member.token, postBody(survey.form.id, { tags: [tag.tag, { id: survey.tag.id }] }));
    expect(post.tags.map((t: { id: number }) => t.id).sort()).toEqual([survey.tag.id, survey.otherTag.id].sort());
  });

  it('checks a media id against existing uploads', async () => {
    const media = await uploadImage(server);
    expectStatus(await withValues({ [survey.keys.media]: [media] }), 200);
  });

  it('quotes a deeply nested value in its error only a few levels deep', async () => {
    // As deep as a body may be (the JSON parser refuses deeper ones with a 422 of its own).
    const deep = '['.repeat(28) + ']'.repeat(28);
    const raw = `{"title":"Deep","content":"c","form":{"id":${survey.form.id}},"values":{"${survey.keys.varchar}":[${deep}]}}`;
    const res = await server.api.request('POST', '/posts', {
      token: who.member.token,
      raw,
      headers: { 'Content-Type': 'application/json' },
    });
    expectValueError(res, `The field Short text must be scalar, Given: ${'['.repeat(8)}[...]${']'.repeat(8)}`);
  });

  it('still saves a post whose stored values a field no longer holds (the field changed type)', async () => {
    const form = await newForm(server, who.admin, { require_approval: false });
    const stage = await newStage(server, who.admin, form.id);
    const place = await newAttribute(server, who.admin, form.id, stage.id, { type: 'varchar', input: 'text' });
    const category = await newAttribute(server, who.admin, form.id, stage.id, { type: 'varchar', input: 'text' });
    const post = await createPost(
      server,
      who.admin,
      postBody(form.id, { values: { [place.key]: ['by the river'], [category.key]: ['7'] } }),
    );
    for (const [attribute, change] of [
      [place, { type: 'point', input: 'location' }],
      [category, { type: 'tags', input: 'tags', options: [] }],
    ] as const)
      expectStatus(await server.api.put(`/forms/${form.id}/attributes/${attribute.id}`, change, { token: who.admin }), 200);

    // Saving without values keeps the stored ones; those of the wrong shape are not indexed as places or categories.
    const saved = await server.api.put(`/posts/${post.id}`, { title: 'Saved after the survey changed' }, { token: who.admin });
    expectStatus(saved, 200);
    expect(saved.body.values).toEqual({ [place.key]: ['by the river'], [category.key]: ['7'] });
    expect(saved.body.tags).toEqual([]);
  });
});

describe("another user's media and drafts (issue 26)", () => {
  const photo = () => survey.keys.media;
  const mediaError = (id: number) => PostValueMessages.mediaNotYours(survey.labels.media, id);

  it("refuses another user's upload in a member's post, and takes their own", async () => {
    const theirs = await uploadImage(server, who.other.token);
    expectValueError(await withValues({ [photo()]: [theirs] }), mediaError(theirs));
    const mine = await uploadImage(server, who.member.token);
    expectStatus(await withValues({ [photo()]: [mine] }), 200);
    // Their own photo may be shown by several of their posts.
    expectStatus(await withValues({ [photo()]: [mine] }), 200);
    // On update too, with the pointer every value error has.
    const post = await createPost(server, who.member.token, postBody(survey.form.id));
    expectValueError(
      await server.api.put(`/posts/${post.id}`, { values: { [photo()]: [theirs] } }, { token: who.member.token }),
      mediaError(theirs),
    );
  });

  it('lets an anonymous upload go to the first post that names it only', async () => {
    const anonymous = await uploadImage(server, who.client);
    expectStatus(await withValues({ [photo()]: [anonymous] }, { status: 'draft' }), 200);
    expectValueError(
      await create(postBody(survey.form.id, { values: { [photo()]: [anonymous] } }), who.other.token),
      mediaError(anonymous),
    );
  });

  it('lets managers use any media, and keeps what a post already shows when someone else saves it', async () => {
    const theirs = await uploadImage(server, who.other.token);
    const post = await createPost(server, who.member.token, postBody(survey.form.id));
    const byManager = await server.api.put(`/posts/${post.id}`, { values: { [photo()]: [theirs] } }, { token: who.manager.token });
    expectStatus(byManager, 200);
    // The member saves their post back with what they were shown.
    const resaved = await server.api.put(
      `/posts/${post.id}`,
      { title: 'Saved again', values: byManager.body.values },
      { token: who.member.token },
    );
    expectStatus(resaved, 200);
    expect(resaved.body.values[photo()]).toEqual([theirs]);
  });

  it("refuses another user's draft as parent_id, with a pointer on the field", async () => {
    const draft = await createPost(server, who.other.token, postBody(survey.form.id, { status: 'draft' }));
    expectField(await create(postBody(survey.form.id, { parent_id: draft.id })), '/parent_id', PostMessages.parentUnreadable(draft.id));
    const mine = await createPost(server, who.member.token, postBody(survey.form.id));
    expectField(
      await server.api.put(`/posts/${mine.id}`, { parent_id: draft.id }, { token: who.member.token }),
      '/parent_id',
      PostMessages.parentUnreadable(draft.id),
    );
    // A published post, one's own draft, and for managers any post.
    const published = await createPost(server, who.other.token, postBody(survey.form.id, { status: 'published' }));
    expectStatus(await create(postBody(survey.form.id, { parent_id: published.id })), 200);
    const ownDraft = await createPost(server, who.member.token, postBody(survey.form.id, { status: 'draft' }));
    expectStatus(await create(postBody(survey.form.id, { parent_id: ownDraft.id })), 200);
    const child = await create(postBody(survey.form.id, { parent_id: draft.id }), who.manager.token);
    expectStatus(child, 200);
    expect(child.body.parent).toMatchObject({ id: draft.id });
    expectField(await create(postBody(survey.form.id, { parent_id: 999999 })), '/parent_id', PostMessages.parentMissing(999999));
  });
});
