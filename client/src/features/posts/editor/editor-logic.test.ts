import type { Attribute, Form, Post, Stage, Tag } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors';
import { allowedSurveys } from '../../common/allowed-surveys';
import { categoryTree, toggleCategory } from './categories';
import { validateEditor } from './editor-validation';
import { carryOver } from './session-change';
import { canAddEntry, canRemoveEntry, fieldKind, fieldName, toEditorState, toPostBody, toPostValues, type EditorModel } from './post-form';
import { serverProblems } from './server-problems';
import { pathAfterSave } from './useEditorSave';
import { editorTarget } from './editor-data';
import { initialPostList, postListReducer } from '../post-list-state';
import { videoEmbedUrl } from './video';
import { applyVisibility, toggleRole, visibilityOf } from './visibility';

let nextId = 1;
function attr(type: string, input: string, extra: Partial<Attribute> = {}): Attribute {
  const id = nextId++;
  return {
    id,
    url: '',
    key: `key-${id}`,
    label: `${type} ${input} ${id}`,
    instructions: null,
    input,
    type,
    required: false,
    default: null,
    priority: id,
    options: [],
    cardinality: 1,
    config: {},
    form_stage_id: 1,
    response_private: false,
    allowed_privileges: [],
    ...extra,
  };
}
const stage = (id: number, type: 'post' | 'task', extra: Partial<Stage> = {}): Stage => ({
  id,
  url: '',
  form_id: 1,
  label: type === 'post' ? 'Post' : `Task ${id}`,
  description: null,
  priority: id,
  icon: null,
  type,
  required: false,
  show_when_published: true,
  task_is_internal_only: false,
  allowed_privileges: [],
  ...extra,
});
const tag = (id: number, parent: number | null): Tag => ({
  id,
  url: '',
  parent: parent ? { id: parent, url: '' } : null,
  tag: `Tag ${id}`,
  slug: `tag-${id}`,
  type: 'category',
  color: null,
  icon: 'tag',
  description: null,
  priority: id,
  created: '',
  role: null,
  children: [],
  allowed_privileges: [],
});
const form = (extra: Partial<Form> = {}): Form => ({
  id: 1,
  url: '',
  parent: null,
  name: 'Survey',
  description: null,
  color: null,
  type: 'report',
  disabled: false,
  created: '',
  updated: null,
  hide_author: false,
  hide_time: false,
  hide_location: false,
  require_approval: true,
  everyone_can_create: true,
  targeted_survey: false,
  can_create: [],
  tags: [],
  allowed_privileges: [],
  ...extra,
});

const fields = {
  text: attr('varchar', 'text', { required: true }),
  textarea: attr('text', 'textarea'),
  markdown: attr('markdown', 'markdown'),
  int: attr('int', 'number'),
  decimal: attr('decimal', 'number', { cardinality: 2 }),
  date: attr('datetime', 'date'),
  datetime: attr('datetime', 'datetime'),
  select: attr('varchar', 'select', { options: ['a', 'b'] }),
  radio: attr('varchar', 'radio', { options: ['x', 'y'] }),
  checkbox: attr('varchar', 'checkbox', { options: ['p', 'q', 'r'], cardinality: 0 }),
  tags: attr('tags', 'tags', { options: [10, 11, 12], cardinality: 0 }),
  location: attr('point', 'location'),
  upload: attr('media', 'upload'),
  video: attr('varchar', 'video'),
  relation: attr('relation', 'relation'),
  taskText: attr('varchar', 'text', { required: true, form_stage_id: 2 }),
};
const model: EditorModel = {
  form: form(),
  stages: [stage(1, 'post'), stage(2, 'task')],
  fields: Object.values(fields),
  titleField: null,
  descriptionField: null,
  tags: [tag(10, null), tag(11, 10), tag(12, null)],
  roles: [],
};
const stored: Record<string, unknown[]> = {
  [fields.text.key]: ['hello'],
  [fields.textarea.key]: ['long text'],
  [fields.markdown.key]: ['**bold**'],
  [fields.int.key]: [42],
  [fields.decimal.key]: [1.5, 2.25],
  [fields.date.key]: ['2026-03-04 00:00:00'],
  [fields.datetime.key]: ['2026-03-04 10:15:00'],
  [fields.select.key]: ['b'],
  [fields.radio.key]: ['x'],
  [fields.checkbox.key]: ['p', 'r'],
  [fields.tags.key]: [10, 11],
  [fields.location.key]: [{ lat: -1.28, lon: 36.8 }],
  [fields.upload.key]: [7],
  [fields.video.key]: ['https://youtu.be/dQw4w9WgXcQ'],
  [fields.relation.key]: [99],
};
const post = {
  id: 5,
  title: 'A title',
  content: 'Body',
  values: stored,
  completed_stages: [],
  status: 'published',
  published_to: [],
  post_date: '2026-01-02T03:04:05+00:00',
} as unknown as Post;

