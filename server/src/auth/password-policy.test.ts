import { UserMessages } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy';

const account = { email: 'amina.odhiambo@example.org', username: 'amina', realname: 'Amina Odhiambo', siteName: 'Flood Watch Kisumu' };

describe('passwordProblem', () => {
  it.each(['password', 'password1', 'administrator', 'qwertyuiop', '1234567', 'letmein99', 'Passw0rd!', 'abcdefgh'])(
    'refuses the common or predictable %s',
    (password) => expect(passwordProblem(password, account)).toBe(UserMessages.passwordTooCommon),
  );

  it.each([
    'amina.odhiambo@example.org',
    'amina.odhiambo',
    'aminaodhiambo1',
    'Odhiambo2024',
    'Amina Odhiambo',
    'Flood Watch Kisumu',
    'FloodWatchKisumu!',
    'kisumu2025',
  ])('refuses %s, too close to the account or the site', (password) =>
    expect(passwordProblem(password, account)).toBe(UserMessages.passwordPersonal),
  );

  it.each(['correct horse battery', 'a good password', 'kdjwpqx', 'Tr0ub4dor&3', 'amina walks 7 dogs at dawn'])('accepts %s', (password) =>
    expect(passwordProblem(password, account)).toBeNull(),
  );

  it('judges the same password by whose it is', () => {
    expect(passwordProblem('kisumu river 9', {})).toBeNull();
    expect(passwordProblem('kisumu river 9', { siteName: 'Kisumu River' })).toBe(UserMessages.passwordPersonal);
  });
});
