import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Logger } from 'pino';
import { CODE_TTL_MINUTES, RESEND_COOLDOWN_SECONDS } from '@stratum/core/constants';
import { MSG } from '@stratum/core/messages';
import type { TUpdateProfileInput } from '@stratum/core/contract/auth/update-profile';
import type { Db } from '../../db/database';
import { anonymousActor, auditNothingChanged, userActor, writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mail/mailer';
import { hmacToken } from '../../lib/secrets';
import type { SharedState } from '../../lib/shared-state';
import type { UserRow } from '../../db/schema';
import {
  assertStrongPassword,
  IP_WINDOW_SECONDS,
  mailInBackground,
  requestPasswordReset,
  resetPassword,
} from './password-reset';
import * as repo from './repository';
import { SessionStore } from './sessions';

export interface AuthDeps {
  db: Db;
  sessions: SessionStore;
  mailer: Mailer;
  shared: SharedState;
  tokenHmacKey: Buffer;
  publicUrl: string;
  ownerEmail: string | undefined;
  loginFailuresPerAddress: number;
  log: Logger;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export class AuthService {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly deps: AuthDeps) {}

  async register(
    input: { email: string; password: string; firstName: string; lastName: string },
    client: ClientInfo,
  ): Promise<UserRow> {
    assertStrongPassword(input.password);
    const passwordHash = await hash(input.password);
    const user = await repo.insertUser(
      this.deps.db,
      { email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName },
      this.deps.ownerEmail,
      (trx, row) =>
        writeAudit(trx, userActor(row, client.ip), {
          action: 'auth.register',
          targetType: 'user',
          targetId: row.id,
          after: profileOf(row),
        }),
    );
    if (!user) throw new AppError('auth/email_taken', MSG.emailTaken);
    try {
      await this.sendCode(user);
    } catch (error) {
      // Nothing stays behind a registration whose code never left: the user may try again.
      await repo.deleteUnverifiedUser(this.deps.db, user.id);
      throw error;
    }
    return user;
  }

  async login(
    email: string,
    password: string,
    client: ClientInfo,
  ): Promise<{ user: UserRow; token: string }> {
    const ipKey = `login-fail:${client.ip}`;
    if ((await this.deps.shared.count(ipKey)) >= this.deps.loginFailuresPerAddress) {
      throw new AppError('auth/throttled', MSG.tooManyAttempts, {
        retryAfterSeconds: IP_WINDOW_SECONDS,
      });
    }
    const lockedUntil = await repo.findLock(this.deps.db, email);
    if (lockedUntil) throw lockedError(lockedUntil);

    const user = await repo.findUserByEmail(this.deps.db, email);
    const isValid = user
      ? await verify(user.password_hash, password)
      : await verify(await this.getDummyHash(), password).then(() => false);
    if (!user || !isValid) {
      await this.deps.shared.hit(ipKey, IP_WINDOW_SECONDS);
      const { lockedUntil: nowLocked } = await this.deps.db.transaction().execute(async (trx) => {
        // At most loginFailuresPerAddress rows per address per 15 min and none while locked:
        // both checks above answer before this, so failures cannot flood the trail.
        await writeAudit(trx, anonymousActor(email, client.ip), {
          action: 'auth.login.failed',
          targetType: 'user',
          targetId: user?.id ?? null,
          // The account's address names the target; nothing says whether it exists.
          after: { email },
        });
        return repo.recordLoginFailure(trx, email);
      });
      if (nowLocked) throw lockedError(nowLocked);
      throw new AppError('auth/invalid_credentials', MSG.invalidCredentials);
    }
    await repo.clearLoginFailures(this.deps.db, email);
    if (user.disabled_at)
      throw new AppError('auth/forbidden', 'This account is disabled. Contact an administrator.');
    if (!user.email_verified_at) {
      const latest = await repo.latestCode(this.deps.db, user.id);
      if (!latest || Date.now() - latest.created_at.getTime() > RESEND_COOLDOWN_SECONDS * 1000) {
        // Unsent, the user still learns to verify and may ask for a code again (Resend).
        await this.sendCode(user).catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
        });
      }
      throw new AppError(
        'auth/verification_required',
        'Verify your email address: enter the 6-digit code we sent you',
        {
          requiresVerification: true,
        },
      );
    }
    return this.startSession(user, client, 'auth.login');
  }

  async verifyCode(
    email: string,
    code: string,
    client: ClientInfo,
  ): Promise<{ user: UserRow; token: string }> {
    const user = await repo.findUserByEmail(this.deps.db, email);
    const latest = user ? await repo.latestCode(this.deps.db, user.id) : undefined;
    if (!user || !latest || latest.consumed_at || latest.expires_at.getTime() <= Date.now()) {
      throw new AppError('auth/invalid_code', MSG.invalidCode);
    }
    if (!safeEqual(latest.code_hash, hmacToken(this.deps.tokenHmacKey, code))) {
      await repo.recordWrongCode(this.deps.db, latest.id);
      throw new AppError('auth/invalid_code', MSG.invalidCode);
    }
    if (!(await repo.consumeCode(this.deps.db, latest.id))) {
      throw new AppError('auth/invalid_code', MSG.invalidCode);
    }
    const isNewlyVerified = await repo.markEmailVerified(this.deps.db, user.id);
    if (isNewlyVerified) {
      await this.deps.sessions.userChanged(user.id);
      mailInBackground(this.deps, user.email, 'welcome', {
        firstName: user.first_name,
        appUrl: `${this.deps.publicUrl}/dashboard`,
      });
    }
    return this.startSession(user, client, 'auth.verify');
  }

  /** Mails a new code unless one went out less than 60 s ago. Unknown or verified: same answer, no mail. */
  async resendCode(email: string, client: ClientInfo): Promise<void> {
    const user = await repo.findUserByEmail(this.deps.db, email);
    if (!user || user.email_verified_at) return auditNothingChanged('no code to resend');
    const latest = await repo.latestCode(this.deps.db, user.id);
    const elapsed = latest ? (Date.now() - latest.created_at.getTime()) / 1000 : Infinity;
    if (elapsed < RESEND_COOLDOWN_SECONDS) {
      throw new AppError(
        'auth/resend_too_soon',
        'A code was sent less than a minute ago; please wait before requesting another code',
        {
          retryAfterSeconds: Math.ceil(RESEND_COOLDOWN_SECONDS - elapsed),
        },
      );
    }
    await this.sendCode(user);
    // After the mail left (a transaction cannot wait on SMTP); the code row is already saved.
    await writeAudit(this.deps.db, anonymousActor(email, client.ip), {
      action: 'auth.code.resend',
      targetType: 'user',
      targetId: user.id,
    });
  }

  async authenticate(token: string) {
    return this.deps.sessions.authenticate(token);
  }

  async logout(user: UserRow, sessionId: string, client: ClientInfo): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.revokeSession(trx, sessionId);
      await writeAudit(trx, userActor(user, client.ip), {
        action: 'auth.logout',
        targetType: 'session',
        targetId: sessionId,
      });
    });
    await this.deps.sessions.revoked([sessionId]);
  }

  async updateProfile(
    user: UserRow,
    input: TUpdateProfileInput,
    client: ClientInfo,
  ): Promise<UserRow> {
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const updated = await repo.updateUser(trx, user.id, {
        ...(input.firstName !== undefined && { first_name: input.firstName }),
        ...(input.lastName !== undefined && { last_name: input.lastName }),
        ...(input.designation !== undefined && { designation: input.designation || null }),
        ...(input.avatarUrl !== undefined && { avatar_url: input.avatarUrl || null }),
      });
      await writeAudit(trx, userActor(user, client.ip), {
        action: 'profile.update',
        targetType: 'user',
        targetId: user.id,
        before: profileOf(user),
        after: profileOf(updated),
      });
      return updated;
    });
    await this.deps.sessions.userChanged(user.id);
    return row;
  }

  async changePassword(
    user: UserRow,
    sessionId: string,
    current: string,
    next: string,
    client: ClientInfo,
  ): Promise<void> {
    if (!(await verify(user.password_hash, current))) {
      throw new AppError('auth/wrong_current_password', 'Current password is incorrect');
    }
    assertStrongPassword(next);
    const passwordHash = await hash(next);
    const revoked = await this.deps.db.transaction().execute(async (trx) => {
      await repo.updateUser(trx, user.id, { password_hash: passwordHash });
      const sessionIds = await repo.revokeUserSessions(trx, user.id, sessionId);
      await writeAudit(trx, userActor(user, client.ip), {
        action: 'auth.password.change',
        targetType: 'user',
        targetId: user.id,
        after: { otherSessionsSignedOut: sessionIds.length },
      });
      return sessionIds;
    });
    await this.deps.sessions.revoked(revoked);
    await this.deps.sessions.userChanged(user.id);
  }

  /** Always the same answer and about the same time, whether or not the address exists. */
  requestPasswordReset(email: string, client: ClientInfo): Promise<void> {
    return requestPasswordReset(this.deps, email, client);
  }

  resetPassword(email: string, token: string, newPassword: string, client: ClientInfo) {
    return resetPassword(this.deps, { email, token, newPassword }, client);
  }

  private async startSession(
    user: UserRow,
    client: ClientInfo,
    action: 'auth.login' | 'auth.verify',
  ): Promise<{ user: UserRow; token: string }> {
    const expiresAt = SessionStore.expiry();
    const { sessionId, updated } = await this.deps.db.transaction().execute(async (trx) => {
      const id = await repo.insertSession(trx, {
        userId: user.id,
        expiresAt,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 512) ?? null,
      });
      await writeAudit(trx, userActor(user, client.ip), {
        action,
        targetType: 'session',
        targetId: id,
        after: { userAgent: client.userAgent?.slice(0, 200) ?? null },
      });
      return {
        sessionId: id,
        updated: await repo.updateUser(trx, user.id, { last_login_at: new Date() }),
      };
    });
    await this.deps.sessions.userChanged(user.id);
    return { user: updated, token: await this.deps.sessions.issue(sessionId, user.id, expiresAt) };
  }

  private async sendCode(user: UserRow): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const codeId = await repo.insertCode(
      this.deps.db,
      user.id,
      hmacToken(this.deps.tokenHmacKey, code),
      new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
    );
    try {
      await this.deps.mailer.sendTemplate(user.email, 'verification_code', {
        firstName: user.first_name,
        code,
        minutes: CODE_TTL_MINUTES,
      });
    } catch (error) {
      // The mail server is down or refused the address: say so, not 500, and keep no dead code.
      this.deps.log.error({ err: error }, 'verification code could not be mailed');
      await repo.deleteCode(this.deps.db, codeId);
      throw new AppError('mail/unavailable', MSG.mailUnavailable);
    }
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= hash(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}

/** What the trail keeps of a profile (never the password hash). */
function profileOf(row: UserRow) {
  return {
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    designation: row.designation,
    avatarUrl: row.avatar_url,
  };
}

function lockedError(until: Date): AppError {
  return new AppError('auth/locked', MSG.accountLocked, {
    retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000)),
  });
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
