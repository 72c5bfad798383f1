import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import { i18n, initI18n } from '../../../i18n/i18n';
import { userSaveProblems } from './user-save-errors';

const summary = (message: string) => ({ status: 422, message: `Failed to validate user entity:\n${message}` });
const field = (pointer: string, message: string) => ({ status: 422, title: message, message, source: { pointer } });

describe('userSaveProblems (spec 3 section 8)', () => {
  beforeAll(() => initI18n());

  it('turns limit::admin into the plan-limit text on the role field, not a raw title', () => {
    const setError = vi.fn();
    const error = new ApiError(422, [summary('limit::admin'), field('/role', 'limit::admin')]);
    const result = userSaveProblems(i18n.t, error, setError);
    expect(result.limit).toBe(true);
    expect(setError).toHaveBeenCalledWith('role', { type: 'server', message: 'limit.admin_limit_reached' });
    expect(setError).toHaveBeenCalledTimes(1);
    expect(i18n.t('limit.admin_limit_reached')).toBe('You have reached the limit of admin users for your plan.');
  });

  it('marks other field errors at their fields and lists what no field takes', () => {
    const setError = vi.fn();
    const error = new ApiError(422, [
      summary('email is already in use'),
      field('/email', 'email is already in use'),
      field('/username', 'taken'),
    ]);
    const result = userSaveProblems(i18n.t, error, setError);
    expect(result).toEqual({ limit: false, details: ['taken'] });
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'email is already in use' }, { shouldFocus: true });
  });

  it('lists every message of an error without fields', () => {
    const result = userSaveProblems(i18n.t, new ApiError(403, [{ status: 403, message: 'You cannot change your own role' }]), vi.fn());
    expect(result).toEqual({ limit: false, details: ['You cannot change your own role'] });
  });
});
