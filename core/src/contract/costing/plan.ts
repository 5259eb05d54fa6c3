import { z } from 'zod';
import { ZCostLine, ZUnpriced, ZUsageAssumption, ZUsageInput } from '../../costing/model';
import { defineEndpoint } from '../endpoint';

/**
 * Issue 13 §5: `terraform show -json` of a plan or a state (format 0.1 and later), or a raw
 * `terraform.tfstate` (format 4): the parsed JSON, or the file's text (read and checked by the
 * server, so a file that is not JSON gets a message saying so).
 */
export const ZPlanPricingInput = z.object({
  plan: z.unknown(),
  /** Usage assumptions by resource address. */
  usage: ZUsageInput.optional(),
});
export type TPlanPricingInput = z.infer<typeof ZPlanPricingInput>;

export const PLAN_ACTIONS = ['create', 'update', 'delete', 'replace', 'no-op', 'read'] as const;

export const ZPricedResource = z.object({
  address: z.string(),
  type: z.string(),
  /** `registry.terraform.io/hashicorp/aws` → aws; null for providers no cloud prices. */
  cloud: z.string().nullable(),
  region: z.string().nullable(),
  /** For a state: `no-op`. */
  action: z.enum(PLAN_ACTIONS),
  /** Null when the resource does not exist on that side, or cannot be priced at all. */
  monthlyBefore: z.number().nullable(),
  monthlyAfter: z.number().nullable(),
  /** After the plan; for a deleted resource, what it cost before (what the plan removes). */
  lines: z.array(ZCostLine),
  /** Update and replace: the lines before the plan, to show beside `lines`. */
  linesBefore: z.array(ZCostLine).optional(),
  /**
   * `free`: a type the cloud does not bill by itself (networks, rules, identities); `partly`:
   * some of it is in `unpriced`; `unpriced`: none of it could be priced (also in `unpriced`).
   */
  pricing: z.enum(['priced', 'partly', 'free', 'unpriced']).optional(),
});
export type TPricedResource = z.infer<typeof ZPricedResource>;

export const pricePlanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/costing/plan',
  summary:
    'Monthly list prices of a Terraform plan or state, per resource address, with the difference',
  auth: true,
  body: ZPlanPricingInput,
  response: z.object({
    success: z.literal(true),
    data: z.object({
      currency: z.literal('USD'),
      kind: z.enum(['plan', 'state']),
      formatVersion: z.string(),
      terraformVersion: z.string().nullable(),
      /** Monthly total before the plan (the prior state) and after it; equal for a state. */
      monthlyBefore: z.number(),
      monthlyAfter: z.number(),
      monthlyDelta: z.number(),
      resources: z.array(ZPricedResource),
      unpriced: z.array(ZUnpriced),
      assumptions: z.array(ZUsageAssumption),
      book: z.object({ version: z.string() }),
    }),
  }),
  audit: { exempt: 'an estimate: prices a plan or state and saves nothing' },
});
