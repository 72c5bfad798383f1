import { describe, expect, it } from 'vitest';
import { admin, allowed, anonymous, caller, member, shutOut } from './callers.fixture';
import { roleListAllows, tagRule } from './tags.policy';

const ranger = caller(3, 'ranger');
const editor = caller(4, 'editor', ['Manage Settings']);
const tag = (role: string[] | null, ...ancestorRoles: Array<string[] | null>) => ({ role, ancestorRoles });

describe('role lists', () => {
  it('admit everyone when empty or absent, else the listed roles only', () => {
    expect(roleListAllows(anonymous, null)).toBe(true);
    expect(roleListAllows(anonymous, [])).toBe(true);
    expect(roleListAllows(anonymous, ['user'])).toBe(false);
    expect(roleListAllows(member, ['user', 'ranger'])).toBe(true);
    expect(roleListAllows(ranger, ['user'])).toBe(false);
  });
});

describe('categories (API-CONTRACT 14.2)', () => {
  it('are read by the roles they and every ancestor admit', () => {
    expect(allowed(tagRule, member, tag(null))).toEqual(['read', 'search']);
    expect(allowed(tagRule, ranger, tag(['ranger'], [], null))).toEqual(['read', 'search']);
    expect(allowed(tagRule, member, tag(['ranger']))).toEqual(['search']);
    expect(allowed(tagRule, ranger, tag(null, ['user']))).toEqual(['search']);
    expect(allowed(tagRule, member, tag(null, null, ['admin']))).toEqual(['search']);
    expect(allowed(tagRule, anonymous, null)).toEqual(['search']);
  });

  it('are written by admins and Manage Settings, whatever their roles', () => {
    expect(allowed(tagRule, editor, tag(['ranger']))).toEqual(['read', 'create', 'update', 'delete', 'search']);
    expect(allowed(tagRule, admin, null)).toEqual(['read', 'create', 'update', 'delete', 'search']);
    expect(allowed(tagRule, caller(5, 'x', ['Manage Posts']), tag(null))).toEqual(['read', 'search']);
  });

  it('are closed to anonymous callers of a private deployment', () => {
    expect(allowed(tagRule, shutOut, tag(null))).toEqual([]);
  });
});
