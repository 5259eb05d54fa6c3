import { streamJson } from './json-stream';
import { machinePart, mapGcpSku, type TGcpSku } from './gcp-skus';
import { peekFirst } from './peek';
import { TierPicker } from './tiers';
import { PriceListError, isoDate, tidy, toPrice, type TPriceListReader } from './types';

type TJson = Record<string, unknown>;
const isObject = (v: unknown): v is TJson =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

interface TRate {
  start: number;
  price: number;
}

/** `{units: "1", nanos: 500000000}` → 1.5 (units is an int64 string). */
function money(v: unknown): number | undefined {
  if (!isObject(v)) return undefined;
  const units = v.units === undefined ? 0 : Number(v.units);
  const nanos = v.nanos === undefined ? 0 : Number(v.nanos);
  const n = units + nanos / 1e9;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * GCP Cloud Billing Catalog SKU lists (`{skus[], nextPageToken}`: one page, several saved pages
 * one after another or in an array). Price = `units + nanos / 1e9` per `usageUnit`, the tier
 * from `tieredRates[].startUsageAmount`, one row per region of `serviceRegions`. Machine types
 * are priced from their family's per-vCPU and per-GiB SKUs and the book's machine shapes.
 */
export const gcpBilling: TPriceListReader = {
  format: 'gcp-billing-json',
  cloud: 'gcp',
  async read(input, sink, { book }) {
    const { first, source } = await peekFirst(input);
    if (first === undefined) throw new PriceListError('The file is empty');
    if (first !== '{' && first !== '[')
      throw new PriceListError(`Not JSON: the file starts with "${first}"`);
    const tiers = new TierPicker('gcp');
    // machine family → region → per-vCPU-hour and per-GiB-hour rates (with their SKU ids)
    const parts = new Map<
      string,
      Map<string, { core?: [number, string]; ram?: [number, string] }>
    >();
    const unmappedFamilies = new Set<string>();
    let skus = 0;
    let sawServices = false;

    const onSku = (value: unknown, where: string) => {
      skus += 1;
      sink.record();
      if (!isObject(value)) throw new PriceListError(`${where} is not an object`);
      const category = isObject(value.category) ? value.category : {};
      const info: unknown = Array.isArray(value.pricingInfo)
        ? (value.pricingInfo as unknown[])[0]
        : undefined;
      if (!isObject(info) || !isObject(info.pricingExpression)) {
        throw new PriceListError(
          `${where} (skuId ${text(value.skuId) || '?'}) has no pricingInfo[0].pricingExpression`,
        );
      }
      const expr = info.pricingExpression;
      const rates: TRate[] = [];
      for (const [i, r] of (Array.isArray(expr.tieredRates) ? expr.tieredRates : []).entries()) {
        const price = isObject(r) ? money(r.unitPrice) : undefined;
        if (price === undefined || !isObject(r)) {
          throw new PriceListError(
            `${where} (skuId ${text(value.skuId)}) tieredRates[${i}] has no unitPrice {units, nanos}`,
          );
        }
        const currency = isObject(r.unitPrice) ? text(r.unitPrice.currencyCode) : '';
        if (currency && currency !== 'USD') {
          throw new PriceListError(
            `${where} is priced in ${currency}: export the SKUs with currencyCode=USD`,
          );
        }
        rates.push({ start: toPrice(r.startUsageAmount) ?? 0, price });
      }
      if (rates.length === 0)
        throw new PriceListError(`${where} (skuId ${text(value.skuId)}) has no tieredRates`);
      const regions = (Array.isArray(value.serviceRegions) ? value.serviceRegions : []).filter(
        (r): r is string => typeof r === 'string' && r !== 'global',
      );
      const sku: TGcpSku = {
        skuId: text(value.skuId),
        description: text(value.description),
        serviceDisplayName: text(category.serviceDisplayName),
        resourceFamily: text(category.resourceFamily),
        resourceGroup: text(category.resourceGroup),
        usageType: text(category.usageType),
        usageUnit: text(expr.usageUnit),
      };
      const asOf = isoDate(info.effectiveTime);
      if (asOf) sink.meta({ asOf });

      const part = machinePart(sku);
      if (part !== undefined) {
        if (typeof part === 'string') {
          if (part.includes('has no mapping'))
            unmappedFamilies.add(part.replace(/^.*"(.*)".*$/, '$1'));
          sink.skip(part);
          return;
        }
        // The paid rate: the last tier (the first is sometimes a free allowance).
        const rate = rates.reduce((a, b) => (b.start >= a.start ? b : a));
        const byRegion =
          parts.get(part.machineFamily) ??
          new Map<string, { core?: [number, string]; ram?: [number, string] }>();
        for (const region of regions) {
          const entry: { core?: [number, string]; ram?: [number, string] } =
            byRegion.get(region) ?? {};
          entry[part.part] = [rate.price, sku.skuId];
          byRegion.set(region, entry);
        }
        parts.set(part.machineFamily, byRegion);
        return;
      }
      const target = mapGcpSku(sku);
      if (typeof target === 'string') {
        sink.skip(target);
        return;
      }
      if (regions.length === 0) {
        sink.skip('SKU without a region');
        return;
      }
      for (const rate of rates) {
        for (const region of regions) {
          tiers.offer(
            {
              family: target.family,
              sku: target.sku,
              region,
              unit: target.unit,
              price: tidy(rate.price * target.factor),
              locator: `${where} skuId ${sku.skuId} (${sku.description}) tieredRates startUsageAmount ${rate.start} ${sku.usageUnit}`,
              attrs: null,
              note: target.note,
              derived: false,
              ...(asOf && { asOf }),
            },
            rate.start,
            target.probe,
          );
        }
      }
    };

    await streamJson(
      source,
      first === '{'
        ? { paths: ['$.skus.*', '$.services'], isMultiDocument: true }
        : { paths: ['$.*.skus.*'] },
      (value, path) => {
        if (path[0] === 'services') {
          sawServices = true;
          return;
        }
        if (path[0] === 'skus') return onSku(value, `skus[${String(path[1])}]`);
        return onSku(value, `[${String(path[0])}].skus[${String(path[2])}]`);
      },
    );
    if (skus === 0) {
      throw new PriceListError(
        sawServices
          ? 'This is the list of services, not of SKUs: export …/v1/services/<serviceId>/skus'
          : 'No skus[] found: is this a Cloud Billing Catalog SKU list?',
      );
    }
    tiers.flush(sink);

    // Machine types: vCPUs × the core rate + GiB × the RAM rate, for the shapes the book knows.
    const shapes = book.family('gcp', 'compute.vm');
    const seen = new Set<string>();
    for (const shape of shapes) {
      if (seen.has(shape.sku)) continue;
      seen.add(shape.sku);
      const vcpu = Number(shape.attrs?.vcpu);
      const memory = Number(shape.attrs?.memory_gib);
      const family = shape.sku.split('-')[0] ?? '';
      const byRegion = parts.get(family);
      if (!byRegion || !Number.isFinite(vcpu) || !Number.isFinite(memory)) continue;
      for (const [region, { core, ram }] of byRegion) {
        if (!core || !ram) continue;
        sink.price({
          family: 'compute.vm',
          sku: shape.sku,
          region,
          unit: 'hour',
          price: tidy(vcpu * core[0] + memory * ram[0]),
          locator: `${vcpu} × skuId ${core[1]} (vCPU-hour) + ${memory} × skuId ${ram[1]} (GiB-hour)`,
          attrs: { ...shape.attrs },
          note: null,
          derived: true,
        });
      }
    }
    const shapeless = [...parts.keys()].filter(
      (f) => !shapes.some((s) => s.sku.startsWith(`${f}-`)),
    );
    if (shapeless.length > 0) {
      sink.note(
        `Machine families with per-vCPU and RAM prices but no machine shapes in the book (not priced): ${shapeless.join(', ')}`,
      );
    }
    if (unmappedFamilies.size > 0) {
      sink.note(
        `Compute Engine families this importer cannot map: ${[...unmappedFamilies].join(', ')}`,
      );
    }
  },
};
