import { ZDesignV2, type TDesign, type TDesignInput } from '../iac/design/schema-v2';
import type { TCloud, TPropertyValue } from '../iac/types';
import type { PriceBook } from './book';
import { estimateDesign, type TEstimateOptions } from './estimate-design';
import type { TEstimate } from './model';

/** Test helpers: a design of a few components, and an estimate's lines as comparable rows. */
export function designOf(
  provider: TCloud,
  region: string,
  components: TDesignInput['components'],
  extra: Partial<TDesignInput> = {},
): TDesign {
  return ZDesignV2.parse({ v: 2, name: 'costing-test', provider, region, components, ...extra });
}

/** One component `x` of `service` priced alone (usage, if given, is `x`'s). */
export function priceOne(
  book: PriceBook,
  provider: TCloud,
  region: string,
  service: string,
  properties: Record<string, TPropertyValue> = {},
  usage?: Record<string, number>,
): TEstimate {
  const design = designOf(provider, region, [{ id: 'x', service, name: 'x', properties }]);
  const options: TEstimateOptions = usage ? { usage: { x: usage } } : {};
  return estimateDesign(design, book, options);
}

/** [sku, quantity, unit price, monthly] per line: what the tests' arithmetic states. */
export const rows = (e: TEstimate) =>
  e.lines.map((l) => [l.sku, l.quantity, l.unitPrice, l.monthly] as const);

export const reasons = (e: TEstimate) => e.unpriced.map((u) => u.reason);
