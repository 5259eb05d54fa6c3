import type { z } from 'zod';
import {
  MONITOR_LIMITS,
  type TCheck,
  type ZCheckInput,
} from '@stratum/core/contract/monitoring/check';
import type { Db } from '../../db/database';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { ClusterPages } from './probes';
import { HIDDEN_VALUE, presentCheck, windowOf } from './presenters';
import { isUuid, uptimeSamples } from './repository';
import type { MonitorScheduler } from './scheduler';
import { sealHeaders, sealWebhookSecret, unsealHeaders } from './sealing';
import { withMonitoringTables, type CheckRow, type MonitoringTables } from './tables';

type CheckInput = z.output<typeof ZCheckInput>;
const DAY_MS = 86_400_000;
const TARGET = 'monitor-check';

export const checkNotFound = () => new AppError('monitoring/not_found', 'Check not found');

export interface ChecksDeps {
  db: Db;
  encryptionKey: Buffer;
  clusters: ClusterPages;
  scheduler: MonitorScheduler;
  now: () => Date;
}

/** What an audit entry keeps of a check: no header values, no webhook secret. */
const auditView = (row: CheckRow) => ({
  name: row.name,
  kind: row.kind,
  target: row.target,
  intervalSeconds: row.interval_seconds,
  timeoutSeconds: row.timeout_seconds,
  retries: row.retries,
  isPaused: row.is_paused,
  notifyEmail: row.notify_email,
  webhookUrl: row.webhook_url,
});

/** Issue 16 §1: the owner's checks. */
export class ChecksService {
  constructor(private readonly deps: ChecksDeps) {}

  private get db() {
    return withMonitoringTables(this.deps.db);
  }

  /** Rows presented with uptime and maintenance state, in one query each. */
  async present(userId: string, rows: CheckRow[]): Promise<TCheck[]> {
    const now = this.deps.now();
    const ids = rows.map((r) => r.id);
    const since = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const [h24, d7, d30, windows] = await Promise.all([
      uptimeSamples(this.db, ids, since(1)),
      uptimeSamples(this.db, ids, since(7)),
      uptimeSamples(this.db, ids, since(30)),
      this.db
        .selectFrom('monitor_maintenance')
        .selectAll()
        .where('user_id', '=', userId)
        .where('starts_at', '<=', now)
        .where('ends_at', '>', now)
        .execute(),
    ]);
    return rows.map((row) =>
      presentCheck(
        row,
        { h24: h24.get(row.id) ?? [], d7: d7.get(row.id) ?? [], d30: d30.get(row.id) ?? [] },
        windows.map(windowOf),
        now,
      ),
    );
  }

  async list(userId: string): Promise<TCheck[]> {
    const rows = await this.db
      .selectFrom('monitor_checks')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return this.present(userId, rows);
  }

  async row(userId: string, id: string): Promise<CheckRow> {
    if (!isUuid(id)) throw checkNotFound();
    const row = await this.db
      .selectFrom('monitor_checks')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw checkNotFound();
    return row;
  }

  async get(userId: string, id: string): Promise<TCheck> {
    const [check] = await this.present(userId, [await this.row(userId, id)]);
    return check!;
  }

  /**
   * A Kubernetes check's cluster must be the user's. One that is the user's but does not answer
   * now is accepted: watching a cluster that is down is what the check is for.
   */
  private async assertOwnCluster(userId: string, input: CheckInput): Promise<void> {
    if (input.target.kind !== 'k8s') return;
    try {
      await this.deps.clusters.listPage(userId, input.target.clusterId, 'nodes', undefined);
    } catch (error) {
      if (error instanceof AppError && error.code === 'k8s/cluster_not_found') throw error;
    }
  }

  private columns(input: CheckInput, headers: { name: string; value: string }[]) {
    const target =
      input.target.kind === 'http'
        ? { ...input.target, headers: headers.map((h) => ({ name: h.name, value: '' })) }
        : input.target;
    return {
      name: input.name,
      kind: input.target.kind,
      target: JSON.stringify(target),
      headers_secret: sealHeaders(this.deps.encryptionKey, headers),
      interval_seconds: input.intervalSeconds,
      timeout_seconds: input.timeoutSeconds,
      retries: input.retries,
      is_paused: input.isPaused,
      notify_email: input.notifyEmail,
      webhook_url: input.webhookUrl,
    };
  }

