import { Readable } from 'node:stream';
import { AUDIT_CSV_COLUMNS } from '@stratum/core/contract/audit/export-audit';
import type { TAuditEntry } from '@stratum/core/contract/audit/list-audit-log';
import { presentAuditEntry } from './presenters';
import type { AuditRow } from './repository';

/**
 * One RFC 4180 field. Text a spreadsheet would run as a formula (starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return) is prefixed with `'`, so an e-mail address or a notice
 * title typed by anyone cannot become a formula in the reader's spreadsheet.
 */
export function auditCsvField(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

function fieldOf(entry: TAuditEntry, column: (typeof AUDIT_CSV_COLUMNS)[number]): string {
  const value = entry[column];
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function auditCsvLine(entry: TAuditEntry): string {
  return `${AUDIT_CSV_COLUMNS.map((c) => auditCsvField(fieldOf(entry, c))).join(',')}\r\n`;
}

/** The header, then every row the batches yield, as a stream the reply sends as it is read. */
export function auditCsvStream(batches: AsyncIterable<AuditRow[]>): Readable {
  async function* lines() {
    yield `${AUDIT_CSV_COLUMNS.join(',')}\r\n`;
    for await (const batch of batches) {
      yield batch.map((row) => auditCsvLine(presentAuditEntry(row))).join('');
    }
  }
  return Readable.from(lines());
}
