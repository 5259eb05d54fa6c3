import { Gauge, type Registry } from 'prom-client';
import type { MonitoringDb } from './tables';

/**
 * Per-check series on the operator's `/metrics` (METRICS_TOKEN): state, last latency and the
 * last run's time, read from the database at each scrape so every process answers the same.
 * Labels are the check's id, name and kind — never its URL, host or headers.
 */
export function registerCheckMetrics(registry: Registry, db: MonitoringDb): void {
  const labelNames = ['check_id', 'check_name', 'kind'] as const;
  const rows = () =>
    db
      .selectFrom('monitor_checks')
      .select(['id', 'name', 'kind', 'state', 'is_paused', 'last_latency_ms', 'last_checked_at'])
      .where('is_paused', '=', false)
      .execute();
  const labels = (r: { id: string; name: string; kind: string }) => ({
    check_id: r.id,
    check_name: r.name,
    kind: r.kind,
  });
  new Gauge({
    name: 'stratum_monitor_check_up',
    help: 'Whether the check is up (1), down (0) or has no verdict yet (-1)',
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await rows()) {
        this.set(labels(r), r.state === 'up' ? 1 : r.state === 'down' ? 0 : -1);
      }
    },
  });
  new Gauge({
    name: 'stratum_monitor_check_latency_seconds',
    help: "The check's last latency",
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await rows()) {
        if (r.last_latency_ms !== null) this.set(labels(r), r.last_latency_ms / 1000);
      }
    },
  });
  new Gauge({
    name: 'stratum_monitor_check_last_run_timestamp_seconds',
    help: 'When the check last ran (Unix time)',
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await rows()) {
        if (r.last_checked_at) this.set(labels(r), r.last_checked_at.getTime() / 1000);
      }
    },
  });
}
