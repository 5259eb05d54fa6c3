import type { TCloud } from '../iac/types';
import { PRICE_ROWS, PRICE_SOURCES, type TPriceKey, type TPriceRow } from './price-table';

/** A month is 730 hours, as the price catalog's convention says. */
export const HOURS_PER_MONTH = 730;

/** Where each cloud's managed-service rows mostly are: the region to fall back on. */
const REFERENCE_REGION: Record<TCloud, string> = {
  aws: 'us-east-1',
  azure: 'eastus',
  gcp: 'us-central1',
  oci: '',
};

/** One line of an estimate (the contract's `ZResourcePrice`). */
export interface TPriceLine {
  label: string;
  sku: string;
  region: string;
  unit: string;
  unitPrice: number;
  quantity: number;
  monthly: number;
  asOf: string;
  source: string;
  note: string | null;
}

const byKeyAndSku = new Map<string, TPriceRow[]>();
for (const row of PRICE_ROWS) {
  const id = `${row[0]}|${row[1]}`;
  byKeyAndSku.set(id, [...(byKeyAndSku.get(id) ?? []), row]);
}

/**
 * The row for `sku` in `region`; else the cloud's reference region, else the only region the
 * table has. `fallback` says which region was used instead of the one asked for.
 */
export function findPrice(
  cloud: TCloud,
  key: TPriceKey,
  sku: string,
  region: string,
): { row: TPriceRow; fallback: boolean } | undefined {
  const rows = byKeyAndSku.get(`${key}|${sku}`);
  if (!rows || rows.length === 0) return undefined;
  const exact = rows.find((r) => r[2] === region);
  if (exact) return { row: exact, fallback: false };
  const row = rows.find((r) => r[2] === REFERENCE_REGION[cloud]) ?? rows[0];
  return row ? { row, fallback: true } : undefined;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** Collects the lines of one resource's estimate and what could not be priced. */
export class EstimateBuilder {
  readonly lines: TPriceLine[] = [];
  readonly missing: string[] = [];

  constructor(
    readonly cloud: TCloud,
    readonly region: string,
  ) {}

  /** Adds `quantity` units of the row for `sku`, or records `label (sku)` as unpriced. */
  add(label: string, key: TPriceKey, sku: string, quantity: number): void {
    const found = findPrice(this.cloud, key, sku, this.region);
    if (!found) {
      this.missing.push(`${label} (${sku}): no list price in the price table`);
      return;
    }
    const [, , region, unit, price, asOf, source, note] = found.row;
    const notes = [
      ...(found.fallback ? [`list price in ${region}; none in the table for ${this.region}`] : []),
      ...(note ? [note] : []),
    ];
    this.lines.push({
      label,
      sku,
      region,
      unit,
      unitPrice: price,
      quantity,
      monthly: cents(price * quantity),
      asOf,
      source: PRICE_SOURCES[source],
      note: notes.length > 0 ? notes.join('; ') : null,
    });
  }

  /** Hourly rows for a month: 730 hours × `count`. */
  addHourly(label: string, key: TPriceKey, sku: string, count = 1): void {
    this.add(label, key, sku, HOURS_PER_MONTH * count);
  }

  miss(text: string): void {
    this.missing.push(text);
  }
}
