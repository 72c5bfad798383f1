import { describe, expect, it } from 'vitest';
import { admin, anonymous, caller } from '../../auth/policy/callers.fixture';
import { gravatar, presentUser } from './users.presenter';
import type { UserRow } from './users.repository';

const BASE = 'https://example.org';
const user: UserRow = {
  id: 2,
  email: ' Ann@Example.org ',
  username: 'ann',
  realname: 'Ann',
  password_hash: '$2b$10$secret',
  role: 'user',
  language: 'en',
  logins: 3,
  failed_attempts: 1,
  last_login: new Date('2024-05-01T00:00:10Z'),
  last_attempt: null,
  created: new Date('2024-01-01T00:00:00Z'),
  updated: null,
};
const contacts = [
  { id: 5, user_id: 2, type: 'phone', contact: '+254700000000' },
  { id: 6, user_id: 9, type: 'email', contact: 'someone.else@example.org' },
];

describe('user JSON (API-CONTRACT 5)', () => {
  it('is only the public part for others: no e-mail, role or login history', () => {
    expect(presentUser(BASE, caller(5, 'user'), user, contacts)).toEqual({
      id: 2,
      url: `${BASE}/api/v3/users/2`,
      username: 'ann',
      realname: 'Ann',
      contacts: [{ id: 5, url: `${BASE}/api/v3/contacts/5`, type: 'phone', contact: '+254700000000' }],
      allowed_privileges: [],
    });
    expect(presentUser(BASE, anonymous, user, [])).not.toHaveProperty('email');
  });

  it('is whole for the user and for those who manage users, never with the password', () => {
    const own = presentUser(BASE, caller(2, 'user'), user, contacts);
    expect(own).toMatchObject({
      email: ' Ann@Example.org ',
      role: 'user',
      logins: 3,
      failed_attempts: 1,
      last_login: 1714521610,
      last_attempt: null,
      created: '2024-01-01T00:00:00+00:00',
      updated: null,
      gravatar: gravatar('ann@example.org'),
      allowed_privileges: ['read', 'update', 'read_full'],
    });
    expect(own.contacts).toHaveLength(1);
    expect(JSON.stringify(presentUser(BASE, admin, user, contacts))).not.toContain('secret');
    expect(presentUser(BASE, caller(5, 'user'), user, [], { full: true })).toHaveProperty('email');
  });

  it('has a gravatar of the trimmed lower-case e-mail, zeros without one', () => {
    expect(gravatar(' Ann@Example.org ')).toBe(gravatar('ann@example.org'));
    expect(gravatar('ann@example.org')).toMatch(/^[0-9a-f]{32}$/);
    expect(gravatar(null)).toBe('0'.repeat(32));
  });
});
