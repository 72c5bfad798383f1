import { CONFIG_GROUPS } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { admin, anonymous, caller, member, shutOut } from './callers.fixture';
import { configRule } from './config.policy';
import type { Auth } from '../auth';

const readable = (auth: Auth) => CONFIG_GROUPS.filter((group) => configRule(auth, 'read', { group }));
const writable = (auth: Auth) => CONFIG_GROUPS.filter((group) => configRule(auth, 'update', { group }));

describe('configuration groups (API-CONTRACT 6)', () => {
  it('show the public groups to anyone, even anonymous callers of a private deployment', () => {
    for (const auth of [anonymous, shutOut, member]) expect(readable(auth)).toEqual(['features', 'site', 'deployment_id', 'map']);
    expect(configRule(shutOut, 'search', { group: 'site' })).toBe(true);
  });

  it('show every group to admins and Manage Settings', () => {
    expect(readable(admin)).toEqual(CONFIG_GROUPS);
    expect(readable(caller(3, 'settings', ['Manage Settings']))).toEqual(CONFIG_GROUPS);
    expect(readable(caller(4, 'users', ['Manage Users']))).toEqual(['features', 'site', 'deployment_id', 'map']);
  });

  it('let them write every group but features and the deployment id; nobody else writes', () => {
    expect(writable(admin)).toEqual(['site', 'test', 'data-provider', 'map', 'twitter', 'gmail']);
    expect(writable(member)).toEqual([]);
    expect(configRule(admin, 'delete', { group: 'site' })).toBe(false);
    expect(configRule(admin, 'create', { group: 'site' })).toBe(false);
  });
});
