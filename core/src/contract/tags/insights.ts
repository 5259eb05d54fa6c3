import { z } from 'zod';
import { zString } from '../common';
import { defineEndpoint } from '../endpoint';
import { ZTagViolation } from './model';

/** Where a key is used: projects (design defaults and component tags) and inventory assets. */
export const ZTagUsage = z.object({
  key: z.string(),
  values: z.array(
    z.object({ value: z.string(), components: z.number().int(), assets: z.number().int() }),
  ),
  projects: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      /** Names of the components that carry the key (all of them when it is a design default). */
      components: z.array(z.string()),
      isDefault: z.boolean(),
    }),
  ),
  components: z.number().int(),
  assets: z.number().int(),
});
export type TTagUsage = z.infer<typeof ZTagUsage>;

export const getTagUsage = defineEndpoint({
  method: 'GET',
  path: '/api/tags/usage',
  summary: "Every tag key in the caller's projects and inventory, with where each value is used",
  auth: true,
  response: z.object({
    success: z.literal(true),
    data: z.object({ items: z.array(ZTagUsage) }),
  }),
});

export const ZAssetViolations = z.object({
  assetId: z.uuid(),
  address: z.string(),
  type: z.string(),
  sourceId: z.uuid(),
  sourceName: z.string(),
  cloud: z.string().nullable(),
  tags: z.record(z.string(), z.string()),
  violations: z.array(ZTagViolation),
});
export type TAssetViolations = z.infer<typeof ZAssetViolations>;

export const listTagViolations = defineEndpoint({
  method: 'GET',
  path: '/api/tags/violations',
  summary: "Assets in the caller's inventory that break a tag policy, each with the fix",
  auth: true,
  querystring: z.object({
    sourceId: z.uuid().optional(),
    policyId: z.uuid().optional(),
  }),
  response: z.object({
    success: z.literal(true),
    data: z.object({
      items: z.array(ZAssetViolations),
      /** Managed assets checked; `items` lists at most 500 of the ones with violations. */
      checked: z.number().int(),
      total: z.number().int(),
    }),
  }),
});

export const ZTagCostRow = z.object({
  /** null: components without the key. */
  value: z.string().nullable(),
  /** Monthly list price in USD (rounded to the cent). */
  monthly: z.number(),
  components: z.number().int(),
  projects: z.array(z.object({ id: z.uuid(), name: z.string(), monthly: z.number() })),
});
export type TTagCostRow = z.infer<typeof ZTagCostRow>;

export const getTagCost = defineEndpoint({
  method: 'GET',
  path: '/api/tags/cost',
  summary: "The monthly estimate of the caller's projects grouped by the values of one tag key",
  auth: true,
  querystring: z.object({ key: zString(128).optional() }),
  response: z.object({
    success: z.literal(true),
    data: z.object({
      /** The key grouped by (the first key in use when none was asked for). */
      key: z.string().nullable(),
      keys: z.array(z.string()),
      currency: z.literal('USD'),
      total: z.number(),
      rows: z.array(ZTagCostRow),
    }),
  }),
});
