import type { ComponentPricer } from '../pricer';

/** Prices one catalog service from its component's properties and usage assumptions. */
export type TServiceEstimator = (p: ComponentPricer) => void;

/**
 * How the estimator treats one catalog service: priced from the book, free (the provider bills
 * nothing for it), or not priceable from the book (with the reason a user reads). Every service
 * of a priced cloud's catalog has an entry, so a new service needs a decision (a test checks).
 */
export type TServicePricing =
  | { readonly kind: 'priced'; readonly estimate: TServiceEstimator }
  | { readonly kind: 'free'; readonly reason: string }
  | { readonly kind: 'unpriced'; readonly reason: string };

export type TPricingTable = Readonly<Record<string, TServicePricing>>;

export const priced = (estimate: TServiceEstimator): TServicePricing => ({
  kind: 'priced',
  estimate,
});

export const free = (reason: string): TServicePricing => ({ kind: 'free', reason });

/** `what` (plural) has no rows in the book: e.g. `notInBook('ElastiCache node hours')`. */
export const notInBook = (what: string): TServicePricing => ({
  kind: 'unpriced',
  reason: `${what} are not in the price book`,
});
