import type { PriceBook, TPriceFamily, TPriceUnit } from '@stratum/core/costing/book';
import type { TPriceImportFormat } from '@stratum/core/contract/admin/price-imports';
import type { TCloud } from '@stratum/core/iac/types';

/** One price read from a provider's file, normalised to a row of the book (cloud aside). */
export interface TImportedPrice {
  family: TPriceFamily;
  sku: string;
  region: string;
  unit: TPriceUnit;
  /** USD per `unit`. */
  price: number;
  /** The price list's date for this row; default: the file's (or the import's) date. */
  asOf?: string;
  /** Where in the file the number was read, for anyone checking it. */
  locator: string;
  attrs: Record<string, string | number> | null;
  note: string | null;
  /** Computed from other rows of the file (e.g. GCP per-vCPU and per-GB SKUs × a machine shape). */
  derived: boolean;
}

/** Where a reader sends what it finds; called synchronously from inside the parse. */
export interface TReadSink {
  price(row: TImportedPrice): void;
  /** A record of the file that maps to no family or SKU of the book (not an error). */
  skip(reason: string): void;
  /** One record (product, item, SKU…) read. */
  record(): void;
  meta(meta: { asOf?: string; title?: string }): void;
  /** Something this file or format cannot price, said once. */
  note(text: string): void;
}

/**
 * One provider format (one file each, a registry maps the format to it). `read` consumes the
 * bytes as they come and must never hold the whole file; the source awaits the sink's
 * writes between chunks, so a reader needs no back-pressure of its own.
 */
export interface TPriceListReader {
  format: TPriceImportFormat;
  cloud: TCloud;
  read(source: AsyncIterable<Buffer>, sink: TReadSink, context: TReadContext): Promise<void>;
}

export interface TReadContext {
  /** The book in force before the import: e.g. the machine shapes GCP's per-vCPU SKUs price. */
  book: PriceBook;
}

/** The file is not what its format says: the message names what is wrong and where. */
export class PriceListError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PriceListError';
  }
}

/** A positive finite number from a provider's decimal string or number; undefined otherwise. */
export function toPrice(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** Rounds away binary noise of a unit conversion (0.1 × 730 → 73, not 73.00000000000001). */
export const tidy = (n: number): number => Number.parseFloat(n.toPrecision(12));

/** `2026-08-01T00:00:00Z` → `2026-08-01`; undefined when it is no date. */
export function isoDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return m && !Number.isNaN(Date.parse(m[1] as string)) ? m[1] : undefined;
}
