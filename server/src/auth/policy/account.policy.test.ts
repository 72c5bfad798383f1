import { describe, expect, it } from 'vitest';
import { admin, allowed, anonymous, caller, member } from './callers.fixture';
import { contactRule, notificationRule, settingsResourceRule, tosRule, userSettingRule } from './account.policy';

const mine = { userId: member.userId };
const theirs = { userId: 99 };
const unowned = { userId: null };
const usersManager = caller(3, 'manager', ['Manage Users']);
const moderator = caller(4, 'moderator', ['Manage Posts']);
const settingsManager = caller(5, 'settings', ['Manage Settings']);

describe('terms of service agreements', () => {
  it('are recorded and searched by logged-in users, read by their owner and admins', () => {
    expect(allowed(tosRule, member, mine)).toEqual(['read', 'create', 'search']);
    expect(allowed(tosRule, member, theirs)).toEqual(['create', 'search']);
    expect(allowed(tosRule, admin, theirs)).toEqual(['read', 'create', 'search']);
    expect(allowed(tosRule, anonymous, null)).toEqual([]);
  });
});

describe('contacts', () => {
  it('are read by their owner, user managers and moderators, never by other members (tightened from v3)', () => {
    expect(allowed(contactRule, member, mine)).toEqual(['read', 'create', 'update', 'delete', 'search']);
    expect(allowed(contactRule, member, theirs)).toEqual(['search']);
    expect(allowed(contactRule, usersManager, theirs)).toEqual(['read', 'search']);
    expect(allowed(contactRule, moderator, theirs)).toEqual(['read', 'search']);
    expect(allowed(contactRule, admin, theirs)).toEqual([
      'read',
      'create',
      'update',
      'delete',
      'search',
      'change_status',
      'read_full',
      'lock',
    ]);
  });

  it('are created for oneself or for nobody, and never by anonymous callers', () => {
    expect(contactRule(member, 'create', null)).toBe(true);
    expect(contactRule(member, 'create', unowned)).toBe(true);
    expect(contactRule(member, 'create', theirs)).toBe(false);
    expect(allowed(contactRule, anonymous, unowned)).toEqual([]);
  });
});

describe('notification subscriptions', () => {
  it('belong to their owner; admins manage all of them', () => {
    expect(allowed(notificationRule, member, mine)).toEqual(['read', 'create', 'update', 'delete', 'search']);
    expect(allowed(notificationRule, member, theirs)).toEqual(['search']);
    expect(notificationRule(member, 'create', null)).toBe(true);
    expect(notificationRule(member, 'change_status', mine)).toBe(false);
    expect(allowed(notificationRule, admin, theirs)).toContain('delete');
    expect(allowed(notificationRule, anonymous, mine)).toEqual([]);
  });
});

describe('API keys and country codes', () => {
  it('are for admins and Manage Settings only', () => {
    expect(allowed(settingsResourceRule, settingsManager, null)).toEqual(['read', 'create', 'update', 'delete', 'search']);
    expect(allowed(settingsResourceRule, admin, null)).toEqual(['read', 'create', 'update', 'delete', 'search']);
    expect(allowed(settingsResourceRule, usersManager, null)).toEqual([]);
    expect(allowed(settingsResourceRule, anonymous, null)).toEqual([]);
  });
});

describe('user settings', () => {
  it('belong to the user; admins see and change everyone', () => {
    expect(allowed(userSettingRule, member, mine)).toEqual(['read', 'create', 'update', 'delete', 'search']);
    expect(allowed(userSettingRule, member, theirs)).toEqual([]);
    expect(allowed(userSettingRule, usersManager, theirs)).toEqual([]);
    expect(allowed(userSettingRule, admin, theirs)).toContain('update');
    expect(allowed(userSettingRule, anonymous, unowned)).toEqual([]);
  });
});