  async create(userId: string, actor: AuditActor, input: CheckInput): Promise<TCheck> {
    await this.assertOwnCluster(userId, input);
    const headers = input.target.kind === 'http' ? input.target.headers : [];
    if (headers.some((h) => h.value === HIDDEN_VALUE)) {
      throw new AppError('monitoring/invalid', 'Type the header values in full');
    }
    const row = await this.deps.db.transaction().execute(async (appTrx) => {
      const trx = appTrx.withTables<MonitoringTables>();
      // Serialises one user's creations, so two at once cannot both pass the cap.
      await appTrx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
      const count = await trx
        .selectFrom('monitor_checks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(count?.n ?? 0) >= MONITOR_LIMITS.maxChecks) {
        throw new AppError(
          'monitoring/too_many_checks',
          `You have ${MONITOR_LIMITS.maxChecks} checks, the most there may be. Remove one to add another.`,
        );
      }
      const inserted = await trx
        .insertInto('monitor_checks')
        .values({
          user_id: userId,
          ...this.columns(input, headers),
          webhook_secret: sealWebhookSecret(this.deps.encryptionKey, input.webhookSecret ?? null),
          // The first run is due at once.
          next_run_at: this.deps.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeAudit(appTrx, actor, {
        action: 'monitoring.create',
        targetType: TARGET,
        targetId: inserted.id,
        after: auditView(inserted),
      });
      return inserted;
    });
    return this.get(userId, row.id);
  }

  async update(userId: string, actor: AuditActor, id: string, input: CheckInput): Promise<TCheck> {
    const before = await this.row(userId, id);
    await this.assertOwnCluster(userId, input);
    // A header shown hidden keeps its stored value; one re-typed replaces it.
    const stored = new Map(
      unsealHeaders(this.deps.encryptionKey, before).map((h) => [h.name.toLowerCase(), h.value]),
    );
    const headers =
      input.target.kind === 'http'
        ? input.target.headers.map((h) => {
            if (h.value !== HIDDEN_VALUE) return h;
            const kept = stored.get(h.name.toLowerCase());
            if (kept === undefined)
              throw new AppError('monitoring/invalid', `Type the value of the header ${h.name}`);
            return { name: h.name, value: kept };
          })
        : [];
    const isRetimed =
      before.interval_seconds !== input.intervalSeconds || (before.is_paused && !input.isPaused);
    await this.deps.db.transaction().execute(async (appTrx) => {
      const trx = appTrx.withTables<MonitoringTables>();
      const after = await trx
        .updateTable('monitor_checks')
        .set({
          ...this.columns(input, headers),
          ...(input.webhookSecret !== undefined && {
            webhook_secret: sealWebhookSecret(this.deps.encryptionKey, input.webhookSecret),
          }),
          ...(isRetimed && { next_run_at: this.deps.now() }),
          updated_at: this.deps.now(),
        })
        .where('id', '=', before.id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
      if (!after) throw checkNotFound();
      await writeAudit(appTrx, actor, {
        action: 'monitoring.update',
        targetType: TARGET,
        targetId: before.id,
        before: auditView(before),
        after: auditView(after),
      });
    });
    return this.get(userId, id);
  }

  async remove(userId: string, actor: AuditActor, id: string): Promise<void> {
    const before = await this.row(userId, id);
    await this.deps.db.transaction().execute(async (appTrx) => {
      const deleted = await appTrx
        .withTables<MonitoringTables>()
        .deleteFrom('monitor_checks')
        .where('id', '=', before.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (deleted.numDeletedRows === 0n) throw checkNotFound();
      await writeAudit(appTrx, actor, {
        action: 'monitoring.delete',
        targetType: TARGET,
        targetId: before.id,
        before: auditView(before),
      });
    });
  }

  /** "Run now": a run like a scheduled one (retries and alerts apply); the next is an interval later. */
  async runNow(userId: string, actor: AuditActor, id: string): Promise<TCheck> {
    const check = await this.row(userId, id);
    const now = this.deps.now();
    await this.deps.db.transaction().execute(async (appTrx) => {
      await appTrx
        .withTables<MonitoringTables>()
        .updateTable('monitor_checks')
        .set({ next_run_at: new Date(now.getTime() + check.interval_seconds * 1000) })
        .where('id', '=', check.id)
        .execute();
      await writeAudit(appTrx, actor, {
        action: 'monitoring.run',
        targetType: TARGET,
        targetId: check.id,
      });
    });
    await this.deps.scheduler.runClaimed(check, now);
    return this.get(userId, id);
  }
}
