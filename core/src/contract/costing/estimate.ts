import { z } from 'zod';
import { ZEstimate, ZUsageInput } from '../../costing/model';
import { CLOUDS } from '../../iac/types';
import { defineEndpoint } from '../endpoint';

/** Issue 13 §3: a design as the board holds it (any document version), priced. */
export const ZEstimateInput = z.object({
  design: z.unknown(),
  /** Apply this environment's overrides; omitted: the design's base values. */
  environment: z.string().max(64).optional(),
  usage: ZUsageInput.optional(),
});
export type TEstimateInput = z.infer<typeof ZEstimateInput>;

export const estimateDesignEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/costing/estimate',
  summary: "A design's monthly list-price estimate, line by line, with its usage assumptions",
  auth: true,
  body: ZEstimateInput,
  response: z.object({
    success: z.literal(true),
    data: ZEstimate.extend({
      /** The same design priced in each of its environments (empty when it declares none). */
      environments: z.array(z.object({ name: z.string(), monthlyTotal: z.number() })),
    }),
  }),
  audit: { exempt: 'an estimate: prices a design and saves nothing' },
});

/** Issue 13 §4: one design re-targeted to each cloud and priced there. */
export const ZCompareInput = z.object({
  design: z.unknown(),
  environment: z.string().max(64).optional(),
  /** Usage assumptions by component id: the same numbers are used on every cloud. */
  usage: ZUsageInput.optional(),
});
export type TCompareInput = z.infer<typeof ZCompareInput>;

export const ZCloudEstimate = z.object({
  cloud: z.enum(CLOUDS),
  region: z.string(),
  /** False for OCI (no dated list prices): `estimate` is null and `reason` says so. */
  priced: z.boolean(),
  reason: z.string().nullable(),
  estimate: ZEstimate.nullable(),
  /**
   * What re-targeting changed to fit this cloud (a size mapped to its tier, a property reset to
   * the default, the nearest region); empty for the design's own cloud.
   */
  adjustments: z
    .array(z.object({ componentId: z.string().nullable(), message: z.string() }))
    .optional(),
});
export type TCloudEstimate = z.infer<typeof ZCloudEstimate>;

export const ZServiceMapping = z.object({
  componentId: z.string(),
  name: z.string(),
  /** The component's service on each cloud; null where the cloud has no equivalent. */
  services: z.record(z.enum(CLOUDS), z.string().nullable()),
  /** Why a cloud has no equivalent (by cloud). */
  unmapped: z.partialRecord(z.enum(CLOUDS), z.string()).optional(),
});
export type TServiceMapping = z.infer<typeof ZServiceMapping>;

export const compareCloudsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/costing/compare',
  summary: 'The design re-targeted to AWS, Azure, GCP and OCI, priced side by side',
  auth: true,
  body: ZCompareInput,
  response: z.object({
    success: z.literal(true),
    data: z.object({
      currency: z.literal('USD'),
      clouds: z.array(ZCloudEstimate),
      mapping: z.array(ZServiceMapping),
    }),
  }),
  audit: { exempt: 'an estimate: prices a design on each cloud and saves nothing' },
});
