import { streamJson } from './json-stream';
import { mapAzureItem, type TAzureItem } from './azure-items';
import { toBookUnit } from './azure-units';
import { peekFirst } from './peek';
import { TierPicker } from './tiers';
import { PriceListError, toPrice, type TPriceListReader } from './types';

type TJson = Record<string, unknown>;
const isObject = (v: unknown): v is TJson =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * Azure Retail Prices API pages: one page (`{BillingCurrency, Items[], NextPageLink}`), several
 * saved pages one after another or in an array, or a bare array of Items. Each tier is its own
 * item (`tierMinimumUnits`); `unitOfMeasure` is parsed into the book's unit.
 */
export const azureRetail: TPriceListReader = {
  format: 'azure-retail-json',
  cloud: 'azure',
  async read(input, sink) {
    const { first, source } = await peekFirst(input);
    if (first === undefined) throw new PriceListError('The file is empty');
    if (first !== '{' && first !== '[') {
      throw new PriceListError(
        `Not JSON: the file starts with "${first}" (expected a page { … } or an array [ … ])`,
      );
    }
    const tiers = new TierPicker('azure');
    let items = 0;
    let pages = 0;
    const onItem = (value: unknown, where: string) => {
      items += 1;
      sink.record();
      if (!isObject(value)) throw new PriceListError(`${where} is not an object`);
      const currency = text(value.currencyCode);
      if (currency && currency !== 'USD') {
        throw new PriceListError(
          `${where} is priced in ${currency}: import the USD price list (currencyCode='USD')`,
        );
      }
      const retail = toPrice(value.retailPrice);
      if (retail === undefined)
        throw new PriceListError(
          `${where} (meterId ${text(value.meterId) || '?'}) has no retailPrice`,
        );
      if (typeof value.unitOfMeasure !== 'string') {
        throw new PriceListError(
          `${where} (meterId ${text(value.meterId) || '?'}) has no unitOfMeasure`,
        );
      }
      const item: TAzureItem = {
        serviceName: text(value.serviceName),
        productName: text(value.productName),
        skuName: text(value.skuName),
        meterName: text(value.meterName),
        armSkuName: text(value.armSkuName),
        armRegionName: text(value.armRegionName),
        location: text(value.location),
        unitOfMeasure: value.unitOfMeasure,
        type: text(value.type),
      };
      const target = mapAzureItem(item);
      if (typeof target === 'string') {
        sink.skip(target);
        return;
      }
      const price = toBookUnit(retail, item.unitOfMeasure, target.unit);
      if (price === undefined) {
        sink.skip(`unit "${item.unitOfMeasure}" does not convert to ${target.unit}`);
        return;
      }
      const tierStart = toPrice(value.tierMinimumUnits) ?? 0;
      tiers.offer(
        {
          family: target.family,
          sku: target.sku,
          region: target.region,
          unit: target.unit,
          price,
          locator: `${where} meterId ${text(value.meterId)} (${item.productName} / ${item.meterName}, ${item.unitOfMeasure}, tier ${tierStart})`,
          attrs: target.attrs,
          note: target.note,
          derived: false,
        },
        tierStart,
        target.probe,
      );
    };
    await streamJson(
      source,
      first === '{'
        ? { paths: ['$.Items.*', '$.BillingCurrency'], isMultiDocument: true }
        : { paths: ['$.*', '$.*.Items.*'] },
      (value, path) => {
        if (path[0] === 'BillingCurrency') {
          pages += 1;
          if (value !== 'USD')
            throw new PriceListError(
              `Page ${pages} is billed in ${String(value)}: import the USD price list`,
            );
          return;
        }
        if (path[0] === 'Items')
          return onItem(value, `Items[${String(path[1])}] of page ${Math.max(pages, 1)}`);
        if (path.length === 3)
          return onItem(value, `[${String(path[0])}].Items[${String(path[2])}]`);
        // An element of a top-level array: a whole page (its items came above) or an item.
        if (isObject(value) && Array.isArray(value.Items)) pages += 1;
        else onItem(value, `[${String(path[0])}]`);
      },
    );
    if (items === 0) {
      throw new PriceListError(
        'No Items found: is this a page of the Azure Retail Prices API (prices.azure.com/api/retail/prices)?',
      );
    }
    tiers.flush(sink);
  },
};
