import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isUuid, withApiTables, type EnvironmentRow, type StoredVariable } from './repository';

/** Every column but the sealed secrets: what lists and reads need. */
export type EnvironmentPublicRow = Omit<EnvironmentRow, 'sealed_secrets'>;

const PUBLIC_COLUMNS = [
  'id',
  'user_id',
  'name',
  'variables',
  'revision',
  'created_at',
  'updated_at',
] as const;

export function listEnvironments(db: Db, userId: string): Promise<EnvironmentPublicRow[]> {
  return withApiTables(db)
    .selectFrom('api_environments')
    .select(PUBLIC_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function countEnvironments(db: Db, userId: string): Promise<number> {
  const row = await withApiTables(db)
    .selectFrom('api_environments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findEnvironment(
  db: Db,
  userId: string,
  id: string,
): Promise<EnvironmentPublicRow | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return withApiTables(db)
    .selectFrom('api_environments')
    .select(PUBLIC_COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** With the sealed secrets, held until the transaction ends when `forUpdate`. */
export function findSealedEnvironment(
  db: Db,
  userId: string,
  id: string,
  forUpdate = false,
): Promise<EnvironmentRow | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  const query = withApiTables(db)
    .selectFrom('api_environments')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export interface EnvironmentValues {
  name: string;
  variables: StoredVariable[];
  sealedSecrets: string | null;
}

export function insertEnvironment(
  db: Db,
  userId: string,
  values: EnvironmentValues,
): Promise<EnvironmentPublicRow> {
  return withApiTables(db)
    .insertInto('api_environments')
    .values({
      user_id: userId,
      name: values.name,
      variables: JSON.stringify(values.variables),
      sealed_secrets: values.sealedSecrets,
    })
    .returning(PUBLIC_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Replaces name, variables and secrets if `revision` is still the stored one; adds one to it. */
export function updateEnvironment(
  db: Db,
  userId: string,
  id: string,
  revision: number,
  values: EnvironmentValues,
): Promise<EnvironmentPublicRow | undefined> {
  return withApiTables(db)
    .updateTable('api_environments')
    .set({
      name: values.name,
      variables: JSON.stringify(values.variables),
      sealed_secrets: values.sealedSecrets,
      revision: sql<number>`revision + 1`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revision', '=', revision)
    .returning(PUBLIC_COLUMNS)
    .executeTakeFirst();
}

export async function deleteEnvironment(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const result = await withApiTables(db)
    .deleteFrom('api_environments')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
