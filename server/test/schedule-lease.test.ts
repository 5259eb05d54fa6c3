import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { createDb, createPool, type Db } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { SchedulesService } from '../src/features/drift/schedules';
import { RefreshService } from '../src/features/inventory/refresh-service';

let db: Db;
beforeAll(async () => {
  const pool = createPool(inject('databaseUrl'));
  await migrate(pool);
  db = createDb(pool);
});
afterAll(async () => {
  await db.destroy();
});

const log = { error: () => undefined };
/** Two processes' services: each its own holder of the lease, on the one database. */
const services = {
  'drift scan schedules': () => new SchedulesService({ appDb: db, db, log } as never),
  'inventory refresh schedules': () => new RefreshService({ sources: { db }, log } as never),
};

describe.each(Object.entries(services))('%s across processes', (_name, make) => {
  it('run a tick in one process only, and the next tick anywhere', async () => {
    const [a, b] = [make(), make()];
    let running = 0;
    let ran = 0;
    for (const service of [a, b]) {
      vi.spyOn(service, 'runDue').mockImplementation(async () => {
        running += 1;
        expect(running).toBe(1);
        await new Promise((r) => setTimeout(r, 150));
        running -= 1;
        ran += 1;
        return 0;
      });
    }
    expect(await Promise.all([a.tick(), b.tick()])).toEqual(expect.arrayContaining([true, false]));
    expect(ran).toBe(1);
    // Released when the job ended: the other process may take the next tick.
    expect(await b.tick()).toBe(true);
    expect(await a.tick()).toBe(true);
    expect(ran).toBe(3);
  });
});
