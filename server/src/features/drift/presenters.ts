import type { TCloudConnection } from '@stratum/core/contract/drift/connections';
import type { TDriftSchedule, TDriftScan, TIgnoreRule } from '@stratum/core/contract/drift/scans';
import type { TPlanId } from '@stratum/core/contract/common';
import { hasTwinCapability } from '@stratum/core/plans-gating';
import type { ConnectionRow, IgnoreRuleRow, ScanRow, ScheduleRow } from './tables';

/**
 * A scan as the user's plan allows it (§6 digital twin): free sees the counts (`changes` empty),
 * pro the changes, ultra-pro their recommendations; enterprise may also ask for the patch.
 */
export function presentScan(row: ScanRow, plan: TPlanId): TDriftScan {
  const access = {
    detect: hasTwinCapability(plan, 'detect'),
    recommend: hasTwinCapability(plan, 'recommend'),
    autopr: hasTwinCapability(plan, 'autopr'),
  };
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    sourceId: row.source_id,
    actualKind: row.actual_kind,
    trigger: row.trigger,
    summary: row.summary,
    changes: access.detect
      ? row.changes.map((c) => ({
          ...c,
          // Stored as JSON, an attribute IaC does not set lost its `before` key: put it back.
          attributes: c.attributes.map((a) => ({ path: a.path, before: a.before, after: a.after })),
          recommendation: access.recommend ? c.recommendation : null,
        }))
      : [],
    checkedTypes: row.checked_types,
    notCheckedTypes: row.not_checked_types,
    noise: row.noise,
    ignored: row.ignored,
    warnings: row.warnings,
    planActions: access.detect ? row.plan_actions : [],
    sincePrevious: access.detect ? row.since_previous : null,
    access,
  };
}

export function presentScanItem(row: ScanRow) {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    sourceId: row.source_id,
    actualKind: row.actual_kind,
    trigger: row.trigger,
    summary: row.summary,
  };
}

export function presentRule(row: IgnoreRuleRow): TIgnoreRule {
  return {
    id: row.id,
    addressPattern: row.address_pattern,
    resourceType: row.resource_type,
    attributePath: row.attribute_path,
    note: row.note,
    sourceId: row.source_id,
    createdAt: row.created_at.toISOString(),
  };
}

export function presentSchedule(row: ScheduleRow): TDriftSchedule {
  return {
    id: row.id,
    sourceId: row.source_id,
    actualKind: row.actual_kind,
    targetId: row.target_id,
    intervalMinutes: row.interval_minutes,
    notify: row.notify,
    lastRunAt: row.last_run_at?.toISOString() ?? null,
    lastScanId: row.last_scan_id,
    lastError: row.last_error,
    nextRunAt: row.next_run_at.toISOString(),
  };
}

/** Never the secret: the key id with all but its last 4 characters hidden. */
export function presentConnection(row: ConnectionRow): TCloudConnection {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    region: row.region,
    accessKeyHint: row.access_key_hint,
    endpoint: row.endpoint,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}
