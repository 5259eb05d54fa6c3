import { sql, type Kysely } from 'kysely';

/**
 * A named lease in PostgreSQL (table server_leases, migration 20261129T1400): with several server
 * processes, a whole-job schedule (a retention sweep, a drift tick) runs in the one process that
 * holds its lease. A lease expires after `ttlMs`, so a crashed holder frees it; the holder renews
 * it while it works. Time is the database's clock, so processes with skewed clocks still agree.
 */

// Any Kysely instance will do: the lease table is reached through raw SQL only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema type does not matter here
type AnyDb = Kysely<any>;

/** True when `holder` now holds `name` (newly, or again because it already held it). */
export async function tryAcquireLease(
  db: AnyDb,
  name: string,
  holder: string,
  ttlMs: number,
): Promise<boolean> {
  const result = await sql<{ holder: string }>`
    insert into server_leases (name, holder, expires_at, acquired_at)
    values (${name}, ${holder}, now() + ${ttlMs} * interval '1 millisecond', now())
    on conflict (name) do update
      set holder = excluded.holder, expires_at = excluded.expires_at,
          acquired_at = case when server_leases.holder = excluded.holder
                             then server_leases.acquired_at else now() end
      where server_leases.holder = excluded.holder or server_leases.expires_at <= now()
    returning holder`.execute(db);
  return result.rows.length === 1;
}

/** Extends a lease `holder` still holds; false when it lost it (expired and taken by another). */
export async function renewLease(
  db: AnyDb,
  name: string,
  holder: string,
  ttlMs: number,
): Promise<boolean> {
  const result = await sql`
    update server_leases set expires_at = now() + ${ttlMs} * interval '1 millisecond'
    where name = ${name} and holder = ${holder} and expires_at > now()`.execute(db);
  return Number(result.numAffectedRows ?? 0) === 1;
}

/** Gives the lease up at once (a no-op when `holder` does not hold it). */
export async function releaseLease(db: AnyDb, name: string, holder: string): Promise<void> {
  await sql`delete from server_leases where name = ${name} and holder = ${holder}`.execute(db);
}

/**
 * Runs `job` only if this process takes the lease; the lease is released afterwards, so the next
 * tick may run anywhere. Returns whether the job ran.
 */
export async function withLease(
  db: AnyDb,
  name: string,
  holder: string,
  ttlMs: number,
  job: () => Promise<unknown>,
): Promise<boolean> {
  if (!(await tryAcquireLease(db, name, holder, ttlMs))) return false;
  try {
    await job();
  } finally {
    await releaseLease(db, name, holder).catch(() => undefined);
  }
  return true;
}
