import { priceKey } from '@stratum/core/costing/book';
import type { TImportedPrice, TReadSink } from './types';

interface TCandidate {
  row: TImportedPrice;
  /** Where the tier starts, in the provider's unit. */
  tierStart: number;
  probe: number;
}

/**
 * For formats that list each tier as its own record (Azure items, GCP tiered rates): keeps,
 * per key of the book, the tier that holds the SKU's probe usage, and the cheaper of two
 * records of one tier (Azure lists a Linux and a Windows meter of one VM size, Linux cheaper).
 * Only mapped records are kept, so memory follows the book, not the file.
 */
export class TierPicker {
  private readonly best = new Map<string, TCandidate>();

  constructor(private readonly cloud: string) {}

  offer(row: TImportedPrice, tierStart: number, probe: number): void {
    if (tierStart > probe) return;
    const key = priceKey(this.cloud, row.family, row.sku, row.region);
    const kept = this.best.get(key);
    const isBetter =
      !kept ||
      tierStart > kept.tierStart ||
      (tierStart === kept.tierStart && row.price < kept.row.price);
    if (isBetter) this.best.set(key, { row, tierStart, probe });
  }

  /** Sends every kept row; returns how many. */
  flush(sink: TReadSink): number {
    for (const c of this.best.values()) sink.price(c.row);
    const n = this.best.size;
    this.best.clear();
    return n;
  }
}
