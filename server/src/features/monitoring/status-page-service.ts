import { sql } from 'kysely';
import type {
  TPublicStatus,
  TStatusPageSettings,
} from '@stratum/core/contract/monitoring/status-page';
import { isInMaintenance } from '@stratum/core/monitoring/maintenance';
import { hourOf, uptimePercent } from '@stratum/core/monitoring/stats';
import type { Db } from '../../db/database';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { windowOf } from './presenters';
import { assertOwnChecks, uptimeSamples } from './repository';
import { withMonitoringTables, type MonitoringTables } from './tables';

const HOUR_MS = 3_600_000;
const pageNotFound = () => new AppError('monitoring/not_found', 'This status page does not exist');

/** Issue 16 §3: a per-user public status page, off until its owner switches it on. */
export class StatusPageService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  private get mdb() {
    return withMonitoringTables(this.db);
  }

  async settings(userId: string): Promise<TStatusPageSettings> {
    const row = await this.mdb
      .selectFrom('monitor_status_pages')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return { isEnabled: false, slug: null, title: 'Service status', checkIds: [] };
    return { isEnabled: row.is_enabled, slug: row.slug, title: row.title, checkIds: row.check_ids };
  }

  async update(
    userId: string,
    actor: AuditActor,
    input: { isEnabled: boolean; slug: string; title: string; checkIds: string[] },
  ): Promise<TStatusPageSettings> {
    const checkIds = [...new Set(input.checkIds)];
    const before = await this.settings(userId);
    await this.db.transaction().execute(async (appTrx) => {
      const trx = appTrx.withTables<MonitoringTables>();
      await assertOwnChecks(trx, userId, checkIds, 'The page can only show your own checks');
      const taken = await trx
        .selectFrom('monitor_status_pages')
        .select('user_id')
        .where('slug', '=', input.slug)
        .where('user_id', '<>', userId)
        .executeTakeFirst();
      if (taken)
        throw new AppError('monitoring/slug_taken', 'That address is taken: choose another');
      const values = {
        slug: input.slug,
        title: input.title,
        is_enabled: input.isEnabled,
        check_ids: checkIds,
        updated_at: this.now(),
      };
      await trx
        .insertInto('monitor_status_pages')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
      await writeAudit(appTrx, actor, {
        action: 'monitoring.status_page',
        targetType: 'monitor-status-page',
        targetId: userId,
        before,
        after: { isEnabled: input.isEnabled, slug: input.slug, title: input.title, checkIds },
      });
    });
    return this.settings(userId);
  }

  /** What a visitor of /status/<slug> sees: names, states, uptime. Never a target. */
  async publicView(slug: string): Promise<TPublicStatus> {
    const page = await this.mdb
      .selectFrom('monitor_status_pages')
      .selectAll()
      .where('slug', '=', slug.trim().toLowerCase())
      .where('is_enabled', '=', true)
      .executeTakeFirst();
    if (!page) throw pageNotFound();
    let query = this.mdb
      .selectFrom('monitor_checks')
      .select(['id', 'name', 'kind', 'state', 'is_paused'])
      .where('user_id', '=', page.user_id)
      .orderBy('created_at');
    if (page.check_ids.length > 0) query = query.where('id', 'in', page.check_ids);
    const checks = await query.execute();
    const now = this.now();
    const ids = checks.map((c) => c.id);
    const dayAgo = new Date(now.getTime() - 24 * HOUR_MS);
    const firstHour = hourOf(new Date(now.getTime() - 23 * HOUR_MS));
    const [h24, d30, windows, hourly] = await Promise.all([
      uptimeSamples(this.mdb, ids, dayAgo),
      uptimeSamples(this.mdb, ids, new Date(now.getTime() - 30 * 24 * HOUR_MS)),
      this.mdb
        .selectFrom('monitor_maintenance')
        .selectAll()
        .where('user_id', '=', page.user_id)
        .where('starts_at', '<=', now)
        .where('ends_at', '>', now)
        .execute(),
      ids.length === 0
        ? Promise.resolve([])
        : this.mdb
            .selectFrom('monitor_results')
            .select((eb) => [
              'check_id',
              sql<Date>`date_trunc('hour', at, 'UTC')`.as('hour'),
              eb.fn.countAll<number>().as('total'),
              eb.fn.count<number>(eb.case().when('is_up', '=', true).then(1).end()).as('up'),
            ])
            .where('check_id', 'in', ids)
            .where('at', '>=', firstHour)
            .groupBy(['check_id', sql`date_trunc('hour', at, 'UTC')`])
            .execute(),
    ]);
    return {
      title: page.title,
      updatedAt: now.toISOString(),
      checks: checks.map((c) => {
        const hours = Array.from({ length: 24 }, (_, i) => {
          const start = firstHour.getTime() + i * HOUR_MS;
          const row = hourly.find(
            (h) => h.check_id === c.id && new Date(h.hour).getTime() === start,
          );
          return row ? uptimePercent([{ total: Number(row.total), up: Number(row.up) }]) : null;
        });
        return {
          name: c.name,
          kind: c.kind,
          state: c.is_paused ? 'paused' : c.state,
          isInMaintenance: isInMaintenance(windows.map(windowOf), c.id, now),
          uptime24h: uptimePercent(h24.get(c.id) ?? []),
          uptime30d: uptimePercent(d30.get(c.id) ?? []),
          hours,
        };
      }),
    };
  }
}
