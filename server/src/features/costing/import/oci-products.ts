import { REFERENCE_REGION, type TPriceFamily, type TPriceUnit } from '@stratum/core/costing/book';
import { streamJson } from './json-stream';
import { TierPicker } from './tiers';
import { PriceListError, tidy, toPrice, type TPriceListReader } from './types';

type TJson = Record<string, unknown>;
const isObject = (v: unknown): v is TJson =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

interface TOciTarget {
  family: TPriceFamily;
  unit: TPriceUnit;
  /** The book's unit in the metric's unit (10,000 GB-memory-seconds → GB-second: 1e-4). */
  factor: number;
  probe: number;
}

/**
 * OCI parts by display name and metric. OCI lists one price for every commercial region: rows
 * go to the reference region, which the book uses for any region it has no row for. The SKU is
 * the part's display name with its part number, so nothing is guessed about shapes.
 */
function mapOciPart(name: string, metric: string): TOciTarget | string {
  const m = metric.toLowerCase();
  if (/^compute\b/i.test(name) && /(ocpu|memory)/i.test(name) && /per hour/.test(m)) {
    return { family: 'compute.vm', unit: 'hour', factor: 1, probe: 0 };
  }
  if (/block volume/i.test(name) && /storage capacity per month/.test(m)) {
    return { family: 'storage.block', unit: 'GB-month', factor: 1, probe: 0 };
  }
  if (
    /object storage/i.test(name) &&
    /storage capacity per month/.test(m) &&
    !/archive|infrequent/i.test(name)
  ) {
    return { family: 'storage.object', unit: 'GB-month', factor: 1, probe: 0 };
  }
  if (/load balancer/i.test(name) && /hour/.test(m))
    return { family: 'network.load-balancer', unit: 'hour', factor: 1, probe: 0 };
  if (/outbound data transfer/i.test(name) && /gigabyte/.test(m)) {
    return { family: 'network.egress', unit: 'GB', factor: 1, probe: 20480 };
  }
  if (/kubernetes/i.test(name) && /cluster per hour/.test(m)) {
    return { family: 'kubernetes.control-plane', unit: 'cluster-hour', factor: 1, probe: 0 };
  }
  if (/functions/i.test(name) && /invocations/.test(m)) {
    return {
      family: 'serverless.function',
      unit: '1M requests',
      factor: /1,?000,?000/.test(m) ? 1 : 1e6,
      probe: 1e9,
    };
  }
  if (/functions/i.test(name) && /memory-seconds/.test(m)) {
    return {
      family: 'serverless.function',
      unit: 'GB-second',
      factor: /10,?000/.test(m) ? 1e-4 : 1,
      probe: 1e12,
    };
  }
  return `${name || 'part'} (${metric || 'no metric'}) not in the book`;
}

/**
 * OCI's price list (`…/cetools/api/v1/products/?currencyCode=USD`): `items[{partNumber,
 * displayName, metricName, serviceCategory, currencyCodeLocalizations[{currencyCode,
 * prices[{model, value, rangeMin?}]}]}]`. Shape provisional (not yet checked against a download).
 */
export const ociProducts: TPriceListReader = {
  format: 'oci-products-json',
  cloud: 'oci',
  async read(source, sink) {
    const tiers = new TierPicker('oci');
    let items = 0;
    await streamJson(source, { paths: ['$.items.*'] }, (value, path) => {
      items += 1;
      sink.record();
      const where = `items[${String(path[1])}]`;
      if (!isObject(value)) throw new PriceListError(`${where} is not an object`);
      const part = text(value.partNumber);
      if (!part) throw new PriceListError(`${where} has no partNumber`);
      const usd = (
        Array.isArray(value.currencyCodeLocalizations) ? value.currencyCodeLocalizations : []
      ).find((c): c is TJson => isObject(c) && c.currencyCode === 'USD');
      if (!usd) {
        sink.skip('no USD price');
        return;
      }
      const name = text(value.displayName);
      const target = mapOciPart(name, text(value.metricName));
      if (typeof target === 'string') {
        sink.skip(target);
        return;
      }
      const prices = (Array.isArray(usd.prices) ? usd.prices : []).filter(
        (p): p is TJson => isObject(p) && p.model === 'PAY_AS_YOU_GO',
      );
      if (prices.length === 0) {
        sink.skip('no pay-as-you-go price');
        return;
      }
      for (const p of prices) {
        const price = toPrice(p.value);
        if (price === undefined)
          throw new PriceListError(`${where} (${part}) has a price that is not a number`);
        tiers.offer(
          {
            family: target.family,
            sku: `${name} (${part})`,
            region: REFERENCE_REGION.oci,
            unit: target.unit,
            price: tidy(price * target.factor),
            locator: `${where} partNumber ${part} (${text(value.metricName)})${p.rangeMin !== undefined ? ` rangeMin ${toPrice(p.rangeMin) ?? '?'}` : ''}`,
            attrs: {
              partNumber: part,
              metric: text(value.metricName),
              serviceCategory: text(value.serviceCategory),
            },
            note: 'OCI lists one price for every commercial region',
            derived: false,
          },
          toPrice(p.rangeMin) ?? 0,
          target.probe,
        );
      }
    });
    if (items === 0)
      throw new PriceListError('No items[] found: is this the OCI products price list?');
    tiers.flush(sink);
  },
};
