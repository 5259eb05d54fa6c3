/** One stored run, or an hour of runs rolled up (kept after 24 h). */
export interface UptimeSample {
  total: number;
  up: number;
}

/** Uptime in percent over the samples, or null when there was no run. */
export function uptimePercent(samples: readonly UptimeSample[]): number | null {
  let total = 0;
  let up = 0;
  for (const s of samples) {
    total += s.total;
    up += s.up;
  }
  if (total === 0) return null;
  return Math.round((up / total) * 100_000) / 1000;
}

/**
 * The q-th percentile (0-100) by the nearest-rank method: a latency some run really had, which
 * is what Grafana's and Prometheus' readers expect for small samples. Null for no values.
 */
export function percentile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((q / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface LatencyPercentiles {
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

export function latencyPercentiles(values: readonly number[]): LatencyPercentiles {
  return { p50: percentile(values, 50), p95: percentile(values, 95), p99: percentile(values, 99) };
}

export interface RunResult {
  at: Date;
  isUp: boolean;
  latencyMs: number | null;
}

export interface HourRollup extends UptimeSample, LatencyPercentiles {
  hour: Date;
  latencyAvg: number | null;
}

/** The start of the UTC hour `at` falls in. */
export function hourOf(at: Date): Date {
  const hour = new Date(at);
  hour.setUTCMinutes(0, 0, 0);
  return hour;
}

/** Runs grouped by UTC hour, each hour summarised (counts, mean and percentiles of latency). */
export function rollupByHour(results: readonly RunResult[]): HourRollup[] {
  const byHour = new Map<number, RunResult[]>();
  for (const r of results) {
    const key = hourOf(r.at).getTime();
    const list = byHour.get(key) ?? [];
    list.push(r);
    byHour.set(key, list);
  }
  return [...byHour.entries()]
    .sort(([a], [b]) => a - b)
    .map(([key, runs]) => {
      const latencies = runs.flatMap((r) => (r.latencyMs === null ? [] : [r.latencyMs]));
      const sum = latencies.reduce((a, b) => a + b, 0);
      return {
        hour: new Date(key),
        total: runs.length,
        up: runs.filter((r) => r.isUp).length,
        latencyAvg: latencies.length === 0 ? null : Math.round(sum / latencies.length),
        ...latencyPercentiles(latencies),
      };
    });
}
