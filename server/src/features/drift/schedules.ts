import type { z } from 'zod';
import type {
  TDriftSchedule,
  TDriftScan,
  ZDriftScheduleInput,
} from '@stratum/core/contract/drift/scans';
import type { Inbox } from '@stratum/core/inbox';
import type { Db } from '../../db/database';
import { leasedJob } from '../../lib/leased-job';
import { Ticker } from '../../lib/ticker';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { ConnectionsService } from './connections-service';
import type { ClusterLists } from './k8s-reader';
import { presentSchedule } from './presenters';
import { claimDueSchedules, isUuid } from './repository';
import type { DriftSources, ScanService } from './scan-service';
import type { DriftDb, ScheduleRow } from './tables';

const MAX_SCHEDULES = 50;
/** How often each server process looks for due schedules. */
export const SCHEDULE_TICK_MS = 60_000;
const CLAIM_BATCH = 5;
/** Longer than a tick's scans should take; a crashed holder frees it after this. */
const SCHEDULE_LEASE_MS = 10 * 60_000;
const notFound = () => new AppError('drift/not_found', 'Schedule not found');

export interface SchedulesDeps {
  db: DriftDb;
  appDb: Db;
  sources: DriftSources;
  connections: ConnectionsService;
  clusters: ClusterLists;
  scans: ScanService;
  inbox: Inbox<Db>;
  log: { error(obj: object, msg: string): void };
}

/** §5: scans of a source on a schedule, and the message each sends its owner. */
export class SchedulesService {
  /** A tick runs in one process at a time (the claim also keeps each schedule to one run). */
  readonly tick: () => Promise<boolean>;
  private readonly ticker: Ticker;

  constructor(private readonly deps: SchedulesDeps) {
    this.tick = leasedJob(deps.appDb, 'drift-schedules', SCHEDULE_LEASE_MS, () => this.runDue());
    this.ticker = new Ticker(SCHEDULE_TICK_MS, this.tick, (e) =>
      deps.log.error({ err: e }, 'drift schedules tick failed'),
    );
  }

  async list(userId: string): Promise<TDriftSchedule[]> {
    const rows = await this.deps.db
      .selectFrom('drift_schedules')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(presentSchedule);
  }

