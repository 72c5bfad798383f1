import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './pg-errors';

describe('isUniqueViolation', () => {
  const refusal = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'users_email_unique' });

  it('knows a refusal by a unique index, and by which one when asked', () => {
    expect(isUniqueViolation(refusal)).toBe(true);
    expect(isUniqueViolation(refusal, 'users_email_unique')).toBe(true);
    expect(isUniqueViolation(refusal, 'users_username_unique')).toBe(false);
  });

  it('is false for anything else', () => {
    expect(isUniqueViolation(Object.assign(new Error('fk'), { code: '23503' }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
