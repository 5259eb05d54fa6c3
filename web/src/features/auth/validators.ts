import { isValidEmail, sanitizeInput } from '@stratum/core/auth/sanitize';
import { CODE_LENGTH } from '@stratum/core/constants';
import { MSG } from '@stratum/core/messages';
import { validateNewPassword } from '../../lib/password-rules';

/** §5: every input has angle brackets stripped and is trimmed (the server does the same). */
export function sanitizeAll<T extends { [K in keyof T]: string }>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, sanitizeInput(value as string)]),
  ) as T;
}

export interface LoginValues {
  email: string;
  password: string;
}

/** Each validator answers the §5 message of the first problem, or null. */
export function validateLogin({ email, password }: LoginValues): string | null {
  if (!email || !password) return MSG.fillAllFields;
  if (!isValidEmail(email)) return MSG.invalidEmail;
  return null;
}

export interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function validateSignup(values: SignupValues): string | null {
  const { firstName, lastName, email, password, confirmPassword } = values;
  if (!firstName || !lastName || !email || !password || !confirmPassword) return MSG.fillAllFields;
  if (!isValidEmail(email)) return MSG.invalidEmail;
  if (password !== confirmPassword) return MSG.passwordsDoNotMatch;
  return validateNewPassword(password);
}

/** §5: non-digits are stripped; at most six digits are kept. */
export function normalizeCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

export function validateCode(code: string, email: string): string | null {
  if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)) return MSG.enterSixDigitCode;
  if (!email) return MSG.missingVerificationEmail;
  return null;
}

export function validateForgotPassword(email: string): string | null {
  return isValidEmail(email) ? null : MSG.forgotPasswordEmailRequired;
}

export interface ResetValues {
  email: string;
  token: string;
  newPassword: string;
}

export function validateReset({ email, token, newPassword }: ResetValues): string | null {
  if (!email) return MSG.resetEmailRequired;
  if (!token || !newPassword) return MSG.resetFillAllFields;
  if (!isValidEmail(email)) return MSG.invalidEmail;
  return validateNewPassword(newPassword);
}
