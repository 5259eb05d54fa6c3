import type { TListUsersQuery } from '@stratum/core/contract/admin/list-users';
import type { Db } from '../../db/database';
import type { UserRow, UsersTable } from '../../db/schema';
import type { Updateable } from 'kysely';

export function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockUser(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function listUsers(
  db: Db,
  query: TListUsersQuery,
): Promise<{ rows: UserRow[]; total: number }> {
  let filtered = db.selectFrom('users');
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, '\\$&')}%`;
    filtered = filtered.where((eb) =>
      eb.or([
        eb('email', 'ilike', pattern),
        eb('first_name', 'ilike', pattern),
        eb('last_name', 'ilike', pattern),
        eb(eb.fn('concat_ws', [eb.val(' '), 'first_name', 'last_name']), 'ilike', pattern),
      ]),
    );
  }
  if (query.role) filtered = filtered.where('role', '=', query.role);
  if (query.plan) filtered = filtered.where('subscription_type', '=', query.plan);
  if (query.status === 'active') filtered = filtered.where('disabled_at', 'is', null);
  if (query.status === 'disabled') filtered = filtered.where('disabled_at', 'is not', null);
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

export function updateUser(
  db: Db,
  id: string,
  changes: Pick<Updateable<UsersTable>, 'role' | 'credits' | 'disabled_at'>,
): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ends every open session of the user; answers their ids for the session cache. */
export async function revokeSessions(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