describe('values <-> form state', () => {
  it('reads every stored value shape and writes the same values back', () => {
    const details = { media: new Map([[7, { url: 'http://x/7.png', caption: 'cap' }]]), posts: new Map([[99, 'Other']]) };
    const state = toEditorState(model, post, new Date(), details);
    expect(state.values[`f${fields.date.id}`]).toEqual(['2026-03-04']);
    expect(state.values[`f${fields.upload.id}`]).toEqual([{ id: 7, url: 'http://x/7.png', caption: 'cap', file: null }]);
    expect(state.values[`f${fields.relation.id}`]).toEqual([{ id: 99, title: 'Other' }]);
    expect(state.values[`f${fields.taskText.id}`]).toEqual(['']);
    const values = toPostValues(model, state);
    expect(values[fields.date.key]).toEqual(['2026-03-04']);
    expect(values[fields.datetime.key]).toEqual(['2026-03-04T10:15:00.000Z']);
    const { [fields.date.key]: _d, [fields.datetime.key]: _t, ...rest } = values;
    const { [fields.date.key]: _sd, [fields.datetime.key]: _st, ...storedRest } = stored;
    expect(rest).toEqual(storedRest);
    expect(values[fields.taskText.key]).toBeUndefined();
  });

  it('starts a new post with defaults and one empty entry, and strips blanks on save', () => {
    const withDefault = {
      ...model,
      fields: [attr('varchar', 'radio', { options: ['x', 'y'], default: 'y' }), fields.location, fields.tags],
    };
    const state = toEditorState(withDefault, null, new Date('2026-05-06T07:08:00Z'));
    expect(Object.values(state.values)).toEqual([['y'], [{ lat: '', lon: '' }], []]);
    expect(state.status).toBe('draft');
    expect(toPostValues(withDefault, state)).toEqual({ [withDefault.fields[0]!.key]: ['y'] });
  });

  it('sends status, visibility and date only for those who may change status, and form_id only on create', () => {
    const state = toEditorState(model, post, new Date());
    const member = toPostBody(model, state, { canChangeStatus: false, isNew: true });
    expect(member.form_id).toBe(1);
    expect(member).not.toHaveProperty('status');
    const manager = toPostBody(model, { ...state, completed_stages: [2, 1] }, { canChangeStatus: true, isNew: false });
    expect(manager).toMatchObject({ status: 'published', published_to: [], post_date: '2026-01-02T03:04:00.000Z', completed_stages: [2] });
    expect(manager).not.toHaveProperty('form_id');
  });

  it('maps inputs to kinds and applies the cardinality rules', () => {
    expect(fieldKind({ type: 'tags', input: 'checkbox' })).toBe('tags');
    expect(fieldKind({ type: 'varchar', input: 'checkboxes' })).toBe('checkbox');
    expect(fieldKind({ type: 'int', input: 'text' })).toBe('number');
    expect(canAddEntry({ cardinality: 0 }, 50)).toBe(true);
    expect(canAddEntry({ cardinality: 2 }, 2)).toBe(false);
    expect(canAddEntry({ cardinality: 2 }, 1)).toBe(true);
    expect(canRemoveEntry(1)).toBe(false);
    expect(canRemoveEntry(2)).toBe(true);
  });
});

