import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, checkSignUpForm, type SignUpFormValues } from './accounts';

const valid: SignUpFormValues = {
  email: 'mira@example.com',
  firstName: 'Mira',
  lastName: 'Nair',
  password: 'harbour crane at dusk',
  confirmPassword: 'harbour crane at dusk',
  acceptTerms: true,
};

describe('sign-up form checks', () => {
  it('accepts a complete form', () => expect(checkSignUpForm(valid)).toBeNull());
  it('says "Invalid Email" for an invalid address, even with other fields missing', () =>
    expect(checkSignUpForm({ ...valid, email: 'mira@', firstName: '' })).toBe(ACCOUNT_MESSAGES.invalidEmail));
  it('says "Please fill all required fields" when something is missing', () => {
    expect(checkSignUpForm({ ...valid, lastName: ' ' })).toBe(ACCOUNT_MESSAGES.signUpRequired);
    expect(checkSignUpForm({ ...valid, email: '' })).toBe(ACCOUNT_MESSAGES.signUpRequired);
    expect(checkSignUpForm({ ...valid, confirmPassword: '' })).toBe(ACCOUNT_MESSAGES.signUpRequired);
  });
  it('requires matching passwords and the terms box', () => {
    expect(checkSignUpForm({ ...valid, confirmPassword: 'harbour crane at dawn' })).toBe(
      ACCOUNT_MESSAGES.passwordMismatch,
    );
    expect(checkSignUpForm({ ...valid, acceptTerms: false })).toBe(ACCOUNT_MESSAGES.termsRequired);
  });
  it('applies the length rule before the server does', () => {
    expect(checkSignUpForm({ ...valid, password: 'short', confirmPassword: 'short' })).toBe(
      ACCOUNT_MESSAGES.passwordTooShort,
    );
  });
});
