import { priceKey } from '@stratum/core/costing/book';
import {
  mapAwsProduct,
  pickDimension,
  type TAttrs,
  type TAwsDimension,
  type TAwsTarget,
} from './aws-products';
import { isoDate, tidy, type TImportedPrice, type TReadSink } from './types';

/**
 * What the two forms of an AWS offer file (JSON, CSV) share: products mapped once, their
 * on-demand dimensions turned into the book's rows. Only mapped products are remembered, so
 * memory follows the book's families, not the file's size.
 */
export class AwsCollector {
  private readonly mapped = new Map<string, TAwsTarget>();
  private readonly priced = new Set<string>();
  private readonly dearest = new Map<string, TImportedPrice>();
  offerCode = '';
  hasPublicationDate = false;

  constructor(private readonly sink: TReadSink) {}

  /** A product read: counted, and mapped or skipped with its reason. */
  product(sku: string, attrs: TAttrs): void {
    this.sink.record();
    const result = mapAwsProduct(attrs);
    if (typeof result === 'string') this.sink.skip(result);
    else this.mapped.set(sku, result);
  }

  isMapped(sku: string): boolean {
    return this.mapped.has(sku);
  }

  /** The on-demand dimensions of one product (every term of it). */
  terms(sku: string, dims: readonly TAwsDimension[], effectiveDate: string | undefined): void {
    const t = this.mapped.get(sku);
    if (!t || this.priced.has(sku)) return;
    const dim = pickDimension(t, dims);
    this.priced.add(sku);
    if (typeof dim === 'string') {
      this.sink.skip(dim);
      return;
    }
    const row: TImportedPrice = {
      family: t.family,
      sku: t.sku,
      region: t.region,
      unit: t.unit,
      price: tidy((dim.usd as number) * t.factor),
      locator: `${this.offerCode ? `${this.offerCode} ` : ''}products["${sku}"] ${dim.locator}`,
      attrs: t.attrs,
      note: t.note,
      derived: false,
      // The file's publication date is every row's date; a file without one gives the term's.
      ...(!this.hasPublicationDate && { asOf: isoDate(effectiveDate) }),
    };
    if (!t.keepMax) {
      this.sink.price(row);
      return;
    }
    const key = priceKey('aws', t.family, t.sku, t.region);
    const kept = this.dearest.get(key);
    if (!kept || row.price > kept.price) this.dearest.set(key, row);
  }

  /** Mapped products that had no on-demand price are skipped; kept maxima are sent. */
  finish(): void {
    for (const sku of this.mapped.keys()) {
      if (!this.priced.has(sku)) this.sink.skip('no on-demand price');
    }
    for (const row of this.dearest.values()) this.sink.price(row);
  }
}
