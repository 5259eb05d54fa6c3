import type { z } from 'zod';
import type {
  TResultPoint,
  TResultRange,
  TIncident,
  ZResultPoint,
} from '@stratum/core/contract/monitoring/results';
import { latencyPercentiles, rollupByHour, uptimePercent } from '@stratum/core/monitoring/stats';
import { presentIncident } from './presenters';
import type { MonitoringDb } from './tables';

const RANGE_MS: Record<TResultRange, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
};

type Point = z.input<typeof ZResultPoint>;

/** Issue 16 §2–3: a check's runs for the chart, and incidents for the timeline. */
export class StatsService {
  constructor(
    private readonly db: MonitoringDb,
    private readonly now: () => Date,
  ) {}

  /**
   * 1 h and 24 h: every run. 7 d: one point per hour, from the rollups and (for the last 24 h)
   * the raw runs rolled up the same way. 7 d percentiles are an estimate: the raw runs plus each
   * older hour's own p50, p95 and p99 as samples (docs/monitoring.md).
   */
  async results(checkId: string, range: TResultRange) {
    const now = this.now();
    const since = new Date(now.getTime() - RANGE_MS[range]);
    const raw = await this.db
      .selectFrom('monitor_results')
      .select(['at', 'is_up', 'latency_ms', 'status_code', 'error'])
      .where('check_id', '=', checkId)
      .where('at', '>=', since)
      .orderBy('at')
      .execute();
    const latencies = raw.flatMap((r) => (r.latency_ms === null ? [] : [r.latency_ms]));
    if (range !== '7d') {
      const points: TResultPoint[] = raw.map((r) => ({
        at: new Date(r.at).toISOString(),
        total: 1,
        up: r.is_up ? 1 : 0,
        latencyMs: r.latency_ms,
        statusCode: r.status_code,
        error: r.error,
      }));
      return {
        range,
        points,
        uptime: uptimePercent(points),
        latency: latencyPercentiles(latencies),
      };
    }
    const rolled = await this.db
      .selectFrom('monitor_rollups')
      .selectAll()
      .where('check_id', '=', checkId)
      .where('hour', '>=', since)
      .orderBy('hour')
      .execute();
    const recent = rollupByHour(
      raw.map((r) => ({ at: new Date(r.at), isUp: r.is_up, latencyMs: r.latency_ms })),
    );
    const hours = new Map<number, Point>();
    for (const r of rolled) {
      hours.set(new Date(r.hour).getTime(), {
        at: new Date(r.hour).toISOString(),
        total: r.total,
        up: r.up,
        latencyMs: r.latency_avg,
        statusCode: null,
        error: null,
      });
    }
    for (const h of recent) {
      const key = h.hour.getTime();
      const old = hours.get(key);
      hours.set(key, {
        at: h.hour.toISOString(),
        total: h.total + (old?.total ?? 0),
        up: h.up + (old?.up ?? 0),
        latencyMs: h.latencyAvg ?? old?.latencyMs ?? null,
        statusCode: null,
        error: null,
      });
    }
    const points = [...hours.entries()].sort(([a], [b]) => a - b).map(([, p]) => p);
    // Older hours contribute their own percentiles as samples: an estimate, said so in the docs.
    const older = rolled
      .flatMap((r) => [r.p50, r.p95, r.p99])
      .filter((v): v is number => v !== null);
    return {
      range,
      points,
      uptime: uptimePercent(points),
      latency: latencyPercentiles([...latencies, ...older]),
    };
  }

  async incidents(
    userId: string,
    checkId: string | undefined,
    limit: number,
  ): Promise<TIncident[]> {
    let query = this.db
      .selectFrom('monitor_incidents as i')
      .innerJoin('monitor_checks as c', 'c.id', 'i.check_id')
      .selectAll('i')
      .select('c.name as check_name')
      .where('i.user_id', '=', userId)
      .orderBy('i.started_at', 'desc')
      .limit(limit);
    if (checkId) query = query.where('i.check_id', '=', checkId);
    return (await query.execute()).map(presentIncident);
  }
}
