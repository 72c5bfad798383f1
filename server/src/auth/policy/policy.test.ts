import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors';
import { anonymous, member } from './callers.fixture';
import { allowedPrivileges, authorize, BASIC_PRIVILEGES, type Rule } from './policy';

const readOnly: Rule<{ open: boolean }> = (_auth, privilege, entity) => privilege === 'read' && entity.open;

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? error.status : error;
  }
  return null;
};

describe('allowed privileges and authorize', () => {
  it('list the basic privileges the rule grants, in order', () => {
    expect(allowedPrivileges(readOnly, member, { open: true })).toEqual(['read']);
    expect(allowedPrivileges(readOnly, member, { open: false })).toEqual([]);
    expect(allowedPrivileges(() => true, member, null)).toEqual(BASIC_PRIVILEGES);
    expect(allowedPrivileges(() => true, member, null, ['search', 'read'])).toEqual(['search', 'read']);
  });

  it('refuse with 401 a caller without a token and with 403 one who has one', () => {
    expect(refusal(() => authorize(readOnly, member, 'read', { open: true }))).toBeNull();
    expect(refusal(() => authorize(readOnly, anonymous, 'update', { open: true }))).toBe(401);
    expect(refusal(() => authorize(readOnly, member, 'update', { open: true }))).toBe(403);
  });
});