describe('client validation', () => {
  const base = () => toEditorState(model, post, new Date());
  it('passes a valid post', () => {
    expect(validateEditor(model, base())).toEqual({});
  });
  it('uses the server messages for title, description, required and per-type problems', () => {
    const state = base();
    state.title = 'a';
    state.content = ' ';
    state.values[`f${fields.text.id}`] = [''];
    state.values[`f${fields.int.id}`] = ['4.5'];
    state.values[`f${fields.location.id}`] = [{ lat: '91', lon: '10' }];
    state.values[`f${fields.video.id}`] = ['https://example.com/v'];
    state.completed_stages = [2];
    const problems = validateEditor(model, state);
    expect(problems).toEqual({
      title: 'The title must be at least 2 characters long',
      content: 'Description cannot be empty',
      [`values.f${fields.text.id}`]: `attribute ${fields.text.label} is required`,
      [`values.f${fields.int.id}.0`]: `The field ${fields.int.label} must be a digit, Given: 4.5`,
      [`values.f${fields.location.id}.0.lat`]: `the field ${fields.location.label} must contain a valid latitude`,
      [`values.f${fields.video.id}.0`]: `The field ${fields.video.label} must be either a youtube or vimeo url, Given: https://example.com/v`,
      [`values.f${fields.taskText.id}`]: `attribute ${fields.taskText.label} is required before stage "Task 2" can be completed`,
    });
  });
  it('requires a ticked option in a required checkbox group', () => {
    const required = { ...model, fields: [{ ...fields.checkbox, required: true }] };
    const state = toEditorState(required, null, new Date());
    state.title = 'Fine title';
    state.content = 'x';
    expect(validateEditor(required, state)).toEqual({
      [`values.f${fields.checkbox.id}`]: `attribute ${fields.checkbox.label} is required`,
    });
  });
});

describe('server pointers', () => {
  it('puts each problem on its field, value problems by the label they name', () => {
    const error = new ApiError(422, [
      { status: 422, message: 'The title is required', source: { pointer: '/title' } },
      { status: 422, message: `The field ${fields.int.label} must be a digit, Given: x`, source: { pointer: '/values' } },
      { status: 422, message: 'Something else', source: { pointer: '/whatever' } },
    ]);
    expect(serverProblems(model, error)).toEqual({
      fields: { title: 'The title is required', [`values.f${fields.int.id}`]: `The field ${fields.int.label} must be a digit, Given: x` },
      other: ['Something else'],
    });
  });
});

describe('category picking', () => {
  const tree = categoryTree(model.tags, fields.tags.options);
  it('builds the two-level tree of the offered categories', () => {
    expect(tree).toEqual([
      { id: 10, label: 'Tag 10', children: [{ id: 11, label: 'Tag 11' }] },
      { id: 12, label: 'Tag 12', children: [] },
    ]);
  });
  it('picks the parent with a child and unpicks children with their parent', () => {
    expect(toggleCategory(tree, [], 11, true)).toEqual([10, 11]);
    expect(toggleCategory(tree, [10, 11, 12], 10, false)).toEqual([12]);
    expect(toggleCategory(tree, [10, 11], 11, false)).toEqual([10]);
    expect(toggleCategory(tree, [], 10, true)).toEqual([10]);
  });
});

describe('video addresses', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('embeds %s', (url, embed) => expect(videoEmbedUrl(url)).toBe(embed));
  it.each(['https://example.com/watch?v=dQw4w9WgXcQ', 'not a url', '', 'https://youtube.com/watch?v=<script>'])('refuses %s', (url) =>
    expect(videoEmbedUrl(url)).toBeNull(),
  );
});

describe('visibility selector', () => {
  const all = ['user', 'admin'];
  it('maps the choices of spec 2 section 4', () => {
    expect(applyVisibility({ kind: 'draft' }, all)).toEqual({ status: 'draft', published_to: [] });
    expect(applyVisibility({ kind: 'everyone' }, all)).toEqual({ status: 'published', published_to: [] });
    expect(applyVisibility({ kind: 'roles', roles: ['user'] }, all)).toEqual({ status: 'published', published_to: ['user'] });
    expect(applyVisibility({ kind: 'roles', roles: ['user', 'admin'] }, all)).toEqual({ status: 'published', published_to: [] });
    expect(visibilityOf({ status: 'draft', published_to: ['user'] })).toEqual({ kind: 'draft' });
    expect(toggleRole({ status: 'draft', published_to: [] }, 'user', true, all)).toEqual({ status: 'published', published_to: ['user'] });
  });
});

describe('allowed surveys', () => {
  const forms = [
    form({ id: 1 }),
    form({ id: 2, everyone_can_create: false, can_create: ['user'] }),
    form({ id: 3, everyone_can_create: false, can_create: [] }),
    form({ id: 4, targeted_survey: true, everyone_can_create: false }),
    form({ id: 5, disabled: true }),
  ];
  const ids = (list: Form[]) => list.map((f) => f.id);
  it('hides targeted and disabled surveys and those the role may not post in', () => {
    expect(ids(allowedSurveys(forms, { role: null, permissions: [] }))).toEqual([1]);
    expect(ids(allowedSurveys(forms, { role: 'user', permissions: [] }))).toEqual([1, 2]);
    expect(ids(allowedSurveys(forms, { role: 'editor', permissions: ['Manage Posts'] }))).toEqual([1, 2, 3]);
  });
});

