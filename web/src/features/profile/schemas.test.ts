import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MSG } from '@stratum/core/messages';
import { ZChangePasswordForm, ZProfileForm } from './schemas';

function errorsOf(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('the profile form', () => {
  const values = { firstName: 'Ada', lastName: 'Lovelace', designation: '', avatarUrl: '' };

  it('clears an empty designation and sends an empty avatar as "" (removes it)', () => {
    expect(ZProfileForm.parse(values)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      designation: null,
      avatarUrl: '',
    });
  });

  it('requires both names and a usable avatar address', () => {
    const errors = errorsOf(ZProfileForm, { ...values, firstName: ' ', avatarUrl: 'ftp://x' });
    expect(errors.firstName).toBe('First name is required');
    expect(errors.avatarUrl).toMatch(/http\(s\) address/);
  });

  it('accepts an uploaded image as a data URL', () => {
    expect(errorsOf(ZProfileForm, { ...values, avatarUrl: 'data:image/jpeg;base64,AAAA' })).toEqual(
      {},
    );
  });
});

describe('the change-password form', () => {
  const strong = 'Str0ng!Passw0rd';
  it.each([
    [
      { currentPassword: '', newPassword: strong, confirmPassword: strong },
      { currentPassword: MSG.fillAllFields },
    ],
    [
      { currentPassword: 'old', newPassword: strong, confirmPassword: 'other' },
      { confirmPassword: MSG.passwordsDoNotMatch },
    ],
    [
      { currentPassword: 'old', newPassword: 'short', confirmPassword: 'short' },
      { newPassword: MSG.passwordTooShort },
    ],
    [
      { currentPassword: 'old', newPassword: 'lowercase', confirmPassword: 'lowercase' },
      { newPassword: MSG.passwordTooWeak },
    ],
    [{ currentPassword: 'old', newPassword: strong, confirmPassword: strong }, {}],
  ])('%j → %j', (values, expected) => {
    expect(errorsOf(ZChangePasswordForm, values)).toEqual(expected);
  });

  it('sends only the current and the new password', () => {
    expect(
      ZChangePasswordForm.parse({
        currentPassword: 'old',
        newPassword: strong,
        confirmPassword: strong,
      }),
    ).toEqual({ currentPassword: 'old', newPassword: strong });
  });
});
