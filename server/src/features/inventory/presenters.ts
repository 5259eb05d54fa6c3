import type {
  TRefreshSummary,
  TSource,
  TSourceVersion,
} from '@stratum/core/contract/inventory/model';
import type { RefreshRow, SourceRow, VersionRow } from './tables';

export function presentVersion(row: VersionRow): TSourceVersion {
  return {
    id: row.id,
    version: row.version,
    importedAt: row.imported_at.toISOString(),
    bytes: row.bytes,
    sha256: row.sha256,
    counts: row.counts,
    warnings: row.warnings,
    terraformVersion: row.terraform_version,
    serial: row.serial,
    lineage: row.lineage,
    origin: row.origin,
  };
}

/** The refresh without its credentials: only whether there are some. */
export function presentRefresh(row: RefreshRow): TRefreshSummary {
  return {
    kind: row.kind,
    location: row.location,
    intervalMinutes: row.interval_minutes,
    hasCredentials: row.sealed_credentials !== null,
    lastRunAt: row.last_run_at?.toISOString() ?? null,
    lastResult: row.last_result,
    lastOk: row.last_ok,
    nextRunAt: row.next_run_at.toISOString(),
  };
}

export function presentSource(
  row: SourceRow,
  current: VersionRow,
  versionCount: number,
  refresh: RefreshRow | undefined,
): TSource {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    current: presentVersion(current),
    versionCount,
    refresh: refresh ? presentRefresh(refresh) : null,
  };
}
