import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  ChangePasswordFormSchema,
  checkSignUpForm,
  ForgotPasswordFormSchema,
  ProfileFormSchema,
  ResetPasswordFormSchema,
  replaceCallingCode,
  SignUpFormSchema,
  type SignUpFormValues,
  signUpFormMessage,
} from './accounts';

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

describe('calling code on country change (issue 10, item 4)', () => {
  it('replaces the previous calling code and keeps the digits after it', () => {
    expect(replaceCallingCode('', null, '91')).toBe('+91');
    expect(replaceCallingCode('+91', '91', '49')).toBe('+49');
    expect(replaceCallingCode('+919820012345', '91', '49')).toBe('+499820012345');
    expect(replaceCallingCode('+4915112345678', '49', '971')).toBe('+97115112345678');
  });
  it('leaves a number that does not start with the previous code alone', () => {
    expect(replaceCallingCode('+441632960000', '91', '49')).toBe('+441632960000');
    expect(replaceCallingCode('02266001100', '91', '49')).toBe('02266001100');
    expect(replaceCallingCode('+91', '91', null)).toBe('+91');
  });
});

describe('the forms’ schemas', () => {
  const messages = <T>(
    schema: {
      safeParse: (v: T) => {
        success: boolean;
        error?: { issues: { path: PropertyKey[]; message: string }[] };
      };
    },
    values: T,
  ) =>
    Object.fromEntries(
      (schema.safeParse(values).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );

  it('sign-up: the field messages lead to the specification’s warnings', () => {
    expect(messages(SignUpFormSchema, valid)).toEqual({});
    expect(messages(SignUpFormSchema, { ...valid, email: 'mira@' }).email).toBe(
      ACCOUNT_MESSAGES.invalidEmail,
    );
    expect(signUpFormMessage({ email: ACCOUNT_MESSAGES.invalidEmail, firstName: 'Required' })).toBe(
      ACCOUNT_MESSAGES.invalidEmail,
    );
    expect(signUpFormMessage({ lastName: 'Required' })).toBe(ACCOUNT_MESSAGES.signUpRequired);
    expect(signUpFormMessage({})).toBeNull();
  });

  it('uses the server’s e-mail rule, not a looser pattern', () => {
    expect(messages(ForgotPasswordFormSchema, { email: 'a..b@example.com' }).email).toBe(
      ACCOUNT_MESSAGES.invalidEmail,
    );
    expect(messages(ForgotPasswordFormSchema, { email: ' mira@example.com ' })).toEqual({});
  });

  it('reset and change password: length and confirmation', () => {
    expect(messages(ResetPasswordFormSchema, { password: 'short', confirmPassword: 'short' })).toEqual({
      password: ACCOUNT_MESSAGES.passwordTooShort,
    });
    expect(
      messages(ChangePasswordFormSchema, {
        currentPassword: '',
        newPassword: 'harbour crane at dusk',
        confirmPassword: 'harbour crane at dawn',
      }),
    ).toEqual({ currentPassword: 'Required', confirmPassword: ACCOUNT_MESSAGES.passwordMismatch });
  });

  it('profile: picked company and country, address, numeric phone (the server’s messages)', () => {
    expect(messages(ProfileFormSchema, { company: null, country: null, address: ' ', phone: '' })).toEqual({
      company: 'Please pick a company from the list',
      country: 'Please pick a country from the list',
      address: 'Address is required',
      phone: 'Phone is required',
    });
    expect(
      messages(ProfileFormSchema, {
        company: {
          id: 9,
          code: 'X',
          externalId: null,
          name: 'X',
          mobile: null,
          address: null,
          emailId: null,
        },
        country: { id: 1, code: 'IN', alpha3: 'IND', name: 'India', callingCode: '91' },
        address: 'Mumbai',
        phone: '98abc',
      }),
    ).toEqual({ phone: 'Phone must be 6 to 15 digits, optionally starting with +' });
  });
});
