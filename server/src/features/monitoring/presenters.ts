import type { TCheck, TCheckTarget } from '@stratum/core/contract/monitoring/check';
import type { TMaintenance } from '@stratum/core/contract/monitoring/maintenance';
import type { TIncident } from '@stratum/core/contract/monitoring/results';
import { isInMaintenance, type MaintenanceWindow } from '@stratum/core/monitoring/maintenance';
import { uptimePercent, type UptimeSample } from '@stratum/core/monitoring/stats';
import type { CheckRow, IncidentRow, MaintenanceRow } from './tables';

/** Shown instead of a stored header value: the owner re-types it to change it. */
export const HIDDEN_VALUE = '••••••';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A stored target as the owner sees it: header values hidden. */
export function presentTarget(target: TCheckTarget): TCheckTarget {
  if (target.kind !== 'http') return target;
  return { ...target, headers: target.headers.map((h) => ({ name: h.name, value: HIDDEN_VALUE })) };
}

export interface CheckStats {
  h24: UptimeSample[];
  d7: UptimeSample[];
  d30: UptimeSample[];
}

export function presentCheck(
  row: CheckRow,
  stats: CheckStats,
  windows: readonly MaintenanceWindow[],
  now: Date,
): TCheck {
  return {
    id: row.id,
    name: row.name,
    target: presentTarget(row.target),
    intervalSeconds: row.interval_seconds,
    timeoutSeconds: row.timeout_seconds,
    retries: row.retries,
    isPaused: row.is_paused,
    notifyEmail: row.notify_email,
    webhookUrl: row.webhook_url,
    hasWebhookSecret: row.webhook_secret !== null,
    state: row.is_paused ? 'paused' : row.state,
    stateChangedAt: iso(row.state_changed_at),
    lastCheckedAt: iso(row.last_checked_at),
    lastLatencyMs: row.last_latency_ms,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    nextRunAt: row.is_paused ? null : iso(new Date(row.next_run_at)),
    uptime: {
      h24: uptimePercent(stats.h24),
      d7: uptimePercent(stats.d7),
      d30: uptimePercent(stats.d30),
    },
    isInMaintenance: isInMaintenance(windows, row.id, now),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function presentIncident(row: IncidentRow & { check_name: string }): TIncident {
  return {
    id: row.id,
    checkId: row.check_id,
    checkName: row.check_name,
    startedAt: new Date(row.started_at).toISOString(),
    endedAt: row.ended_at ? new Date(row.ended_at).toISOString() : null,
    cause: row.cause,
    isSilenced: row.is_silenced,
  };
}

export const windowOf = (row: MaintenanceRow): MaintenanceWindow => ({
  startsAt: new Date(row.starts_at),
  endsAt: new Date(row.ends_at),
  checkIds: row.check_ids,
});

export function presentMaintenance(row: MaintenanceRow, now: Date): TMaintenance {
  const w = windowOf(row);
  return {
    id: row.id,
    name: row.name,
    startsAt: w.startsAt.toISOString(),
    endsAt: w.endsAt.toISOString(),
    checkIds: row.check_ids,
    isActive: w.startsAt <= now && now < w.endsAt,
  };
}
