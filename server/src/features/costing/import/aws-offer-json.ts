import { streamJson } from './json-stream';
import { AwsCollector } from './aws-collector';
import { normaliseAttr, rangeValue, type TAwsDimension } from './aws-products';
import { PriceListError, isoDate, toPrice, type TPriceListReader } from './types';

type TJson = Record<string, unknown>;
const isObject = (v: unknown): v is TJson =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The on-demand dimensions of `terms.OnDemand[sku]` (one or more offer terms). */
export function dimensionsOf(
  sku: string,
  terms: unknown,
): { dims: TAwsDimension[]; effective?: string } {
  if (!isObject(terms)) throw new PriceListError(`terms.OnDemand["${sku}"] is not an object`);
  const dims: TAwsDimension[] = [];
  let effective: string | undefined;
  for (const [termKey, term] of Object.entries(terms)) {
    if (!isObject(term) || !isObject(term.priceDimensions)) {
      throw new PriceListError(`terms.OnDemand["${sku}"]["${termKey}"] has no priceDimensions`);
    }
    effective ??= typeof term.effectiveDate === 'string' ? term.effectiveDate : undefined;
    for (const [rateKey, d] of Object.entries(term.priceDimensions)) {
      if (!isObject(d)) continue;
      const price = isObject(d.pricePerUnit) ? d.pricePerUnit.USD : undefined;
      dims.push({
        unit: typeof d.unit === 'string' ? d.unit : '',
        usd: toPrice(price),
        // The files say beginRange/endRange; AWS's page says startingRange/endingRange.
        begin: rangeValue(d.beginRange ?? d.startingRange, 0),
        end: rangeValue(d.endRange ?? d.endingRange, Infinity),
        locator: `terms.OnDemand["${sku}"]["${termKey}"].priceDimensions["${rateKey}"]`,
      });
    }
  }
  return { dims, effective };
}

/**
 * The AWS Price List bulk offer file (JSON): `products{sku: {productFamily, attributes}}` and
 * `terms.OnDemand{sku: {term: {priceDimensions}}}`. Reserved terms are read past, never kept.
 */
export const awsOfferJson: TPriceListReader = {
  format: 'aws-offer-json',
  cloud: 'aws',
  async read(source, sink) {
    const aws = new AwsCollector(sink);
    const head: TJson = {};
    let products = 0;
    let onDemand = 0;
    // Terms before products (not AWS's order, but valid JSON): kept until their product comes.
    const early = new Map<string, { dims: TAwsDimension[]; effective?: string }>();
    await streamJson(
      source,
      {
        paths: [
          '$.formatVersion',
          '$.offerCode',
          '$.version',
          '$.publicationDate',
          '$.products.*',
          '$.terms.OnDemand.*',
        ],
      },
      (value, path) => {
        const [top, key] = path;
        if (path.length === 1 && typeof top === 'string') {
          head[top] = value;
          if (top === 'offerCode' && typeof value === 'string') aws.offerCode = value;
          if (top === 'publicationDate' && isoDate(value)) {
            aws.hasPublicationDate = true;
            sink.meta({ asOf: isoDate(value) });
          }
          if (top === 'version' || top === 'offerCode') {
            sink.meta({ title: [head.offerCode, head.version].filter(Boolean).join(' ') });
          }
          return;
        }
        if (top === 'products') {
          products += 1;
          const sku = String(key);
          if (!isObject(value) || !isObject(value.attributes)) {
            throw new PriceListError(
              `products["${sku}"] has no attributes object (product ${products})`,
            );
          }
          const attrs = new Map<string, string>();
          if (typeof value.productFamily === 'string')
            attrs.set('productfamily', value.productFamily);
          for (const [name, v] of Object.entries(value.attributes)) {
            if (typeof v === 'string') attrs.set(normaliseAttr(name), v);
          }
          aws.product(sku, attrs);
          const pending = early.get(sku);
          if (pending) {
            early.delete(sku);
            aws.terms(sku, pending.dims, pending.effective);
          }
          return;
        }
        if (top === 'terms') {
          onDemand += 1;
          const sku = String(path[2]);
          const { dims, effective } = dimensionsOf(sku, value);
          if (aws.isMapped(sku)) aws.terms(sku, dims, effective);
          else if (products === 0) early.set(sku, { dims, effective });
        }
      },
    );
    if (products === 0) {
      throw new PriceListError(
        head.formatVersion === undefined && onDemand === 0
          ? 'Not an AWS offer file: no formatVersion, products or terms at the top level'
          : 'The offer file has no products',
      );
    }
    if (onDemand === 0) throw new PriceListError('The offer file has no terms.OnDemand prices');
    aws.finish();
  },
};
