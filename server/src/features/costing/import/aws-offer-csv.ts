import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { AwsCollector } from './aws-collector';
import { normaliseAttr, rangeValue, type TAwsDimension } from './aws-products';
import { PriceListError, isoDate, toPrice, type TPriceListReader } from './types';

/** The price columns of the CSV form; every other column is a product attribute. */
const TERM_COLUMNS = new Set([
  'sku',
  'offertermcode',
  'ratecode',
  'termtype',
  'pricedescription',
  'effectivedate',
  'startingrange',
  'endingrange',
  'unit',
  'priceperunit',
  'currency',
  'leasecontractlength',
  'purchaseoption',
  'offeringclass',
  'relatedto',
]);

/**
 * The AWS offer file in its CSV form: metadata rows (`FormatVersion`, `Publication Date`,
 * `Version`, `OfferCode`…), a header row starting with `SKU`, then one row per price dimension
 * with the product's attributes repeated. Rows are read one at a time.
 */
export const awsOfferCsv: TPriceListReader = {
  format: 'aws-offer-csv',
  cloud: 'aws',
  async read(source, sink) {
    const aws = new AwsCollector(sink);
    const parser = Readable.from(source).pipe(
      parse({ relax_column_count: true, bom: true, skip_empty_lines: true, relax_quotes: false }),
    );
    let header: string[] | undefined;
    let line = 0;
    const meta: Record<string, string> = {};
    const seen = new Set<string>();
    const dims = new Map<string, { dims: TAwsDimension[]; effective?: string }>();
    const col = (name: string) => header?.indexOf(name) ?? -1;
    let at = {
      sku: -1,
      term: -1,
      unit: -1,
      price: -1,
      currency: -1,
      begin: -1,
      end: -1,
      code: -1,
      rate: -1,
      date: -1,
    };
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        line += 1;
        if (!header) {
          const first = normaliseAttr(record[0] ?? '');
          if (first === 'sku') {
            header = record.map(normaliseAttr);
            at = {
              sku: col('sku'),
              term: col('termtype'),
              unit: col('unit'),
              price: col('priceperunit'),
              currency: col('currency'),
              begin: col('startingrange'),
              end: col('endingrange'),
              code: col('offertermcode'),
              rate: col('ratecode'),
              date: col('effectivedate'),
            };
            const missing = ['termtype', 'unit', 'priceperunit'].filter((c) => col(c) < 0);
            if (missing.length > 0) {
              throw new PriceListError(
                `The header row (line ${line}) has no ${missing.join(', ')} column`,
              );
            }
            continue;
          }
          if (line > 20)
            throw new PriceListError(
              'Not an AWS offer CSV: no header row starting with SKU in the first 20 lines',
            );
          meta[first] = record[1] ?? '';
          if (first === 'offercode') aws.offerCode = record[1] ?? '';
          if (first === 'publicationdate' && isoDate(record[1])) {
            aws.hasPublicationDate = true;
            sink.meta({ asOf: isoDate(record[1]) });
          }
          sink.meta({ title: [meta.offercode, meta.version].filter(Boolean).join(' ') });
          continue;
        }
        const sku = record[at.sku];
        if (!sku) throw new PriceListError(`Line ${line} has no SKU`);
        if (!seen.has(sku)) {
          seen.add(sku);
          const attrs = new Map<string, string>();
          record.forEach((value, i) => {
            const name = header?.[i];
            if (name && !TERM_COLUMNS.has(name) && value !== '') attrs.set(name, value);
          });
          aws.product(sku, attrs);
        }
        if (record[at.term] !== 'OnDemand' || !aws.isMapped(sku)) continue;
        const currency = record[at.currency];
        const entry = dims.get(sku) ?? { dims: [], effective: record[at.date] };
        entry.dims.push({
          unit: record[at.unit] ?? '',
          usd: currency === undefined || currency === 'USD' ? toPrice(record[at.price]) : undefined,
          begin: rangeValue(record[at.begin], 0),
          end: rangeValue(record[at.end], Infinity),
          locator: `line ${line} (${record[at.code] ?? ''} ${record[at.rate] ?? ''})`.trim(),
        });
        dims.set(sku, entry);
      }
    } catch (error) {
      if (error instanceof PriceListError) throw error;
      const e = error as Error & { lines?: number };
      throw new PriceListError(`Not valid CSV at line ${e.lines ?? line + 1}: ${e.message}`);
    }
    if (!header) {
      throw new PriceListError(
        line === 0 ? 'The file is empty' : 'Not an AWS offer CSV: no header row starting with SKU',
      );
    }
    if (seen.size === 0) throw new PriceListError('The offer file has no products');
    for (const [sku, entry] of dims) aws.terms(sku, entry.dims, entry.effective);
    aws.finish();
  },
};
