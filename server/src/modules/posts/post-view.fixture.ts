import type { Trx } from '../../db/database';
import type { PostAttribute, PostForm, PostFormContext, PostStage } from './post-forms.repository';
import type { PostRow } from './posts.repository';

/** Surveys, fields and posts for the posts module's unit tests (presenters, validation). */

const SHOWN: Omit<PostStage, 'id' | 'label' | 'priority'> = {
  type: 'task',
  required: false,
  show_when_published: true,
  task_is_internal_only: false,
};
/** A task of a survey, shown to everyone once its post is published. */
export const task = (id: number, label: string, over: Partial<PostStage> = {}): PostStage => ({
  ...SHOWN,
  id,
  label,
  priority: id,
  ...over,
});

/** The survey's first task: the post itself. */
export const postTask = task(1, 'Post', { type: 'post', priority: 0 });
/** A task shown once published, to managers only before that. */
export const reviewTask = task(2, 'Review', { priority: 1, task_is_internal_only: true });
/** A task never shown to those who do not manage posts. */
export const hiddenTask = task(3, 'Hidden', { show_when_published: false });

let nextFieldId = 100;
/** A field of the post task; its label is its key in capitals. */
export const field = (key: string, type: string, over: Partial<PostAttribute> = {}): PostAttribute => ({
  id: nextFieldId++,
  key,
  label: key.toUpperCase(),
  type,
  input: type === 'point' ? 'location' : 'text',
  required: false,
  priority: 0,
  options: [],
  cardinality: 0,
  config: {},
  response_private: false,
  stage: postTask,
  ...over,
});

export const survey = (over: Partial<PostForm> = {}): PostForm => ({
  id: 1,
  name: 'Survey',
  color: '#00ff00',
  disabled: false,
  everyone_can_create: true,
  require_approval: false,
  hide_author: false,
  hide_time: false,
  hide_location: false,
  can_create: [],
  ...over,
});

export const surveyContext = (attributes: PostAttribute[], form: Partial<PostForm> = {}): PostFormContext => ({
  form: survey(form),
  stages: [postTask, reviewTask, hiddenTask],
  attributes,
});

/** A published post of user 2 in survey 1. */
export const postRow = (over: Partial<PostRow> = {}): PostRow => ({
  id: 10,
  parent_id: null,
  form_id: 1,
  user_id: 2,
  contact_id: 30,
  message_id: null,
  type: 'report',
  title: 'Flooded road',
  slug: 'flooded-road',
  content: 'The road is under water',
  author_email: 'reporter@example.com',
  author_realname: 'Reporter',
  status: 'published',
  locale: 'en_us',
  post_date: new Date('2024-05-01T10:20:30Z'),
  created: new Date('2024-05-02T11:21:31Z'),
  updated: null,
  values: {},
  published_to: [],
  completed_stages: [],
  source: null,
  data_source_message_id: null,
  metadata: null,
  base_language: null,
  version: 1,
  mapped: false,
  places: null,
  ...over,
});

/** A transaction that throws when touched: what a test gives code that must not need the database. */
export const noDatabase = new Proxy(
  {},
  {
    get: () => {
      throw new Error('this must not need the database');
    },
  },
) as Trx;
