import type { TCollectionDoc } from '@stratum/core/api-client/model';
import type {
  TCollection,
  TCollectionSummary,
} from '@stratum/core/contract/api-client/collections';
import type {
  TEnvironment,
  TEnvironmentSummary,
} from '@stratum/core/contract/api-client/environments';
import type { THistoryEntry, THistorySummary } from '@stratum/core/contract/api-client/history';
import type { TApiRequest } from '@stratum/core/api-client/model';
import type { CollectionSummaryRow } from './collections-repository';
import type { EnvironmentRow, HistoryRow } from './repository';

export function presentCollectionSummary(row: CollectionSummaryRow): TCollectionSummary {
  return {
    id: row.id,
    name: row.name,
    requestCount: row.request_count,
    revision: row.revision,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function presentCollection(row: CollectionSummaryRow, doc: TCollectionDoc): TCollection {
  return { ...presentCollectionSummary(row), doc };
}

export function presentEnvironmentSummary(
  row: Omit<EnvironmentRow, 'sealed_secrets'>,
): TEnvironmentSummary {
  return {
    id: row.id,
    name: row.name,
    variableCount: row.variables.length,
    revision: row.revision,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Secret values never leave here: '' with `hasValue` (the sealed column is not even read). */
export function presentEnvironment(row: Omit<EnvironmentRow, 'sealed_secrets'>): TEnvironment {
  return {
    ...presentEnvironmentSummary(row),
    variables: row.variables.map((v) => ({
      key: v.key,
      value: v.secret ? '' : v.value,
      secret: v.secret,
      enabled: v.enabled,
      hasValue: v.hasValue,
    })),
  };
}

export function presentHistorySummary(row: Omit<HistoryRow, 'request'>): THistorySummary {
  return {
    id: row.id,
    method: row.method,
    url: row.url,
    status: row.status,
    error: row.error,
    durationMs: row.duration_ms,
    sizeBytes: Number(row.size_bytes),
    collectionId: row.collection_id,
    itemId: row.item_id,
    at: row.created_at.toISOString(),
  };
}

export function presentHistoryEntry(row: HistoryRow, request: TApiRequest): THistoryEntry {
  return { ...presentHistorySummary(row), request };
}
