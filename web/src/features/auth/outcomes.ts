import { MSG } from '@stratum/core/messages';
import { isApiError } from '../../lib/api-client';

/** What each failure of the sign-in flows tells the user (§8), from the server's code. */

export type LoginOutcome =
  | { kind: 'verify' }
  | { kind: 'failed-attempt'; message: string }
  | { kind: 'locked'; message: string; retryAfterSeconds: number | undefined }
  | { kind: 'error'; message: string };

export function loginOutcome(error: unknown): LoginOutcome {
  if (!isApiError(error)) return { kind: 'error', message: MSG.loginError };
  if (error.requiresVerification) return { kind: 'verify' };
  switch (error.code) {
    case 'auth/invalid_credentials':
      return { kind: 'failed-attempt', message: MSG.invalidCredentials };
    case 'auth/locked':
      return {
        kind: 'locked',
        message: MSG.accountLocked,
        retryAfterSeconds: error.retryAfterSeconds,
      };
    case 'auth/throttled':
    case 'request/rate_limited':
      return { kind: 'error', message: MSG.tooManyAttempts };
    case 'request/invalid':
    case 'auth/forbidden':
      return { kind: 'error', message: error.message };
    default:
      return { kind: 'error', message: MSG.loginError };
  }
}

export function signupErrorMessage(error: unknown): string {
  if (!isApiError(error)) return MSG.signupError;
  if (
    error.code === 'auth/email_taken' ||
    error.status === 409 ||
    /already exists/i.test(error.message)
  ) {
    return MSG.emailTaken;
  }
  if (error.code === 'request/rate_limited' || error.code === 'auth/throttled')
    return MSG.tooManyAttempts;
  if (error.code === 'mail/unavailable') return MSG.mailUnavailable;
  return error.status >= 500 ? MSG.createAccountFailed : MSG.registrationFailed;
}

export function verifyErrorMessage(error: unknown): string {
  if (isApiError(error, 'auth/invalid_code')) return MSG.invalidCode;
  if (isApiError(error, 'request/invalid')) return error.message;
  return MSG.verificationFailed;
}

/** A 'please wait' answer also restarts the 60 s countdown. */
export function resendOutcome(error: unknown): { message: string; shouldRestartTimer: boolean } {
  if (
    isApiError(error) &&
    (error.code === 'auth/resend_too_soon' || /please wait/i.test(error.message))
  ) {
    return { message: MSG.pleaseWait, shouldRestartTimer: true };
  }
  if (isApiError(error, 'mail/unavailable'))
    return { message: MSG.mailUnavailable, shouldRestartTimer: false };
  return { message: MSG.resendFailed, shouldRestartTimer: false };
}

export function forgotPasswordErrorMessage(error: unknown): string {
  if (isApiError(error, 'auth/throttled') || isApiError(error, 'request/rate_limited')) {
    return MSG.tooManyAttempts;
  }
  return isApiError(error) ? MSG.resetRequestFailed : MSG.resetRequestFailedShort;
}

/** The reset answers 'Reset failed' with the server's reason, or 'Failed to reset password'. */
export function resetErrorMessage(error: unknown): { message: string; description?: string } {
  if (!isApiError(error)) return { message: MSG.resetPasswordFailed };
  return { message: MSG.resetFailed, description: error.message };
}
