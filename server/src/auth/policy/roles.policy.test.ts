import { describe, expect, it } from 'vitest';
import { admin, allowed, anonymous, caller, member } from './callers.fixture';
import { permissionRule, roleRule } from './roles.policy';

describe('roles', () => {
  it('are read by logged-in users and written by admins; protected ones are never deleted', () => {
    expect(allowed(roleRule, member, { protected: false })).toEqual(['read', 'search']);
    expect(allowed(roleRule, caller(3, 'x', ['Manage Settings', 'Manage Users']), null)).toEqual(['read', 'search']);
    expect(allowed(roleRule, admin, { protected: false })).toEqual(['read', 'create', 'update', 'delete', 'search']);
    expect(allowed(roleRule, admin, { protected: true })).toEqual(['read', 'create', 'update', 'search']);
    expect(allowed(roleRule, anonymous, null)).toEqual([]);
    expect(allowed(roleRule, { ...member, privateDeployment: true }, null)).toEqual(['read', 'search']);
  });
});

describe('permissions', () => {
  it('are listed to admins only and never written', () => {
    expect(allowed(permissionRule, admin, null)).toEqual(['read', 'search']);
    expect(allowed(permissionRule, caller(3, 'x', ['Manage Users']), null)).toEqual([]);
    expect(allowed(permissionRule, anonymous, null)).toEqual([]);
  });
});
