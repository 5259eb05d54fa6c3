import type { z } from 'zod';
import type {
  TMaintenance,
  ZMaintenanceInput,
} from '@stratum/core/contract/monitoring/maintenance';
import type { Db } from '../../db/database';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { presentMaintenance } from './presenters';
import { assertOwnChecks, isUuid } from './repository';
import { withMonitoringTables, type MonitoringTables } from './tables';

const MAX_WINDOWS = 100;
const TARGET = 'monitor-maintenance';
const notFound = () => new AppError('monitoring/not_found', 'Maintenance window not found');

/** Issue 16 §2: maintenance windows silence the alerts of the checks they cover. */
export class MaintenanceService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async list(userId: string): Promise<TMaintenance[]> {
    const now = this.now();
    const rows = await withMonitoringTables(this.db)
      .selectFrom('monitor_maintenance')
      .selectAll()
      .where('user_id', '=', userId)
      .where('ends_at', '>', now)
      .orderBy('starts_at')
      .execute();
    return rows.map((r) => presentMaintenance(r, now));
  }

  async create(
    userId: string,
    actor: AuditActor,
    input: z.output<typeof ZMaintenanceInput>,
  ): Promise<TMaintenance> {
    const checkIds = [...new Set(input.checkIds)];
    const row = await this.db.transaction().execute(async (appTrx) => {
      const trx = appTrx.withTables<MonitoringTables>();
      await assertOwnChecks(trx, userId, checkIds, 'A window can only cover your own checks');
      const count = await trx
        .selectFrom('monitor_maintenance')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('ends_at', '>', this.now())
        .executeTakeFirst();
      if (Number(count?.n ?? 0) >= MAX_WINDOWS) {
        throw new AppError('monitoring/invalid', `At most ${MAX_WINDOWS} windows may be planned`);
      }
      const inserted = await trx
        .insertInto('monitor_maintenance')
        .values({
          user_id: userId,
          name: input.name,
          starts_at: input.startsAt,
          ends_at: input.endsAt,
          check_ids: checkIds,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeAudit(appTrx, actor, {
        action: 'monitoring.maintenance_create',
        targetType: TARGET,
        targetId: inserted.id,
        after: { name: input.name, startsAt: input.startsAt, endsAt: input.endsAt, checkIds },
      });
      return inserted;
    });
    return presentMaintenance(row, this.now());
  }

  async remove(userId: string, actor: AuditActor, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound();
    await this.db.transaction().execute(async (appTrx) => {
      const deleted = await appTrx
        .withTables<MonitoringTables>()
        .deleteFrom('monitor_maintenance')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(['name', 'starts_at', 'ends_at'])
        .executeTakeFirst();
      if (!deleted) throw notFound();
      await writeAudit(appTrx, actor, {
        action: 'monitoring.maintenance_delete',
        targetType: TARGET,
        targetId: id,
        before: { name: deleted.name, startsAt: deleted.starts_at, endsAt: deleted.ends_at },
      });
    });
  }
}
