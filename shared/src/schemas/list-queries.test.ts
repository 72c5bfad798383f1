import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ApiKeyListQuery } from './apikeys';
import { SetListQuery } from './collections';
import { ConfigListQuery } from './config';
import { ContactListQuery } from './contacts';
import { CountryCodeListQuery } from './country-codes';
import { AttributeListQuery } from './form-attributes';
import { FormListQuery, FormStatsQuery, StageListQuery, StageVisibilityQuery } from './forms';
import { MessageListQuery } from './messages';
import { NotificationListQuery } from './notifications';
import { PermissionListQuery, RoleListQuery } from './roles';
import { TagListQuery } from './tags';
import { TosListQuery } from './tos';
import { UserSettingListQuery } from './user-settings';
import { UserListQuery } from './users';

/* The query schemas of each list endpoint: defaults, filters, and what each refuses. */

const problems = (schema: z.ZodType, query: unknown): string[] => {
  const result = schema.safeParse(query);
  return result.success ? [] : result.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
};

describe('the paging every list shares', () => {
  it.each([
    ['users', UserListQuery],
    ['roles', RoleListQuery],
    ['permissions', PermissionListQuery],
    ['apikeys', ApiKeyListQuery],
    ['tos', TosListQuery],
    ['user settings', UserSettingListQuery],
    ['notifications', NotificationListQuery],
    ['contacts', ContactListQuery],
    ['country codes', CountryCodeListQuery],
    ['forms', FormListQuery],
    ['stages', StageListQuery],
    ['attributes', AttributeListQuery],
    ['tags', TagListQuery],
    ['sets', SetListQuery],
  ] as const)('%s: by id ascending, every row, unless asked (API-CONTRACT 14.1)', (_name, schema) => {
    expect(schema.parse({}).paging).toEqual({ limit: null, offset: 0, order: 'asc', orderby: 'id' });
    expect(schema.parse({ limit: '2', offset: '4', order: 'desc' }).paging).toMatchObject({ limit: 2, offset: 4, order: 'desc' });
    expect(problems(schema, { limit: '-5', offset: 'x', orderby: 'password' })).toEqual([
      'limit: limit must be a positive whole number',
      'offset: offset must be a positive whole number',
      expect.stringMatching(/^orderby: orderby must be one of id, /),
    ]);
  });

  it('messages: newest first by default', () => {
    expect(MessageListQuery.parse({}).paging).toEqual({ limit: null, offset: 0, order: 'desc', orderby: 'created' });
    // The thread view's query (API-CONTRACT 13.3).
    expect(MessageListQuery.parse({ contact: '7', offset: '5', limit: '5', order: 'asc', orderby: 'created' })).toEqual({
      paging: { limit: 5, offset: 5, order: 'asc', orderby: 'created' },
      filters: { box: [], status: [], contact: [7], parent: [], post: [], type: [], data_source: [] },
    });
  });
});

