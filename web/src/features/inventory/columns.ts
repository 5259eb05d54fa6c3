import type { TAsset } from '@stratum/core/contract/inventory/model';
import { INVENTORY_COLUMNS_KEY, readString, writeString } from '../../lib/storage';

/** The table's columns; `id` is the asset field the server's CSV export names too. */
export const ASSET_COLUMNS = [
  { id: 'address', label: 'Address', width: 320 },
  { id: 'name', label: 'Name', width: 200 },
  { id: 'type', label: 'Type', width: 220 },
  { id: 'cloud', label: 'Cloud', width: 80 },
  { id: 'region', label: 'Region', width: 130 },
  { id: 'sourceName', label: 'Source', width: 150 },
  { id: 'module', label: 'Module', width: 200 },
  { id: 'provider', label: 'Provider', width: 120 },
  { id: 'cloudId', label: 'Cloud id', width: 240 },
  { id: 'tags', label: 'Tags', width: 260 },
  { id: 'lastSeenAt', label: 'Last seen', width: 170 },
] as const;
export type TColumnId = (typeof ASSET_COLUMNS)[number]['id'];

export const DEFAULT_COLUMNS: readonly TColumnId[] = [
  'address',
  'type',
  'cloud',
  'region',
  'sourceName',
];

const COLUMNS_KEY = INVENTORY_COLUMNS_KEY;
const isColumnId = (v: unknown): v is TColumnId => ASSET_COLUMNS.some((c) => c.id === v);

/** The columns chosen last time in this browser (the address is always shown). */
export function readColumns(): TColumnId[] {
  try {
    const parsed: unknown = JSON.parse(readString(COLUMNS_KEY) ?? 'null');
    if (Array.isArray(parsed)) {
      const ids = parsed.filter(isColumnId);
      if (ids.length > 0) return ids.includes('address') ? ids : ['address', ...ids];
    }
  } catch {
    // unreadable: the defaults
  }
  return [...DEFAULT_COLUMNS];
}

export function writeColumns(columns: readonly TColumnId[]): void {
  writeString(COLUMNS_KEY, JSON.stringify(columns));
}

/** A cell's text; tags as `key=value` pairs. */
export function cellText(asset: TAsset, column: TColumnId): string {
  switch (column) {
    case 'tags':
      return Object.entries(asset.tags)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ');
    case 'lastSeenAt':
      return new Date(asset.lastSeenAt).toLocaleString();
    default:
      return asset[column] ?? '—';
  }
}
