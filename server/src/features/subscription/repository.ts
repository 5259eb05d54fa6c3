import { sql, type Selectable } from 'kysely';
import type { TPlanId } from '@stratum/core/contract/common';
import type { TListActivationRequestsQuery } from '@stratum/core/contract/subscription/list-activation-requests';
import type { Db } from '../../db/database';
import type { ActivationRequestsTable, SubscriptionsTable, UserRow } from '../../db/schema';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type ActivationRequestRow = Selectable<ActivationRequestsTable>;

export function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export function lockUser(db: Db, userId: string): Promise<UserRow> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Creates the record on first use: the user's current plan, active from now. */
export async function ensureSubscription(
  db: Db,
  user: UserRow,
  start: Date,
  end: Date,
): Promise<SubscriptionRow> {
  await db
    .insertInto('subscriptions')
    .values({
      user_id: user.id,
      plan_id: user.subscription_type,
      status: 'active',
      start_date: start,
      end_date: end,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
}

/** Sets the record and the plan whose limits apply, together. */
export async function setPlan(
  db: Db,
  userId: string,
  record: { planId: TPlanId; status: 'active' | 'cancelled'; start: Date; end: Date },
  effectivePlan: TPlanId,
): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values({
      user_id: userId,
      plan_id: record.planId,
      status: record.status,
      start_date: record.start,
      end_date: record.end,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        plan_id: record.planId,
        status: record.status,
        start_date: record.start,
        end_date: record.end,
        updated_at: new Date(),
      }),
    )
    .execute();
  await db
    .updateTable('users')
    .set({ subscription_type: effectivePlan, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export const monthKey = (monthStart: Date): string => monthStart.toISOString().slice(0, 10);

export async function generationsUsed(db: Db, userId: string, month: Date): Promise<number> {
  const row = await db
    .selectFrom('subscription_usage')
    .select('generations_used')
    .where('user_id', '=', userId)
    .where('month', '=', monthKey(month))
    .executeTakeFirst();
  return row?.generations_used ?? 0;
}

/**
 * Adds one generation to the month unless that would pass `limit` (-1: no limit), in one
 * statement, so concurrent generations can never overshoot. Undefined when over quota.
 */
export async function addGeneration(
  db: Db,
  userId: string,
  month: Date,
  limit: number,
): Promise<number | undefined> {
  const row = await db
    .insertInto('subscription_usage')
    .values({ user_id: userId, month: monthKey(month), generations_used: 1 })
    .onConflict((oc) => {
      const update = oc.columns(['user_id', 'month']).doUpdateSet({
        generations_used: sql`subscription_usage.generations_used + 1`,
      });
      return limit < 0 ? update : update.where('subscription_usage.generations_used', '<', limit);
    })
    .returning('generations_used')
    .executeTakeFirst();
  return row?.generations_used;
}

/** One more project unless at `limit` (-1: no limit). Undefined when at the limit. */
export async function addProject(
  db: Db,
  userId: string,
  limit: number,
): Promise<number | undefined> {
  let query = db
    .updateTable('subscriptions')
    .set({ projects_created: sql`projects_created + 1` })
    .where('user_id', '=', userId);
  if (limit >= 0) query = query.where('projects_created', '<', limit);
  const row = await query.returning('projects_created').executeTakeFirst();
  return row?.projects_created;
}

export async function removeProject(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ projects_created: sql`GREATEST(projects_created - 1, 0)` })
    .where('user_id', '=', userId)
    .execute();
}

// ── activation requests ────────────────────────────────────────────────────────

export function pendingRequestOf(
  db: Db,
  userId: string,
): Promise<ActivationRequestRow | undefined> {
  return db
    .selectFrom('activation_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** Undefined when the user already has a pending request (the partial unique index). */
export async function insertRequest(
  db: Db,
  user: UserRow,
  plan: 'pro' | 'ultra-pro' | 'enterprise',
  credits: number,
  message: string,
): Promise<ActivationRequestRow | undefined> {
  return db
    .insertInto('activation_requests')
    .values({
      user_id: user.id,
      user_email: user.email,
      username: `${user.first_name} ${user.last_name}`.trim(),
      requested_subscription: plan,
      requested_credits: credits,
      message,
      processed_at: null,
      processed_by: null,
      processed_by_email: null,
      processing_notes: null,
      granted_plan: null,
      granted_credits: null,
      granted_duration: null,
    })
    .onConflict((oc) => oc.column('user_id').where('status', '=', 'pending').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The user takes back a waiting request (withdrawing, choosing Free or cancelling). */
export async function withdrawPending(db: Db, user: UserRow): Promise<boolean> {
  const result = await db
    .updateTable('activation_requests')
    .set({
      status: 'rejected',
      processed_at: new Date(),
      processed_by: user.id,
      processed_by_email: user.email,
      processing_notes: 'Withdrawn by the user',
    })
    .where('user_id', '=', user.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function lockRequest(db: Db, id: string): Promise<ActivationRequestRow | undefined> {
  return db
    .selectFrom('activation_requests')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function decideRequest(
  db: Db,
  id: string,
  decision: {
    status: 'approved' | 'rejected';
    by: { id: string; email: string };
    notes: string | null;
    granted?: { plan: TPlanId; credits: number; duration: number };
  },
): Promise<ActivationRequestRow> {
  return db
    .updateTable('activation_requests')
    .set({
      status: decision.status,
      processed_at: new Date(),
      processed_by: decision.by.id,
      processed_by_email: decision.by.email,
      processing_notes: decision.notes,
      granted_plan: decision.granted?.plan ?? null,
      granted_credits: decision.granted?.credits ?? null,
      granted_duration: decision.granted?.duration ?? null,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function addCredits(db: Db, userId: string, credits: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ credits: sql`credits + ${credits}`, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export async function listRequests(
  db: Db,
  query: TListActivationRequestsQuery,
): Promise<{ rows: ActivationRequestRow[]; total: number; pendingCount: number }> {
  let filtered = db.selectFrom('activation_requests');
  if (query.status) filtered = filtered.where('status', '=', query.status);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, '\\$&')}%`;
    filtered = filtered.where((eb) =>
      eb.or([
        eb('user_email', 'ilike', pattern),
        eb('username', 'ilike', pattern),
        eb('message', 'ilike', pattern),
      ]),
    );
  }
  const [rows, total, pending] = await Promise.all([
    filtered
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    db
      .selectFrom('activation_requests')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count), pendingCount: Number(pending.count) };
}
