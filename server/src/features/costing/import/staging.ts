import { priceKey } from '@stratum/core/costing/book';
import type { TImportedPrice, TReadSink } from './types';
import type { PriceDb } from './tables';

const BATCH = 1000;

/**
 * The sink an import's reader writes to: rows are staged in `price_import_rows` in batches
 * (never visible to the book until applied), skips are counted by reason, and the first of
 * two rows with one key wins (the second counts as skipped).
 */
export class StagingSink implements TReadSink {
  records = 0;
  kept = 0;
  skipped = 0;
  asOf: string | undefined;
  title: string | undefined;
  readonly notes: string[] = [];
  private readonly reasons = new Map<string, number>();
  private readonly keys = new Set<string>();
  private pending: TImportedPrice[] = [];

  constructor(
    private readonly db: PriceDb,
    private readonly importId: string,
    /** The date of rows with none of their own (the file's, or the import's day). */
    private readonly defaultAsOf: () => string,
  ) {}

  price(row: TImportedPrice): void {
    const key = priceKey('', row.family, row.sku, row.region);
    if (this.keys.has(key)) {
      this.skip('same family, SKU and region as an earlier record');
      return;
    }
    this.keys.add(key);
    this.kept += 1;
    this.pending.push(row);
  }

  skip(reason: string): void {
    this.skipped += 1;
    this.reasons.set(reason, (this.reasons.get(reason) ?? 0) + 1);
  }

  record(): void {
    this.records += 1;
  }

  meta(meta: { asOf?: string; title?: string }): void {
    if (meta.asOf) this.asOf = meta.asOf;
    if (meta.title) this.title = meta.title;
  }

  note(text: string): void {
    if (!this.notes.includes(text)) this.notes.push(text);
  }

  get hasBatch(): boolean {
    return this.pending.length >= BATCH;
  }

  /** The skip reasons, most frequent first (at most 20). */
  topReasons(): { reason: string; count: number }[] {
    return [...this.reasons]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason))
      .slice(0, 20);
  }

  async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, BATCH);
      const asOf = this.defaultAsOf();
      await this.db
        .insertInto('price_import_rows')
        .values(
          batch.map((r) => ({
            import_id: this.importId,
            family: r.family,
            sku: r.sku,
            region: r.region,
            unit: r.unit,
            price: r.price,
            as_of: r.asOf ?? asOf,
            locator: r.locator,
            attrs: r.attrs === null ? null : JSON.stringify(r.attrs),
            note: r.note,
            derived: r.derived,
          })),
        )
        .execute();
    }
  }
}
