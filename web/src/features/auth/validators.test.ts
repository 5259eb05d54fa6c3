import { describe, expect, it } from 'vitest';
import { MSG } from '@stratum/core/messages';
import {
  normalizeCode,
  sanitizeAll,
  validateCode,
  validateForgotPassword,
  validateLogin,
  validateReset,
  validateSignup,
} from './validators';

const STRONG = 'Str0ng!Passw0rd';

describe('sanitizeAll', () => {
  it('strips angle brackets and trims every field', () => {
    expect(sanitizeAll({ email: ' <ada>@example.com ', password: ' pw> ' })).toEqual({
      email: 'ada@example.com',
      password: 'pw',
    });
  });
});

describe('validateLogin', () => {
  it.each([
    [{ email: '', password: 'x' }, MSG.fillAllFields],
    [{ email: 'ada@example.com', password: '' }, MSG.fillAllFields],
    [{ email: 'ada@example', password: 'x' }, MSG.invalidEmail],
    [{ email: 'ada@example.com', password: 'x' }, null],
  ])('%j → %s', (values, expected) => {
    expect(validateLogin(values)).toBe(expected);
  });
});

describe('validateSignup', () => {
  const valid = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    password: STRONG,
    confirmPassword: STRONG,
  };
  it.each([
    [{ firstName: '' }, MSG.fillAllFields],
    [{ confirmPassword: '' }, MSG.fillAllFields],
    [{ email: 'nope' }, MSG.invalidEmail],
    [{ confirmPassword: `${STRONG}x` }, MSG.passwordsDoNotMatch],
    [{ password: 'Ab1!', confirmPassword: 'Ab1!' }, MSG.passwordTooShort],
    [{ password: 'abcdefgh', confirmPassword: 'abcdefgh' }, MSG.passwordTooWeak],
    [{ password: 'abcdefg1', confirmPassword: 'abcdefg1' }, null],
    [{}, null],
  ])('%j → %s', (change, expected) => {
    expect(validateSignup({ ...valid, ...change })).toBe(expected);
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
    ['123456', 'ada@example.com', null],
  ])('code %j for %j → %s', (code, email, expected) => {
    expect(validateCode(code, email)).toBe(expected);
  });
});

describe('password reset', () => {
  it('asks for a valid email before requesting a reset', () => {
    expect(validateForgotPassword('')).toBe(MSG.forgotPasswordEmailRequired);
    expect(validateForgotPassword('ada@')).toBe(MSG.forgotPasswordEmailRequired);
    expect(validateForgotPassword('ada@example.com')).toBeNull();
  });
  it.each([
    [{ email: '', token: 't', newPassword: STRONG }, MSG.resetEmailRequired],
    [{ email: 'ada@example.com', token: '', newPassword: STRONG }, MSG.resetFillAllFields],
    [{ email: 'ada@example.com', token: 't', newPassword: '' }, MSG.resetFillAllFields],
    [{ email: 'ada@example.com', token: 't', newPassword: 'weakweak' }, MSG.passwordTooWeak],
    [{ email: 'ada@example.com', token: 't', newPassword: STRONG }, null],
  ])('%j → %s', (values, expected) => {
    expect(validateReset(values)).toBe(expected);
  });
});
