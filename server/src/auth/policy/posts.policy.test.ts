import { describe, expect, it } from 'vitest';
import { anonymousAuth, type Auth } from '../auth';
import { caller as user } from './callers.fixture';
import { allowedPrivileges } from './policy';
import { canManagePosts, isPublishedFor, POST_PRIVILEGES, postRule, seesHiddenDetails, type PostSubject } from './posts.policy';

const member = user(1, 'user', ['Edit their own posts', 'Delete Their Own Posts']);
const other = user(2, 'user', ['Edit their own posts', 'Delete Their Own Posts']);
const ranger = user(3, 'ranger');
const manager = user(4, 'moderator', ['Manage Posts']);
const admin = user(5, 'admin');
const post = (extra: Partial<PostSubject> = {}): PostSubject => ({
  user_id: 1,
  status: 'published',
  published_to: [],
  form: null,
  ...extra,
});
const can = (auth: Auth, subject: PostSubject) => allowedPrivileges(postRule, auth, subject, POST_PRIVILEGES);

describe('postRule (API-CONTRACT 8.5)', () => {
  it('lets anyone read a published post, only author and managers a draft', () => {
    expect(postRule(anonymousAuth(), 'read', post())).toBe(true);
    expect(postRule(anonymousAuth(), 'read', post({ status: 'draft' }))).toBe(false);
    expect(postRule(other, 'read', post({ status: 'archived' }))).toBe(false);
    expect(postRule(member, 'read', post({ status: 'draft' }))).toBe(true);
    expect(postRule(manager, 'read', post({ status: 'draft' }))).toBe(true);
  });

  it('limits a post published to a role to that role, its author and managers', () => {
    const restricted = post({ published_to: ['ranger'] });
    expect(postRule(ranger, 'read', restricted)).toBe(true);
    expect(postRule(other, 'read', restricted)).toBe(false);
    expect(postRule(anonymousAuth(), 'read', restricted)).toBe(false);
    expect(postRule(member, 'read', restricted)).toBe(true);
  });

  it('refuses anonymous callers of a private deployment everything', () => {
    expect(can(anonymousAuth(true), post())).toEqual([]);
    expect(can({ ...member, privateDeployment: true }, post())).toContain('read');
  });

  it('gives managers everything but delete, admins everything', () => {
    expect(can(manager, post())).toEqual(['read', 'create', 'update', 'search', 'change_status', 'read_full']);
    expect(can(user(6, 'x', ['Manage Posts', 'Delete Posts']), post())).toEqual(POST_PRIVILEGES);
    expect(can(admin, post())).toEqual(POST_PRIVILEGES);
  });

  it('keeps creation to oneself and writes to the roles a survey admits', () => {
    expect(postRule(member, 'create', post({ user_id: 2 }))).toBe(false);
    expect(postRule(anonymousAuth(), 'create', post({ user_id: null }))).toBe(true);
    const form = { disabled: false, everyone_can_create: false, can_create: ['ranger'] };
    expect(postRule(member, 'create', post({ form }))).toBe(false);
    expect(postRule(ranger, 'create', post({ user_id: 3, form }))).toBe(true);
    expect(postRule(member, 'update', post({ form }))).toBe(false);
    expect(postRule(member, 'create', post({ form: { ...form, everyone_can_create: true, disabled: true } }))).toBe(false);
  });

  it('lets owners edit and delete with their permissions, never hand the post over', () => {
    expect(can(member, post())).toEqual(['read', 'create', 'update', 'delete', 'search']);
    expect(postRule(member, 'update', post({ changesOwner: true }))).toBe(false);
    expect(postRule(manager, 'update', post({ changesOwner: true }))).toBe(true);
    expect(can(user(1, 'user'), post({ status: 'draft' }))).toEqual(['read', 'create', 'search']);
    expect(can(other, post())).toEqual(['read', 'search']);
  });

  it('locks a post for those who may edit it, in a survey that admits them', () => {
    expect(postRule(member, 'lock', post())).toBe(true);
    expect(postRule(other, 'lock', post())).toBe(false);
    expect(postRule(user(1, 'user'), 'lock', post())).toBe(false);
    expect(postRule(member, 'lock', post({ form: { disabled: true, everyone_can_create: true, can_create: [] } }))).toBe(false);
    expect(postRule(manager, 'lock', post({ user_id: 9 }))).toBe(true);
  });

  it("lets Delete Posts delete anyone's post without managing posts", () => {
    const deleter = user(7, 'cleaner', ['Delete Posts']);
    expect(can(deleter, post({ user_id: 9 }))).toEqual(['read', 'delete', 'search']);
    expect(postRule(deleter, 'delete', post({ user_id: 9, status: 'draft' }))).toBe(true);
  });
});

describe('who sees what a survey hides', () => {
  it("is post managers (admins too) and the post's own author", () => {
    expect(canManagePosts(manager) && canManagePosts(admin)).toBe(true);
    expect(canManagePosts(member)).toBe(false);
    expect(seesHiddenDetails(member, { user_id: 1 })).toBe(true);
    expect(seesHiddenDetails(other, { user_id: 1 })).toBe(false);
    expect(seesHiddenDetails(manager, { user_id: 1 })).toBe(true);
    expect(seesHiddenDetails(anonymousAuth(), { user_id: null })).toBe(false);
  });

  it('a published post is for everyone or the roles it names', () => {
    expect(isPublishedFor(anonymousAuth(), { status: 'published', published_to: [] })).toBe(true);
    expect(isPublishedFor(ranger, { status: 'published', published_to: ['ranger'] })).toBe(true);
    expect(isPublishedFor(member, { status: 'published', published_to: ['ranger'] })).toBe(false);
    expect(isPublishedFor(ranger, { status: 'draft', published_to: [] })).toBe(false);
  });
});
