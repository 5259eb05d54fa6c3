import { z } from 'zod';
import { CLOUDS } from '../iac/types';

/**
 * What an estimate answers, shared by the estimator (design), plan pricing (Terraform plan or
 * state), the API contract and the web. Money is USD, rounded to the cent per line; totals are
 * sums of the rounded lines, so a reader can add the lines and get the total.
 */

/**
 * A usage assumption (Infracost's usage file): a number a usage-billed line depends on, with the
 * default the estimator used. Keys are per service, e.g. `storageGb`, `requestsPerMonth`,
 * `egressGb`, `gbSeconds`, `lcu`; the estimate lists every assumption it used so the page can show
 * and edit them.
 */
export const ZUsageAssumption = z.object({
  /** The component (design) or resource address (plan) it belongs to. */
  target: z.string(),
  key: z.string(),
  label: z.string(),
  /** e.g. `GB`, `requests / month`. */
  unit: z.string(),
  value: z.number(),
  default: z.number(),
});
export type TUsageAssumption = z.infer<typeof ZUsageAssumption>;

/** The user's values: target (component id or address) → key → number. */
export const ZUsageInput = z.record(
  z.string().max(512),
  z.record(z.string().max(64), z.number().finite().min(0).max(1e15)),
);
export type TUsageInput = z.infer<typeof ZUsageInput>;

export const ZCostLine = z.object({
  /** The design component; for plan pricing the resource address goes in `address`. */
  componentId: z.string().nullable(),
  address: z.string().nullable(),
  /** The catalog service id (design) or the Terraform resource type (plan). */
  service: z.string(),
  /** What the line charges for, e.g. `Instance (m7i.large)`, `Storage (gp3)`. */
  label: z.string(),
  sku: z.string(),
  region: z.string(),
  unit: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  monthly: z.number(),
  asOf: z.string(),
  /** The price's source: `<source id>: <path> <locator>`. */
  source: z.string(),
  /** Priced from a usage assumption rather than from what the design fixes. */
  usageBased: z.boolean(),
  /** e.g. the price is another region's because the book has none for this one. */
  note: z.string().nullable(),
});
export type TCostLine = z.infer<typeof ZCostLine>;

export const ZUnpriced = z.object({
  componentId: z.string().nullable(),
  address: z.string().nullable(),
  service: z.string(),
  reason: z.string(),
});
export type TUnpriced = z.infer<typeof ZUnpriced>;

/** A component the provider bills nothing for (a network, a subnet, a role): listed, not priced. */
export const ZFreeComponent = z.object({
  componentId: z.string(),
  service: z.string(),
  reason: z.string(),
});
export type TFreeComponent = z.infer<typeof ZFreeComponent>;

export const ZEstimate = z.object({
  currency: z.literal('USD'),
  cloud: z.enum(CLOUDS),
  region: z.string(),
  /** The environment whose overrides were applied; null for the design's base values. */
  environment: z.string().nullable(),
  monthlyTotal: z.number(),
  lines: z.array(ZCostLine),
  unpriced: z.array(ZUnpriced),
  assumptions: z.array(ZUsageAssumption),
  /** Components with no charge of their own (optional: absent from answers before it existed). */
  free: z.array(ZFreeComponent).optional(),
  /** The price book version and the oldest and newest price dates the lines use. */
  book: z.object({
    version: z.string(),
    oldest: z.string().nullable(),
    newest: z.string().nullable(),
  }),
});
export type TEstimate = z.infer<typeof ZEstimate>;
