import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDb, createPool, type Db } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { releaseLease, renewLease, tryAcquireLease, withLease } from '../src/lib/lease';

let db: Db;
const name = () => `test-lease-${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  const pool = createPool(inject('databaseUrl'));
  await migrate(pool);
  db = createDb(pool);
});
afterAll(async () => {
  await db.destroy();
});

describe('named leases in PostgreSQL', () => {
  it('lets one holder at a time take a lease, and the same holder take it again', async () => {
    const lease = name();
    expect(await tryAcquireLease(db, lease, 'a', 60_000)).toBe(true);
    expect(await tryAcquireLease(db, lease, 'b', 60_000)).toBe(false);
    expect(await tryAcquireLease(db, lease, 'a', 60_000)).toBe(true);
    expect(await renewLease(db, lease, 'b', 60_000)).toBe(false);
    expect(await renewLease(db, lease, 'a', 60_000)).toBe(true);
    await releaseLease(db, lease, 'b'); // not b's: still a's
    expect(await tryAcquireLease(db, lease, 'b', 60_000)).toBe(false);
    await releaseLease(db, lease, 'a');
    expect(await tryAcquireLease(db, lease, 'b', 60_000)).toBe(true);
  });

  it('hands an expired lease to another holder, and the old one can no longer renew it', async () => {
    const lease = name();
    expect(await tryAcquireLease(db, lease, 'a', 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(await tryAcquireLease(db, lease, 'b', 60_000)).toBe(true);
    expect(await renewLease(db, lease, 'a', 60_000)).toBe(false);
  });

  it('gives a contested lease to exactly one of many concurrent callers', async () => {
    const lease = name();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => tryAcquireLease(db, lease, `p${i}`, 60_000)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('runs a job under withLease only where the lease was taken, then frees it', async () => {
    const lease = name();
    expect(await tryAcquireLease(db, lease, 'other', 60_000)).toBe(true);
    let runs = 0;
    expect(await withLease(db, lease, 'me', 60_000, () => Promise.resolve(runs++))).toBe(false);
    await releaseLease(db, lease, 'other');
    expect(await withLease(db, lease, 'me', 60_000, () => Promise.resolve(runs++))).toBe(true);
    expect(runs).toBe(1);
    expect(await tryAcquireLease(db, lease, 'other', 60_000)).toBe(true);
  });
});
