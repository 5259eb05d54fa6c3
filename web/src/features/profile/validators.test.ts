import { describe, expect, it } from 'vitest';
import { MSG } from '@stratum/core/messages';
import { toProfileBody, validatePasswordChange } from './validators';

describe('toProfileBody', () => {
  const values = { firstName: 'Ada', lastName: 'Lovelace', designation: '', avatarUrl: '' };

  it('clears an empty designation and avatar', () => {
    expect(toProfileBody(values)).toEqual({
      body: { firstName: 'Ada', lastName: 'Lovelace', designation: null, avatarUrl: null },
      errors: {},
    });
  });

  it('requires both names and a usable avatar address', () => {
    const { errors } = toProfileBody({ ...values, firstName: ' ', avatarUrl: 'ftp://x' });
    expect(errors.firstName).toBe('First name is required');
    expect(errors.avatarUrl).toMatch(/http\(s\) address/);
  });

  it('accepts an uploaded image as a data URL', () => {
    const { errors } = toProfileBody({ ...values, avatarUrl: 'data:image/jpeg;base64,AAAA' });
    expect(errors).toEqual({});
  });
});

describe('validatePasswordChange', () => {
  const strong = 'Str0ng!Passw0rd';
  it.each([
    [{ currentPassword: '', newPassword: strong, confirmPassword: strong }, MSG.fillAllFields],
    [
      { currentPassword: 'old', newPassword: strong, confirmPassword: 'other' },
      MSG.passwordsDoNotMatch,
    ],
    [
      { currentPassword: 'old', newPassword: 'short', confirmPassword: 'short' },
      MSG.passwordTooShort,
    ],
    [
      { currentPassword: 'old', newPassword: 'lowercase', confirmPassword: 'lowercase' },
      MSG.passwordTooWeak,
    ],
    [{ currentPassword: 'old', newPassword: strong, confirmPassword: strong }, null],
  ])('%j → %s', (values, expected) => {
    expect(validatePasswordChange(values)).toBe(expected);
  });
});