describe('editor routes and where a save leads', () => {
  it('reads the create and edit routes, and nothing else', () => {
    expect(editorTarget({ formId: '12' })).toEqual({ kind: 'create', surveyId: 12 });
    expect(editorTarget({ id: '7' })).toEqual({ kind: 'edit', postId: 7 });
    expect(editorTarget({ formId: 'x' })).toBeNull();
    expect(editorTarget({ id: '7a' })).toBeNull();
    expect(editorTarget({})).toBeNull();
  });

  it('goes to the detail of a readable post, to the map when the new post cannot be read', () => {
    const saved = { id: 5, allowed_privileges: ['read', 'update'] } as unknown as Post;
    const unreadable = { id: 6, allowed_privileges: [] } as unknown as Post;
    expect(pathAfterSave(saved, null)).toBe('/posts/5');
    expect(pathAfterSave(unreadable, null)).toBe('/views/map');
    expect(pathAfterSave(null, null)).toBe('/views/map');
    expect(pathAfterSave(null, { id: 9 } as Post)).toBe('/posts/9');
  });
});

describe('the list after a post is created here', () => {
  const post = (id: number, created: string) => ({ id, created }) as unknown as Post;
  it('puts the new post on top once, takes it out of the waiting new posts, and counts it', () => {
    const listed = postListReducer(
      { ...initialPostList, status: 'ready', posts: [post(1, '2026-01-01T00:00:00Z')], total: 1 },
      {
        type: 'announced',
        posts: [post(2, '2026-01-02T00:00:00Z')],
      },
    );
    expect(listed.pending.map((p) => p.id)).toEqual([2]);
    const added = postListReducer(listed, { type: 'added', post: post(2, '2026-01-02T00:00:00Z') });
    expect(added.posts.map((p) => p.id)).toEqual([2, 1]);
    expect(added.pending).toEqual([]);
    expect(added.total).toBe(2);
    const again = postListReducer(added, { type: 'added', post: post(2, '2026-01-02T00:00:00Z') });
    expect(again.posts.map((p) => p.id)).toEqual([2, 1]);
    expect(again.total).toBe(2);
  });
});

describe('the editor across a change of session', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  // Anonymous: the post task only. An administrator: the internal task too (with its field).
  const anonymous: EditorModel = { ...model, stages: [stage(1, 'post')], fields: model.fields.filter((f) => f.form_stage_id === 1) };

  it('keeps what was typed, and gives the fields the new session brings their starting value', () => {
    const typed = toEditorState(anonymous, null, now);
    typed.title = 'Bridge closed';
    typed.values[fieldName(fields.text)] = ['North bank'];
    const fresh = toEditorState(model, null, now);
    const { state, dropped } = carryOver(typed, fresh, anonymous, model);
    expect(state.title).toBe('Bridge closed');
    expect(state.values[fieldName(fields.text)]).toEqual(['North bank']);
    expect(state.values[fieldName(fields.taskText)]).toEqual(['']);
    expect(Object.keys(state.values).sort()).toEqual(Object.keys(fresh.values).sort());
    expect(dropped).toEqual([]);
  });

  it('drops the fields the new session may not see, naming those that held something, and their task', () => {
    const typed = toEditorState(model, null, now);
    typed.values[fieldName(fields.taskText)] = ['Checked by the desk'];
    typed.values[fieldName(fields.text)] = ['North bank'];
    typed.completed_stages = [2];
    const { state, dropped } = carryOver(typed, toEditorState(anonymous, null, now), model, anonymous);
    expect(state.values[fieldName(fields.taskText)]).toBeUndefined();
    expect(state.values[fieldName(fields.text)]).toEqual(['North bank']);
    expect(state.completed_stages).toEqual([]);
    expect(dropped).toEqual([fields.taskText.label]);
  });

  it('names nothing when the hidden fields were left empty', () => {
    const typed = toEditorState(model, null, now);
    expect(carryOver(typed, toEditorState(anonymous, null, now), model, anonymous).dropped).toEqual([]);
  });
});
