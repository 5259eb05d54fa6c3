import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../db/schema';
import { CODE_MAX_ATTEMPTS, LOCKOUT_MAX_FAILURES, LOCKOUT_SECONDS } from '@stratum/core/constants';

type Executor = Db | Transaction<Database>;

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Creates a user; the first account on an empty instance (or OWNER_EMAIL) becomes owner. */
export async function insertUser(
  db: Db,
  user: { email: string; passwordHash: string; firstName: string; lastName: string },
  ownerEmail: string | undefined,
  /** Runs in the same transaction once the row exists (the audit entry). */
  onInserted: (trx: Transaction<Database>, row: UserRow) => Promise<void> = async () => {},
): Promise<UserRow | undefined> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('stratum:users:insert'))`.execute(trx);
    if (await findUserByEmail(trx, user.email)) return undefined;
    const { count } = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const isOwner = Number(count) === 0 || user.email === ownerEmail;
    const row = await trx
      .insertInto('users')
      .values({
        email: user.email,
        password_hash: user.passwordHash,
        first_name: user.firstName,
        last_name: user.lastName,
        designation: null,
        avatar_url: null,
        email_verified_at: null,
        last_login_at: null,
        disabled_at: null,
        ...(isOwner ? { role: 'owner' as const } : {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await onInserted(trx, row);
    return row;
  });
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: Partial<{
    first_name: string;
    last_name: string;
    designation: string | null;
    avatar_url: string | null;
    password_hash: string;
    last_login_at: Date;
  }>,
): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markEmailVerified(db: Executor, id: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_verified_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ── sign-in lockout ────────────────────────────────────────────────────────────

export async function findLock(db: Db, email: string): Promise<Date | null> {
  const row = await db
    .selectFrom('login_attempts')
    .select('locked_until')
    .where('email', '=', email)
    .where('locked_until', '>', new Date())
    .executeTakeFirst();
  return row?.locked_until ?? null;
}

/**
 * Counts one failed sign-in atomically. The fifth failure locks the address for 300 s and
 * resets the counter; failures older than 15 minutes are forgotten.
 */
export async function recordLoginFailure(
  db: Db,
  email: string,
): Promise<{ lockedUntil: Date | null; failures: number }> {
  const result = await sql<{ failures: number; locked_until: Date | null }>`
    INSERT INTO login_attempts AS a (email, failures, updated_at) VALUES (${email}, 1, now())
    ON CONFLICT (email) DO UPDATE SET
      failures = CASE
        WHEN a.updated_at < now() - interval '15 minutes' THEN 1
        WHEN a.failures + 1 >= ${LOCKOUT_MAX_FAILURES} THEN 0
        ELSE a.failures + 1 END,
      locked_until = CASE
        WHEN a.updated_at >= now() - interval '15 minutes' AND a.failures + 1 >= ${LOCKOUT_MAX_FAILURES}
          THEN now() + make_interval(secs => ${LOCKOUT_SECONDS})
        ELSE a.locked_until END,
      updated_at = now()
    RETURNING failures, locked_until`.execute(db);
  const row = result.rows[0]!;
  const isLocked = row.locked_until !== null && row.locked_until.getTime() > Date.now();
  return { lockedUntil: isLocked ? row.locked_until : null, failures: row.failures };
}

export async function clearLoginFailures(db: Executor, email: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('email', '=', email).execute();
}

// ── emailed codes ──────────────────────────────────────────────────────────────

export function latestCode(db: Executor, userId: string) {
  return db
    .selectFrom('email_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Replaces any live code of the user with a new one. */
/** Replaces the user's open code with a new one; answers the new code's id. */
export async function insertCode(
  db: Executor,
  userId: string,
  codeHash: string,
  expiresAt: Date,
): Promise<string> {
  await db
    .updateTable('email_codes')
    .set({ consumed_at: new Date() })
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .execute();
  const row = await db
    .insertInto('email_codes')
    .values({ user_id: userId, code_hash: codeHash, expires_at: expiresAt, consumed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A code whose mail never left: gone, so it neither works nor starts the resend wait. */
export async function deleteCode(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('email_codes').where('id', '=', id).execute();
}

/** Undoes a registration whose code could not be mailed, so the address can register again. */
export async function deleteUnverifiedUser(db: Executor, id: string): Promise<void> {
  await db
    .deleteFrom('users')
    .where('id', '=', id)
    .where('email_verified_at', 'is', null)
    .execute();
}

/** Consumes the code once: answers false if a concurrent request already did. */
export async function consumeCode(db: Executor, id: string): Promise<boolean> {
  const row = await db
    .updateTable('email_codes')
    .set({ consumed_at: new Date() })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts a wrong guess; the fifth burns the code. */
export async function recordWrongCode(db: Executor, id: string): Promise<void> {
  await sql`UPDATE email_codes SET attempts = attempts + 1,
      consumed_at = CASE WHEN attempts + 1 >= ${CODE_MAX_ATTEMPTS} THEN now() ELSE consumed_at END
    WHERE id = ${id} AND consumed_at IS NULL`.execute(db);
}

// ── sessions ───────────────────────────────────────────────────────────────────

export async function insertSession(
  db: Executor,
  session: { userId: string; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<string> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: session.userId,
      expires_at: session.expiresAt,
      ip: session.ip,
      user_agent: session.userAgent,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findSession(db: Executor, id: string) {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function revokeSession(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of a user except `keep`; answers the revoked ids. */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  keep?: string,
): Promise<string[]> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep) query = query.where('id', '!=', keep);
  return (await query.returning('id').execute()).map((r) => r.id);
}

// ── password resets ────────────────────────────────────────────────────────────

export async function insertReset(
  db: Executor,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
) {
  await db
    .insertInto('password_resets')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, used_at: null })
    .execute();
}

/** Uses a reset token once; answers its user id, or undefined when unknown, used or expired. */
export async function consumeReset(
  db: Executor,
  userId: string,
  tokenHash: string,
): Promise<boolean> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
