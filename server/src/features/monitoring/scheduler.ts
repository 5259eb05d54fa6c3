import type { Inbox } from '@stratum/core/inbox';
import { isInMaintenance } from '@stratum/core/monitoring/maintenance';
import { nextCheckState } from '@stratum/core/monitoring/state';
import type { Db } from '../../db/database';
import { tryAcquireLease } from '../../lib/lease';
import { Ticker } from '../../lib/ticker';
import { alertText, deliverWebhook, type StateAlert, type WebhookDeps } from './alerts';
import { runProbe, type ProbeDeps, type ProbeResult } from './probes';
import { claimDueChecks, rollUpAndPrune } from './repository';
import { unsealHeaders, unsealWebhookSecret } from './sealing';
import { withMonitoringTables, type CheckRow, type MonitoringTables } from './tables';

/** How often each process looks for due checks (the shortest interval is 30 s). */
export const TICK_MS = 5_000;
const CLAIM_BATCH = 20;
/** The retention sweep runs at most this often, in one process (its lease). */
const RETENTION_EVERY_MS = 10 * 60_000;
const RETENTION_LEASE = 'monitoring-retention';

export interface SchedulerDeps {
  db: Db;
  probe: Omit<ProbeDeps, 'now'>;
  webhook: Omit<WebhookDeps, 'now'>;
  inbox: Inbox<Db>;
  /** Sends the alert e-mail to the owner; absent: e-mail alerts are off on this server. */
  mail?: (to: string, alert: StateAlert, text: { subject: string; body: string }) => Promise<void>;
  encryptionKey: Buffer;
  /** The scheduler's clock; tests drive it forward instead of waiting. */
  now: () => Date;
  /** Names this process as a lease holder. */
  holder: string;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * Runs due checks on the server, signed in or not. Every process ticks; each due check is
 * claimed atomically in PostgreSQL, so with N processes it still runs once per interval.
 */
export class MonitorScheduler {
  private readonly ticker = new Ticker(
    TICK_MS,
    () => this.tick(),
    (e) => this.deps.log.error({ err: e }, 'monitoring tick failed'),
  );
  /** E-mails and webhook deliveries still under way (tests wait for them). */
  private readonly pending = new Set<Promise<unknown>>();
  /** Aborted by `stop()`: probes and webhook retries end, so shutdown is not held up. */
  private readonly stopping = new AbortController();
  private lastRetentionAt = 0;

  constructor(private readonly deps: SchedulerDeps) {}

  private get db() {
    return withMonitoringTables(this.deps.db);
  }

  start(): void {
    this.ticker.start();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.ticker.stop();
  }

  /** Deliveries still in flight (tests wait for them). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private async tick(): Promise<void> {
    const now = this.deps.now();
    await this.runDue(now);
    if (now.getTime() - this.lastRetentionAt >= RETENTION_EVERY_MS) {
      this.lastRetentionAt = now.getTime();
      await this.retention(now);
    }
  }

  /** Runs every check due at `now` that this process claims; answers how many it ran. */
  async runDue(now = this.deps.now()): Promise<number> {
    let ran = 0;
    for (;;) {
      const claimed = await claimDueChecks(this.db, now, CLAIM_BATCH);
      await Promise.all(claimed.map((check) => this.runClaimed(check, now)));
      ran += claimed.length;
      if (claimed.length < CLAIM_BATCH) return ran;
    }
  }

  /**
   * The retention sweep, in the one process that takes its lease. The lease is not released:
   * it expires after a sweep period, so the other processes skip this period's sweep.
   */
  async retention(now = this.deps.now()): Promise<boolean> {
    if (
      !(await tryAcquireLease(this.deps.db, RETENTION_LEASE, this.deps.holder, RETENTION_EVERY_MS))
    ) {
      return false;
    }
    await rollUpAndPrune(this.db, now);
    return true;
  }

  /** Runs one check now (the owner's "Run now" or a claimed due run) and records the result. */
  async runClaimed(check: CheckRow, at = this.deps.now()): Promise<void> {
    let result: ProbeResult;
    try {
      result = await runProbe(
        { ...this.deps.probe, now: () => at },
        {
          userId: check.user_id,
          target: check.target,
          headers: unsealHeaders(this.deps.encryptionKey, check),
          timeoutMs: check.timeout_seconds * 1000,
          signal: this.stopping.signal,
        },
      );
    } catch (error) {
      this.deps.log.error({ err: error, checkId: check.id }, 'monitoring probe failed');
      result = { isUp: false, error: 'The check could not run', latencyMs: null, statusCode: null };
    }
    // Cut short by shutdown: not a verdict on the target; the next run decides.
    if (this.stopping.signal.aborted) return;
    const alert = await this.record(check.id, result, at);
    if (alert) this.notifyOutside(alert);
  }

