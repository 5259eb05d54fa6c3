import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MSG } from '@stratum/core/messages';
import {
  normalizeCode,
  ZForgotPasswordForm,
  ZResetPasswordForm,
  ZSignInForm,
  ZSignUpForm,
  ZVerifyCodeForm,
} from './schemas';

const STRONG = 'Str0ng!Passw0rd';

/** What the form shows: each field's message, as react-hook-form keeps the first per field. */
function errorsOf(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}

describe('sign in', () => {
  it.each([
    [{ email: '', password: 'x' }, { email: MSG.fillAllFields }],
    [{ email: 'ada@example.com', password: '' }, { password: MSG.fillAllFields }],
    [{ email: 'ada@example', password: 'x' }, { email: MSG.invalidEmail }],
    [{ email: 'ada@example.com', password: 'x' }, {}],
  ])('%j → %j', (values, expected) => {
    expect(errorsOf(ZSignInForm, values)).toEqual(expected);
  });

  it('sends the values with angle brackets stripped and trimmed', () => {
    expect(ZSignInForm.parse({ email: ' <ada>@Example.com ', password: ' pw> ' })).toEqual({
      email: 'ada@example.com',
      password: 'pw',
    });
  });
});

describe('sign up', () => {
  const valid = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    password: STRONG,
    confirmPassword: STRONG,
  };
  it.each([
    [{ firstName: '' }, { firstName: MSG.fillAllFields }],
    [{ firstName: '', lastName: '' }, { firstName: MSG.fillAllFields }],
    [{ confirmPassword: '' }, { confirmPassword: MSG.fillAllFields }],
    [{ email: 'nope' }, { email: MSG.invalidEmail }],
    [{ confirmPassword: `${STRONG}x` }, { confirmPassword: MSG.passwordsDoNotMatch }],
    [{ password: 'Ab1!', confirmPassword: 'Ab1!' }, { password: MSG.passwordTooShort }],
    [{ password: 'abcdefgh', confirmPassword: 'abcdefgh' }, { password: MSG.passwordTooWeak }],
    [
      { email: 'nope', password: 'Ab1!', confirmPassword: 'Ab1!?' },
      {
        email: MSG.invalidEmail,
        password: MSG.passwordTooShort,
        confirmPassword: MSG.passwordsDoNotMatch,
      },
    ],
    [{ password: 'abcdefg1', confirmPassword: 'abcdefg1' }, {}],
    [{}, {}],
  ])('%j → %j', (change, expected) => {
    expect(errorsOf(ZSignUpForm, { ...valid, ...change })).toEqual(expected);
  });

  it('sends the registration body without the confirmation', () => {
    expect(ZSignUpForm.parse({ ...valid, firstName: ' <Ada> ' })).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: STRONG,
    });
  });
});

describe('the code field', () => {
  it('keeps only digits, at most six, so typing and pasting both work', () => {
    expect(normalizeCode('12a3 45-6789')).toBe('123456');
    expect(normalizeCode(' 042 917 ')).toBe('042917');
    expect(normalizeCode('abc')).toBe('');
  });
  it.each([
    ['12345', 'ada@example.com', MSG.enterSixDigitCode],
    ['', 'ada@example.com', MSG.enterSixDigitCode],
    ['123456', '', MSG.missingVerificationEmail],
    ['123456', 'ada@example.com', undefined],
  ])('code %j for %j → %s', (code, email, expected) => {
    expect(errorsOf(ZVerifyCodeForm, { code, email }).code).toBe(expected);
  });
});

describe('password reset', () => {
  it('asks for a valid email before requesting a reset', () => {
    expect(errorsOf(ZForgotPasswordForm, { email: '' })).toEqual({
      email: MSG.forgotPasswordEmailRequired,
    });
    expect(errorsOf(ZForgotPasswordForm, { email: 'ada@' })).toEqual({
      email: MSG.forgotPasswordEmailRequired,
    });
    expect(errorsOf(ZForgotPasswordForm, { email: 'ada@example.com' })).toEqual({});
  });
  const valid = { email: 'ada@example.com', token: 't', newPassword: STRONG };
  it.each([
    [{ email: '' }, { email: MSG.resetEmailRequired }],
    [{ token: '' }, { token: MSG.resetFillAllFields }],
    [{ newPassword: '', confirmPassword: '' }, { newPassword: MSG.resetFillAllFields }],
    [{ email: 'ada@' }, { email: MSG.invalidEmail }],
    [
      { newPassword: 'weakweak', confirmPassword: 'weakweak' },
      { newPassword: MSG.passwordTooWeak },
    ],
    [{ confirmPassword: 'other' }, { confirmPassword: MSG.passwordsDoNotMatch }],
    [{}, {}],
  ])('%j → %j', (change, expected) => {
    expect(errorsOf(ZResetPasswordForm, { ...valid, confirmPassword: STRONG, ...change })).toEqual(
      expected,
    );
  });
});
