import { describe, expect, it } from 'vitest';
import type { TApiError } from '@stratum/core/contract/common';
import { MSG } from '@stratum/core/messages';
import { ApiError, NetworkError } from '../../lib/api-client';
import {
  forgotPasswordErrorMessage,
  loginOutcome,
  resendOutcome,
  resetErrorMessage,
  signupErrorMessage,
  verifyErrorMessage,
} from './outcomes';

const apiError = (status: number, body: Omit<TApiError, 'success'>) =>
  new ApiError(status, { success: false, ...body });
const offline = new NetworkError('Failed to fetch', false);

describe('loginOutcome', () => {
  it('enters code entry on 403 with requiresVerification', () => {
    const error = apiError(403, {
      code: 'auth/verification_required',
      message: 'Verify',
      requiresVerification: true,
    });
    expect(loginOutcome(error)).toEqual({ kind: 'verify' });
  });
  it('counts invalid credentials as a failed attempt', () => {
    expect(loginOutcome(apiError(401, { code: 'auth/invalid_credentials', message: 'x' }))).toEqual(
      {
        kind: 'failed-attempt',
        message: MSG.invalidCredentials,
      },
    );
  });
  it('locks on the server lock, for as long as it says', () => {
    const error = apiError(423, { code: 'auth/locked', message: 'x', retryAfterSeconds: 120 });
    expect(loginOutcome(error)).toEqual({
      kind: 'locked',
      message: MSG.accountLocked,
      retryAfterSeconds: 120,
    });
  });
  it('reports throttling and unexpected failures with the spec texts', () => {
    expect(loginOutcome(apiError(429, { code: 'auth/throttled', message: 'x' })).kind).toBe(
      'error',
    );
    expect(loginOutcome(apiError(429, { code: 'request/rate_limited', message: 'x' }))).toEqual({
      kind: 'error',
      message: MSG.tooManyAttempts,
    });
    expect(loginOutcome(apiError(500, { code: 'internal/error', message: 'x' }))).toEqual({
      kind: 'error',
      message: MSG.loginError,
    });
    expect(loginOutcome(offline)).toEqual({ kind: 'error', message: MSG.loginError });
  });
});

describe('signupErrorMessage', () => {
  it.each([
    [apiError(409, { code: 'auth/email_taken', message: 'x' }), MSG.emailTaken],
    [apiError(400, { code: 'request/invalid', message: 'User already exists' }), MSG.emailTaken],
    [apiError(400, { code: 'auth/weak_password', message: 'server rule' }), MSG.registrationFailed],
    [apiError(500, { code: 'internal/error', message: 'x' }), MSG.createAccountFailed],
    [apiError(503, { code: 'mail/unavailable', message: 'x' }), MSG.mailUnavailable],
    [offline, MSG.signupError],
  ])('%o → %s', (error, expected) => {
    expect(signupErrorMessage(error)).toBe(expected);
  });
});

describe('code verification and resend', () => {
  it('maps a wrong code, a bad request and anything else', () => {
    expect(verifyErrorMessage(apiError(400, { code: 'auth/invalid_code', message: 'x' }))).toBe(
      MSG.invalidCode,
    );
    expect(
      verifyErrorMessage(
        apiError(400, { code: 'request/invalid', message: MSG.enterSixDigitCode }),
      ),
    ).toBe(MSG.enterSixDigitCode);
    expect(verifyErrorMessage(offline)).toBe(MSG.verificationFailed);
  });
  it("restarts the countdown on a 'please wait' answer", () => {
    const tooSoon = apiError(429, {
      code: 'auth/resend_too_soon',
      message: 'sent less than a minute ago; please wait',
    });
    expect(resendOutcome(tooSoon)).toEqual({ message: MSG.pleaseWait, shouldRestartTimer: true });
    expect(resendOutcome(apiError(500, { code: 'internal/error', message: 'x' }))).toEqual({
      message: MSG.resendFailed,
      shouldRestartTimer: false,
    });
    expect(resendOutcome(apiError(503, { code: 'mail/unavailable', message: 'x' }))).toEqual({
      message: MSG.mailUnavailable,
      shouldRestartTimer: false,
    });
  });
});

describe('password reset failures', () => {
  it('distinguishes an answered failure from no answer', () => {
    expect(
      forgotPasswordErrorMessage(apiError(500, { code: 'internal/error', message: 'x' })),
    ).toBe(MSG.resetRequestFailed);
    expect(forgotPasswordErrorMessage(offline)).toBe(MSG.resetRequestFailedShort);
    expect(
      resetErrorMessage(
        apiError(400, {
          code: 'auth/invalid_reset_token',
          message: 'Invalid or expired reset token',
        }),
      ),
    ).toEqual({
      message: MSG.resetFailed,
      description: 'Invalid or expired reset token',
    });
    expect(resetErrorMessage(offline)).toEqual({ message: MSG.resetPasswordFailed });
  });
});