  /**
   * Stores a run and its consequences in one transaction on the locked check: the result, the
   * new state, the incident opened or closed, and the owner's message. Answers what to send
   * outside the transaction (e-mail, webhook), or null.
   */
  private async record(
    checkId: string,
    result: ProbeResult,
    at: Date,
  ): Promise<(StateAlert & { row: CheckRow; email: string | null }) | null> {
    return this.deps.db.transaction().execute(async (appTrx) => {
      const trx = appTrx.withTables<MonitoringTables>();
      const row = await trx
        .selectFrom('monitor_checks')
        .selectAll()
        .where('id', '=', checkId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return null; // deleted while it ran
      const step = nextCheckState(
        { state: row.state, failStreak: row.fail_streak },
        result.isUp,
        row.retries,
      );
      await trx
        .insertInto('monitor_results')
        .values({
          check_id: row.id,
          at,
          is_up: result.isUp,
          latency_ms: result.latencyMs,
          status_code: result.statusCode,
          error: result.error,
        })
        .execute();
      await trx
        .updateTable('monitor_checks')
        .set({
          state: step.state,
          fail_streak: step.failStreak,
          last_checked_at: at,
          last_latency_ms: result.latencyMs,
          last_status_code: result.statusCode,
          last_error: result.error,
          ...(step.state !== row.state && { state_changed_at: at }),
        })
        .where('id', '=', row.id)
        .execute();
      if (!step.transition) return null;
      const windows = await trx
        .selectFrom('monitor_maintenance')
        .select(['starts_at', 'ends_at', 'check_ids'])
        .where('user_id', '=', row.user_id)
        .where('starts_at', '<=', at)
        .where('ends_at', '>', at)
        .execute();
      const isSilenced = isInMaintenance(
        windows.map((w) => ({ startsAt: w.starts_at, endsAt: w.ends_at, checkIds: w.check_ids })),
        row.id,
        at,
      );
      let downSince: Date | null = null;
      if (step.transition === 'down') {
        await trx
          .insertInto('monitor_incidents')
          .values({
            check_id: row.id,
            user_id: row.user_id,
            started_at: at,
            cause: result.error ?? 'The check failed',
            is_silenced: isSilenced,
          })
          .execute();
      } else {
        const closed = await trx
          .updateTable('monitor_incidents')
          .set({ ended_at: at })
          .where('check_id', '=', row.id)
          .where('ended_at', 'is', null)
          .returning(['started_at'])
          .execute();
        downSince = closed[0]?.started_at ?? null;
      }
      if (isSilenced) return null;
      const user = await appTrx
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'last_name'])
        .where('id', '=', row.user_id)
        .executeTakeFirst();
      if (!user) return null;
      const alert: StateAlert = {
        checkId: row.id,
        checkName: row.name,
        kind: row.kind,
        transition: step.transition,
        at,
        error: result.error,
        downSince,
      };
      await this.deps.inbox.sendSystem(
        appTrx,
        { id: user.id, firstName: user.first_name, lastName: user.last_name },
        alertText(alert),
      );
      return { ...alert, row, email: user.email };
    });
  }

  /** E-mail and webhook: after the commit, never holding the check's lock; retried in the background. */
  private notifyOutside(alert: StateAlert & { row: CheckRow; email: string | null }): void {
    const { row } = alert;
    const text = alertText(alert);
    if (row.notify_email && alert.email && this.deps.mail) {
      this.track(
        this.deps
          .mail(alert.email, alert, text)
          .catch((e: unknown) =>
            this.deps.log.warn({ err: e, checkId: row.id }, 'monitoring alert e-mail failed'),
          ),
      );
    }
    if (row.webhook_url) {
      this.track(
        deliverWebhook(
          { ...this.deps.webhook, now: this.deps.now, signal: this.stopping.signal },
          row.webhook_url,
          unsealWebhookSecret(this.deps.encryptionKey, row),
          alert,
        ).then((outcome) => {
          if (!outcome.isDelivered) {
            this.deps.log.warn(
              { checkId: row.id, attempts: outcome.attempts, error: outcome.lastError },
              'monitoring webhook not delivered',
            );
          }
        }),
      );
    }
  }

  private track(promise: Promise<unknown>): void {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise));
  }
}
