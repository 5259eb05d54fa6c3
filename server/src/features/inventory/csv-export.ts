import type { TAssetQuery } from '@stratum/core/contract/inventory/assets';
import type { TAsset } from '@stratum/core/contract/inventory/model';
import { AppError } from '../../lib/errors';
import { allAssets } from './asset-queries';
import type { InventoryDb } from './tables';

const COLUMNS = {
  address: (a: TAsset) => a.address,
  name: (a: TAsset) => a.name,
  type: (a: TAsset) => a.type,
  provider: (a: TAsset) => a.provider ?? '',
  cloud: (a: TAsset) => a.cloud ?? '',
  region: (a: TAsset) => a.region ?? '',
  cloudId: (a: TAsset) => a.cloudId ?? '',
  module: (a: TAsset) => a.module ?? '',
  tags: (a: TAsset) =>
    Object.entries(a.tags)
      .map(([k, v]) => `${k}=${v}`)
      .join('; '),
  source: (a: TAsset) => a.sourceName,
  lastSeenAt: (a: TAsset) => a.lastSeenAt,
} as const;
type TColumn = keyof typeof COLUMNS;
const ALL = Object.keys(COLUMNS) as TColumn[];

/**
 * One CSV cell: quoted when it holds a quote, comma or line break; a cell a spreadsheet would
 * run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a leading `'`.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function columnsOf(list: string | undefined): TColumn[] {
  if (list === undefined || list.trim() === '') return ALL;
  const names = list
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(n in COLUMNS));
  if (unknown.length > 0) {
    throw new AppError(
      'request/invalid',
      `Unknown column ${unknown.map((u) => `"${u}"`).join(', ')}; the columns are ${ALL.join(', ')}.`,
    );
  }
  return names as TColumn[];
}

/** The filtered assets as CSV (RFC 4180, CRLF line ends), the header row first. */
export async function assetsCsv(
  db: InventoryDb,
  userId: string,
  query: Omit<TAssetQuery, 'page' | 'limit'> & { columns?: string },
): Promise<string> {
  const columns = columnsOf(query.columns);
  const lines = [columns.join(',')];
  for await (const page of allAssets(db, userId, query)) {
    for (const asset of page) lines.push(columns.map((c) => csvCell(COLUMNS[c](asset))).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
