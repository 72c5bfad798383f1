import { describe, expect, it } from 'vitest';
import { admin, allowed, anonymous, caller, member, shutOut } from './callers.fixture';
import { userRule } from './users.policy';

const usersManager = caller(3, 'manager', ['Manage Users']);
const EVERYTHING = ['read', 'create', 'update', 'delete', 'search', 'read_full'];

describe('users (API-CONTRACT 5)', () => {
  it('read and edit themselves, nobody else', () => {
    expect(allowed(userRule, member, { id: member.userId })).toEqual(['read', 'update', 'read_full']);
    expect(allowed(userRule, member, { id: 99 })).toEqual([]);
    expect(allowed(userRule, member, null)).toEqual([]);
  });

  it('are managed by admins and Manage Users', () => {
    expect(allowed(userRule, admin, { id: 99 })).toEqual(EVERYTHING);
    expect(allowed(userRule, usersManager, { id: 99 })).toEqual(EVERYTHING);
    expect(allowed(userRule, usersManager, null)).toEqual(EVERYTHING);
  });

  it('never delete themselves nor change their own role, admins included', () => {
    expect(userRule(admin, 'delete', { id: admin.userId })).toBe(false);
    expect(userRule(admin, 'update', { id: admin.userId, changeRole: true })).toBe(false);
    expect(userRule(admin, 'update', { id: admin.userId })).toBe(true);
    expect(userRule(member, 'update', { id: member.userId, changeRole: true })).toBe(false);
    expect(userRule(usersManager, 'update', { id: 99, changeRole: true })).toBe(true);
  });

  it('are nothing to anonymous callers, and closed on a private deployment', () => {
    expect(allowed(userRule, anonymous, { id: null })).toEqual([]);
    expect(userRule(anonymous, 'create', null)).toBe(false);
    expect(allowed(userRule, shutOut, { id: null })).toEqual([]);
  });
});
