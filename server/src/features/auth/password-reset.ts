import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { scorePassword } from '@stratum/core/auth/password-strength';
import { PASSWORD_MIN_LENGTH, RESET_TOKEN_TTL_MINUTES } from '@stratum/core/constants';
import { MSG } from '@stratum/core/messages';
import { anonymousActor, auditNothingChanged, userActor, writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { hmacToken } from '../../lib/secrets';
import * as repo from './repository';
import type { AuthDeps, ClientInfo } from './service';

/** The window over which attempts per address are counted (sign-in, codes and resets). */
export const IP_WINDOW_SECONDS = 15 * 60;

/** Always the same answer and about the same time, whether or not the address exists. */
export async function requestPasswordReset(
  deps: AuthDeps,
  email: string,
  client: ClientInfo,
): Promise<void> {
  const perAddress = await deps.shared.hit(`reset:${client.ip}`, IP_WINDOW_SECONDS);
  const perEmail = await deps.shared.hit(`reset-email:${email}`, IP_WINDOW_SECONDS);
  if (perAddress > deps.loginFailuresPerAddress || perEmail > 5) {
    throw new AppError('auth/throttled', MSG.tooManyAttempts, {
      retryAfterSeconds: IP_WINDOW_SECONDS,
    });
  }
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user || user.disabled_at) return auditNothingChanged('no account to reset');
  const token = randomBytes(32).toString('base64url');
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertReset(
      trx,
      user.id,
      hmacToken(deps.tokenHmacKey, token),
      new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
    );
    await writeAudit(trx, anonymousActor(email, client.ip), {
      action: 'auth.password.reset-request',
      targetType: 'user',
      targetId: user.id,
    });
  });
  const resetUrl = `${deps.publicUrl}/reset-password?email=${encodeURIComponent(user.email)}&token=${token}`;
  mailInBackground(deps, user.email, 'password_reset', {
    firstName: user.first_name,
    resetUrl,
    token,
    minutes: RESET_TOKEN_TTL_MINUTES,
  });
}

/** A valid token sets the password, proves the mailbox and signs every session out. */
export async function resetPassword(
  deps: AuthDeps,
  { email, token, newPassword }: { email: string; token: string; newPassword: string },
  client: ClientInfo,
): Promise<void> {
  assertStrongPassword(newPassword);
  const user = await repo.findUserByEmail(deps.db, email);
  const tokenHash = hmacToken(deps.tokenHmacKey, token);
  if (!user || !(await repo.consumeReset(deps.db, user.id, tokenHash))) {
    throw new AppError('auth/invalid_reset_token', 'Invalid or expired reset token');
  }
  const passwordHash = await hash(newPassword);
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, user.id, { password_hash: passwordHash });
    await repo.markEmailVerified(trx, user.id); // the mailbox was just proven
    await repo.clearLoginFailures(trx, user.email);
    const sessionIds = await repo.revokeUserSessions(trx, user.id);
    await writeAudit(trx, userActor(user, client.ip), {
      action: 'auth.password.reset',
      targetType: 'user',
      targetId: user.id,
      after: { sessionsSignedOut: sessionIds.length },
    });
    await deps.sessions.revoked(sessionIds);
  });
  await deps.sessions.userChanged(user.id);
}

export function assertStrongPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH)
    throw new AppError('auth/weak_password', MSG.passwordTooShort);
  if (!scorePassword(password).isAcceptable)
    throw new AppError('auth/weak_password', MSG.passwordTooWeak);
}

/** Mail that the answer does not wait for: a failure is logged, never the user's error. */
export function mailInBackground(
  deps: Pick<AuthDeps, 'mailer' | 'log'>,
  to: string,
  template: 'welcome' | 'password_reset',
  vars: Record<string, string | number>,
) {
  deps.mailer.sendTemplate(to, template, vars).catch((error: unknown) => {
    deps.log.error({ err: error, template }, 'mail could not be sent');
  });
}
