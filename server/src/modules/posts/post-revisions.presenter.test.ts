import { describe, expect, it } from 'vitest';
import { anonymous, caller } from '../../auth/policy/callers.fixture';
import type { PostSnapshot } from './post-events';
import { presentLockResponse } from './post-locks.presenter';
import { presentRevision } from './post-revisions.presenter';
import { field, postRow, surveyContext } from './post-view.fixture';

const BASE = 'https://example.org';
const phone = field('phone', 'varchar', { response_private: true });
const name = field('name', 'varchar');
const { places: _places, ...row } = postRow({ values: { name: ['Ann'], phone: ['+254'] }, version: 4 });
const snapshot: PostSnapshot = { ...row, post_date: '2024-05-01T10:20:30Z', created: '2024-05-02T11:21:31Z', updated: null, tags: [4] };
const revision = {
  id: 77,
  type: 'post.updated',
  actor_id: 6,
  created_at: new Date('2024-05-04T08:00:00Z'),
  data: { post: snapshot, audience: { user_id: 2, status: 'published' as const, published_to: [] } },
};

describe('a revision of a post', () => {
  it('is the post as the event left it, with the actor as its user', () => {
    expect(presentRevision(BASE, anonymous, revision, surveyContext([name, phone]), { locationPrecision: 2 })).toEqual({
      id: 77,
      url: `${BASE}/api/v3/posts/10/revisions/77`,
      post_id: 10,
      event: 'post.updated',
      user: { id: 6, url: `${BASE}/api/v3/users/6` },
      created: '2024-05-04T08:00:00+00:00',
      version: 4,
      form: { id: 1, url: `${BASE}/api/v3/forms/1` },
      status: 'published',
      title: 'Flooded road',
      content: 'The road is under water',
      post_date: '2024-05-01T10:20:30+00:00',
      locale: 'en_us',
      values: { name: ['Ann'] },
      tags: [{ id: 4, url: `${BASE}/api/v3/tags/4` }],
      published_to: [],
      completed_stages: [],
      allowed_privileges: ['read'],
    });
  });

  it('keeps private answers to those who may see them on the post now', () => {
    const author = caller(2, 'user');
    expect(presentRevision(BASE, author, revision, surveyContext([name, phone]), { locationPrecision: 2 }).values).toEqual({
      name: ['Ann'],
      phone: ['+254'],
    });
    expect(presentRevision(BASE, author, { ...revision, actor_id: null }, null, { locationPrecision: 2 })).toMatchObject({
      user: null,
      values: {},
    });
  });
});

describe('the answer of a lock request (API-CONTRACT 11)', () => {
  it('names the lock, its holder and when it expires in epoch seconds', () => {
    const lock = {
      id: 3,
      post_id: 10,
      user_id: 6,
      expires: new Date('2024-05-03T12:05:00.900Z'),
      created: new Date(),
      updated: null,
      realname: null,
    };
    expect(presentLockResponse(BASE, lock, ['read'])).toEqual({
      id: 3,
      url: `${BASE}/api/v3/posts/10/lock`,
      user: { id: 6, url: `${BASE}/api/v3/users/6`, realname: null },
      post_id: 10,
      expires: 1714737900,
      allowed_privileges: ['read'],
    });
  });
});
