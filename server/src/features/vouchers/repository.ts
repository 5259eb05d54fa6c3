import { sql, type Selectable } from 'kysely';
import type { TListVouchersQuery } from '@stratum/core/contract/vouchers/list-vouchers';
import type { TCreateVoucherInput } from '@stratum/core/contract/vouchers/create-voucher';
import type { Db } from '../../db/database';
import type { VoucherUsagesTable, VouchersTable } from '../../db/schema';

export type VoucherRow = Selectable<VouchersTable>;
export type VoucherUsageRow = Selectable<VoucherUsagesTable>;

/** Undefined when the code exists already. */
export async function insertVoucher(
  db: Db,
  code: string,
  input: Omit<TCreateVoucherInput, 'code'>,
  by: { id: string; email: string },
): Promise<VoucherRow | undefined> {
  return db
    .insertInto('vouchers')
    .values({
      code,
      type: input.type,
      credits: input.credits,
      duration_days: input.duration,
      usage_limit: input.usageLimit,
      expires_at: input.expiresAt ?? null,
      created_by: by.id,
      created_by_email: by.email,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findVoucher(db: Db, id: string): Promise<VoucherRow | undefined> {
  return db.selectFrom('vouchers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks the voucher row: concurrent redemptions of one code queue here, one at a time. */
export function findVoucherByCode(db: Db, code: string): Promise<VoucherRow | undefined> {
  return db.selectFrom('vouchers').selectAll().where('code', '=', code).executeTakeFirst();
}

export function lockVoucherByCode(db: Db, code: string): Promise<VoucherRow | undefined> {
  return db
    .selectFrom('vouchers')
    .selectAll()
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
}

export async function hasUsed(db: Db, voucherId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('voucher_usages')
    .select('id')
    .where('voucher_id', '=', voucherId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordUse(
  db: Db,
  voucher: VoucherRow,
  user: { id: string; email: string },
): Promise<void> {
  await db
    .updateTable('vouchers')
    .set({ times_used: sql`times_used + 1` })
    .where('id', '=', voucher.id)
    .execute();
  await db
    .insertInto('voucher_usages')
    .values({
      voucher_id: voucher.id,
      user_id: user.id,
      user_email: user.email,
      subscription_granted: voucher.type,
      credits_granted: voucher.credits,
      duration_granted: voucher.duration_days,
    })
    .execute();
}

export async function listVouchers(
  db: Db,
  query: TListVouchersQuery,
  code: string | undefined,
): Promise<{ rows: VoucherRow[]; total: number }> {
  let filtered = db.selectFrom('vouchers');
  const isExpired = sql<boolean>`(expires_at IS NOT NULL AND expires_at <= now())`;
  const isExhausted = sql<boolean>`(times_used >= usage_limit)`;
  if (query.status === 'expired') filtered = filtered.where(isExpired);
  if (query.status === 'exhausted') filtered = filtered.where(isExhausted);
  if (query.status === 'usable') {
    filtered = filtered.where(sql<boolean>`NOT ${isExpired} AND NOT ${isExhausted}`);
  }
  if (code !== undefined) filtered = filtered.where('code', 'like', `%${code}%`);
  const [rows, total] = await Promise.all([
    filtered
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export function expireVoucher(db: Db, id: string): Promise<VoucherRow | undefined> {
  return db
    .updateTable('vouchers')
    .set({ expires_at: sql`LEAST(COALESCE(expires_at, now()), now())` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteVoucher(db: Db, id: string): Promise<VoucherRow | undefined> {
  return db.deleteFrom('vouchers').where('id', '=', id).returningAll().executeTakeFirst();
}

export function usagesOf(db: Db, voucherId: string): Promise<VoucherUsageRow[]> {
  return db
    .selectFrom('voucher_usages')
    .selectAll()
    .where('voucher_id', '=', voucherId)
    .orderBy('used_at', 'desc')
    .limit(1000)
    .execute();
}
