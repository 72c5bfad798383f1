import { describe, expect, it } from 'vitest';
import { anonymous, caller } from '../../auth/policy/callers.fixture';
import { field, postRow, surveyContext } from './post-view.fixture';
import { presentPost, type PostView } from './posts.presenter';

const BASE = 'https://example.org';
const author = caller(2, 'user', ['Edit their own posts']);
const stranger = caller(5, 'user');
const moderator = caller(6, 'moderator', ['Manage Posts']);
const options = { locationPrecision: 2 };

const name = field('name', 'varchar');
const topics = field('topics', 'tags');
const view = (over: Partial<PostView> = {}, form: Parameters<typeof surveyContext>[1] = {}): PostView => ({
  post: postRow({ values: { name: ['Ann'] }, updated: new Date('2024-05-03T12:00:00Z') }),
  context: surveyContext([name, topics], form),
  tagLinks: [{ tagId: 4, attributeId: topics.id }],
  sets: [7, 8],
  lock: { id: 3, post_id: 10, user_id: 6, expires: new Date('2024-05-03T12:05:00Z'), created: new Date(), updated: null, realname: 'Mo' },
  ...over,
});

describe('post JSON (API-CONTRACT 8.2)', () => {
  it('names its relations as {id, url}, collections as strings, and the survey colour', () => {
    const json = presentPost(BASE, stranger, view(), options);
    expect(json).toMatchObject({
      id: 10,
      url: `${BASE}/api/v3/posts/10`,
      parent: null,
      form: { id: 1, url: `${BASE}/api/v3/forms/1` },
      user: { id: 2, url: `${BASE}/api/v3/users/2` },
      contact: { id: 30, url: `${BASE}/api/v3/contacts/30` },
      message: null,
      values: { name: ['Ann'] },
      tags: [{ id: 4, url: `${BASE}/api/v3/tags/4` }],
      sets: ['7', '8'],
      color: '#00ff00',
      created: '2024-05-02T11:21:31+00:00',
      updated: '2024-05-03T12:00:00+00:00',
      post_date: '2024-05-01T10:20:30+00:00',
      allowed_privileges: ['read', 'search'],
    });
    expect(presentPost(BASE, stranger, view({ context: null }), options)).toMatchObject({ color: null, values: {} });
  });

  it('shows the author fields only with read_full', () => {
    expect(presentPost(BASE, stranger, view(), options)).not.toHaveProperty('author_email');
    expect(presentPost(BASE, author, view(), options)).not.toHaveProperty('author_realname');
    expect(presentPost(BASE, moderator, view(), options)).toMatchObject({
      author_email: 'reporter@example.com',
      author_realname: 'Reporter',
    });
  });

  it("hides the author and the time of day where the survey says so, but not from managers or the post's author", () => {
    const hidden = view({}, { hide_author: true, hide_time: true });
    expect(presentPost(BASE, anonymous, hidden, options)).toMatchObject({
      user: null,
      contact: null,
      created: '2024-05-02T00:00:00+00:00',
      updated: '2024-05-03T00:00:00+00:00',
      post_date: '2024-05-01T00:00:00+00:00',
    });
    for (const auth of [author, moderator])
      expect(presentPost(BASE, auth, hidden, options)).toMatchObject({
        user: { id: 2 },
        contact: { id: 30 },
        post_date: '2024-05-01T10:20:30+00:00',
      });
  });

  it('shows an edit lock to managers only', () => {
    expect(presentPost(BASE, moderator, view(), options).lock).toEqual({
      id: 3,
      user: { id: 6, url: `${BASE}/api/v3/users/6`, realname: 'Mo' },
      post_id: 10,
      expires: 1714737900,
    });
    expect(presentPost(BASE, author, view(), options).lock).toBeNull();
    expect(presentPost(BASE, moderator, view({ lock: null }), options).lock).toBeNull();
  });

  it("lists the caller's privileges on the post", () => {
    expect(presentPost(BASE, author, view(), options).allowed_privileges).toEqual(['read', 'create', 'update', 'search']);
    expect(presentPost(BASE, moderator, view(), options).allowed_privileges).toEqual([
      'read',
      'create',
      'update',
      'search',
      'change_status',
      'read_full',
    ]);
  });
});