describe('filters', () => {
  it('users and roles: q is the first value, lists in both encodings', () => {
    expect(UserListQuery.parse({ q: 'rob', role: ['admin', 'user'], email: 'a@b.c' }).filters).toEqual({
      q: 'rob',
      role: ['admin', 'user'],
      email: 'a@b.c',
    });
    expect(RoleListQuery.parse({ name: 'admin,user' }).filters).toEqual({ name: ['admin', 'user'] });
    expect(PermissionListQuery.parse({ q: ['Manage', 'x'], name: 'Manage Posts' }).filters).toEqual({
      q: 'Manage',
      name: ['Manage Posts'],
    });
  });

  it('config: groups in both encodings, none meaning all', () => {
    expect(ConfigListQuery.parse({ groups: ['site', 'map'] })).toEqual({ groups: ['site', 'map'] });
    expect(ConfigListQuery.parse({})).toEqual({ groups: [] });
  });

  it('notifications and contacts: user ids or me', () => {
    expect(NotificationListQuery.parse({ user: 'me', set: ['1', '2'] }).filters).toEqual({ user: ['me'], set: [1, 2] });
    expect(problems(NotificationListQuery, { set: '99999999999' })).toEqual(['set: set must be a list of ids']);
    expect(problems(ContactListQuery, { user: 'abc' })).toEqual(['user: user must be a list of ids or me']);
    expect(ContactListQuery.parse({ type: 'phone,email', contact: '+1', data_source: ['sms'] }).filters).toEqual({
      user: [],
      type: ['phone', 'email'],
      contact: ['+1'],
      data_source: ['sms'],
    });
  });

  it('messages: boxes and statuses in any case; an unknown status is refused', () => {
    expect(MessageListQuery.parse({ box: 'Inbox', status: ['ALL', 'received'] }).filters).toMatchObject({
      box: ['inbox'],
      status: ['all', 'received'],
    });
    expect(problems(MessageListQuery, { status: 'lost' })).toEqual([
      expect.stringMatching(/^status: status must be one of all, pending, /),
    ]);
    expect(problems(MessageListQuery, { contact: 'abc' })).toEqual(['contact: contact must be a list of ids']);
  });

  it('forms: yes-or-no filters are refused unless true or false', () => {
    expect(FormListQuery.parse({ q: ' Survey, one ', disabled: '1' }).filters).toEqual({ q: 'Survey, one', disabled: true });
    expect(problems(FormListQuery, { disabled: 'maybe', targeted_survey: 'perhaps' })).toEqual([
      'disabled: disabled must be true or false',
      'targeted_survey: targeted_survey must be true or false',
    ]);
  });

  it('stages and attributes: postStatus, form ids, and labels that keep their commas', () => {
    expect(StageVisibilityQuery.parse({ postStatus: ['published', 'draft'] })).toEqual({ postStatus: 'published' });
    expect(StageListQuery.parse({ form_id: '1,2', label: 'Post, main', type: 'task' }).filters).toEqual({
      postStatus: undefined,
      form_id: [1, 2],
      q: undefined,
      label: 'Post, main',
      type: ['task'],
    });
    expect(AttributeListQuery.parse({ label: ['Yes, no', 'Title'], key: 'a,b' }).filters).toMatchObject({
      label: ['Yes, no', 'Title'],
      key: ['a', 'b'],
    });
    expect(problems(AttributeListQuery, { form_id: '-1' })).toEqual(['form_id: form_id must be a list of ids']);
  });

  it('form stats: dates or seconds since 1970', () => {
    expect(FormStatsQuery.parse({ created_after: '86400', created_before: '2020-01-02' })).toEqual({
      created_after: new Date('1970-01-02T00:00:00Z'),
      created_before: new Date('2020-01-02'),
    });
    expect(FormStatsQuery.parse({})).toEqual({});
    expect(problems(FormStatsQuery, { created_after: 'not-a-date' })).toEqual(['created_after: created_after must be a date']);
  });

  it('tags: level, parent ids, names that keep their commas', () => {
    expect(TagListQuery.parse({ level: 'parent', parent_id: ['3'], tag: 'Food, water', type: 'category' }).filters).toEqual({
      q: undefined,
      level: 'parent',
      parent_id: [3],
      tag: ['Food, water'],
      type: ['category'],
    });
    expect(problems(TagListQuery, { parent_id: 'x' })).toEqual(['parent_id: parent_id must be a list of ids']);
  });

  it('sets: user_id wins over user, q is cut rather than refused, featured is lenient', () => {
    expect(SetListQuery.parse({ user_id: 'me', user: '5' }).filters.user).toEqual(['me']);
    expect(SetListQuery.parse({ user: '5' }).filters.user).toEqual([5]);
    expect(problems(SetListQuery, { user_id: 'x' })).toEqual(['user: user must be a list of ids or me']);
    expect(SetListQuery.parse({ q: 'x'.repeat(300) }).filters.q).toHaveLength(255);
    expect(SetListQuery.parse({ featured: '1' }).filters.featured).toBe(true);
    expect(SetListQuery.parse({ featured: 'false' }).filters.featured).toBe(false);
    expect(SetListQuery.parse({ featured: 'yes' }).filters.featured).toBeUndefined();
    expect(SetListQuery.parse({ editableBy: 'me' }).filters.editableBy).toBe('me');
    expect(SetListQuery.parse({ editableBy: 'you' }).filters.editableBy).toBeUndefined();
  });
});