  async create(
    actor: AuditActor,
    input: z.output<typeof ZDriftScheduleInput>,
    now = new Date(),
  ): Promise<TDriftSchedule> {
    const userId = actor.id;
    const source = await this.deps.sources.current(userId, input.sourceId, {
      withAttributes: false,
    });
    if (!source) throw new AppError('inventory/source_not_found', 'Source not found');
    if (input.actual.kind === 'k8s') {
      // The cluster must be the user's and answer (its error says which it is not).
      await this.deps.clusters.listPage(userId, input.actual.clusterId, 'namespaces', undefined);
    } else if (!(await this.deps.connections.exists(userId, input.actual.connectionId))) {
      throw new AppError('drift/not_found', 'Connection not found');
    }
    const count = await this.deps.db
      .selectFrom('drift_schedules')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(count?.n ?? 0) >= MAX_SCHEDULES) {
      throw new AppError(
        'drift/invalid_scan',
        `You have ${MAX_SCHEDULES} schedules, the most there may be.`,
      );
    }
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('drift_schedules')
        .values({
          user_id: userId,
          source_id: source.id,
          actual_kind: input.actual.kind,
          target_id:
            input.actual.kind === 'aws' ? input.actual.connectionId : input.actual.clusterId,
          interval_minutes: input.intervalMinutes,
          notify: input.notify,
          next_run_at: new Date(now.getTime() + input.intervalMinutes * 60_000),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeAudit(trx, actor, {
        action: 'drift.schedules.create',
        targetType: 'drift_schedule',
        targetId: inserted.id,
        after: presentSchedule(inserted),
      });
      return inserted;
    });
    return presentSchedule(row);
  }

  async remove(actor: AuditActor, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound();
    await this.deps.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('drift_schedules')
        .where('id', '=', id)
        .where('user_id', '=', actor.id)
        .returningAll()
        .executeTakeFirst();
      if (!removed) throw notFound();
      await writeAudit(trx, actor, {
        action: 'drift.schedules.delete',
        targetType: 'drift_schedule',
        targetId: id,
        before: presentSchedule(removed),
      });
    });
  }

  /** Runs every due schedule this process claims; answers how many it ran. */
  async runDue(now = new Date()): Promise<number> {
    let ran = 0;
    for (;;) {
      const claimed = await claimDueSchedules(this.deps.db, now, CLAIM_BATCH);
      for (const schedule of claimed) await this.runOne(schedule, now);
      ran += claimed.length;
      if (claimed.length < CLAIM_BATCH) return ran;
    }
  }

  private async runOne(schedule: ScheduleRow, now: Date): Promise<void> {
    let scan: TDriftScan | undefined;
    let error: string | null = null;
    try {
      scan = await this.deps.scans.run(
        schedule.user_id,
        {
          desired: { sourceId: schedule.source_id },
          actual:
            schedule.actual_kind === 'aws'
              ? { kind: 'aws', connectionId: schedule.target_id }
              : { kind: 'k8s', clusterId: schedule.target_id },
        },
        'schedule',
      );
    } catch (e) {
      error = e instanceof AppError ? e.message : 'The scan failed on the server.';
      if (!(e instanceof AppError)) this.deps.log.error({ err: e }, 'scheduled drift scan failed');
    }
    await this.deps.db
      .updateTable('drift_schedules')
      .set({ last_run_at: now, last_scan_id: scan?.id ?? null, last_error: error })
      .where('id', '=', schedule.id)
      .execute();
    await this.notify(schedule, scan, error).catch((e: unknown) =>
      this.deps.log.error({ err: e }, 'drift schedule message failed'),
    );
  }

  private async notify(schedule: ScheduleRow, scan: TDriftScan | undefined, error: string | null) {
    if (schedule.notify === 'never') return;
    const since = scan?.sincePrevious;
    const drifted = scan
      ? scan.summary.changed + scan.summary.missing + scan.summary.unmanaged + scan.summary.unknown
      : 0;
    const isChanged =
      error !== null ||
      (since ? since.appeared.length > 0 || since.resolved.length > 0 : drifted > 0);
    if (schedule.notify === 'on-change' && !isChanged) return;
    const user = await this.deps.appDb
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('id', '=', schedule.user_id)
      .executeTakeFirst();
    if (!user) return;
    const source = await this.deps.sources.current(schedule.user_id, schedule.source_id, {
      withAttributes: false,
    });
    const name = source?.name ?? 'a source';
    await this.deps.inbox.sendSystem(
      this.deps.appDb,
      { id: user.id, firstName: user.first_name, lastName: user.last_name },
      scan
        ? { subject: `Drift scan of ${name}: ${drifted} drifted`, body: scanMessage(scan) }
        : { subject: `Drift scan of ${name} failed`, body: error ?? 'The scan failed.' },
    );
  }

  /** Every SCHEDULE_TICK_MS; a tick does not start while the previous one still runs. */
  start(): void {
    this.ticker.start();
  }

  stop(): Promise<void> {
    return this.ticker.stop();
  }
}

function scanMessage(scan: TDriftScan): string {
  const s = scan.summary;
  const lines = [
    `In sync: ${s.inSync}. Changed: ${s.changed}. Missing: ${s.missing}. Unmanaged: ${s.unmanaged}. Unknown: ${s.unknown}. Not checked: ${s.notChecked}.`,
  ];
  const since = scan.sincePrevious;
  const list = (xs: string[]) =>
    xs.slice(0, 20).join(', ') + (xs.length > 20 ? ` and ${xs.length - 20} more` : '');
  if (since && since.appeared.length > 0)
    lines.push(`New since the last scan: ${list(since.appeared)}.`);
  if (since && since.resolved.length > 0)
    lines.push(`Resolved since the last scan: ${list(since.resolved)}.`);
  if (!scan.access.detect) lines.push('Upgrade to Pro to see which resources drifted and how.');
  lines.push(`The scan is in the Drift history (scan ${scan.id}).`);
  return lines.join('\n\n');
}
