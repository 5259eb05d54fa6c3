import type {
  TPriceChange,
  TPriceImport,
  TPriceImportFormat,
} from '@stratum/core/contract/admin/price-imports';
import type { TPriceFamily } from '@stratum/core/costing/book';
import type { TCloud } from '@stratum/core/iac/types';
import type { PriceImportChangesTable, PriceImportRow } from './tables';

/** The one place an import row becomes its API shape. */
export function presentImport(row: PriceImportRow, currentId: string | null = null): TPriceImport {
  return {
    id: row.id,
    cloud: row.cloud as TCloud,
    format: row.format as TPriceImportFormat,
    fileName: row.file_name,
    sourceUrl: row.source_url,
    byteSize: row.byte_size,
    bytesRead: row.bytes_read,
    recordsRead: row.records_read,
    rowsKept: row.rows_kept,
    status: row.status,
    error: row.error,
    asOf: row.as_of,
    title: row.title,
    summary: {
      added: row.added,
      changed: row.changed,
      unchanged: row.unchanged,
      removed: row.removed,
      skipped: row.skipped,
    },
    skippedReasons: row.skipped_reasons,
    notes: row.notes,
    isApplied: row.book_revision !== null,
    isCurrent: currentId === row.id,
    createdBy: { id: row.created_by, email: row.created_by_email },
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

export function presentChange(c: PriceImportChangesTable): TPriceChange {
  return {
    kind: c.kind,
    family: c.family as TPriceFamily,
    sku: c.sku,
    region: c.region,
    unit: c.unit,
    oldPrice: c.old_price,
    oldUnit: c.old_unit,
    oldSource: c.old_source,
    oldAsOf: c.old_as_of,
    newPrice: c.new_price,
    newSource: c.new_source,
    newAsOf: c.new_as_of,
  };
}
