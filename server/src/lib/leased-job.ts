import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { withLease } from './lease';

/**
 * A scheduled job that runs in one server process at a time: each tick runs it only in the
 * process that takes the lease `name` (released when the job ends, so the next tick may run
 * anywhere). Answers whether this process ran it. Each call makes a new holder, so two apps in
 * one process (tests) are two holders, as two processes are.
 */
export function leasedJob(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the lease table is raw SQL
  db: Kysely<any>,
  name: string,
  ttlMs: number,
  job: () => Promise<unknown>,
): () => Promise<boolean> {
  const holder = `${name}-${randomUUID()}`;
  return () => withLease(db, name, holder, ttlMs, job);
}
