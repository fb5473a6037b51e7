import { ACCOUNT_MESSAGES } from '@lading/contract/accounts';
import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy } from './password-policy';

const mira = {
  email: 'mira.nair@kaveri-spices.in',
  username: 'mira.nair@kaveri-spices.in',
  firstName: 'Mira',
  lastName: 'Nair',
};

describe('password policy (ASVS 5.0 V6)', () => {
  it.each([
    ['aaaaaaaa', 'one repeated character'],
    ['        ', 'eight spaces'],
    ['abababab', 'two characters in turn'],
    ['ladinglading', 'the product name twice'],
    ['Lading-Portal-2026', 'product words and a year'],
    ['MiraNair2026', "the user's names and a year"],
    ['kaveri-spices!!', "the e-mail's domain"],
    ['mira.nair@kaveri-spices.in', 'the e-mail address itself'],
    ['password', 'a common password'],
  ])('refuses %j (%s)', (password) => {
    expect(checkPasswordPolicy(password, mira)).not.toBeNull();
  });

  it.each([
    ['harbour crane at dusk'],
    ['Ünïcødé pass phrase ✓'],
    ['ledger of the tides'],
    ['Mira sails at dawn 7'],
    ['correct horse battery staple'],
  ])('accepts %j', (password) => {
    expect(checkPasswordPolicy(password, mira)).toBeNull();
  });

  it('says why: length, commonness or predictability', () => {
    expect(checkPasswordPolicy('short', mira)).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(checkPasswordPolicy('x'.repeat(129), mira)).toBe(ACCOUNT_MESSAGES.passwordTooLong);
    expect(checkPasswordPolicy('password1', mira)).toBe(ACCOUNT_MESSAGES.passwordTooCommon);
    expect(checkPasswordPolicy('zzzzzzzzzz', mira)).toBe(ACCOUNT_MESSAGES.passwordTooSimple);
    expect(checkPasswordPolicy('ladinglading', mira)).toBe(ACCOUNT_MESSAGES.passwordTooSimple);
  });
});
