import { z } from 'zod';
import type { TPlanId } from '../common';
import { CLOUDS } from '../../iac/types';
import { PLANS } from '../../plans';
import { FEATURE_PLANS } from '../../plans-gating';
import { defineEndpoint } from '../endpoint';

/** The cost of a project's design when one of its generations was made, at today's prices. */
export const ZCostHistoryPoint = z.object({
  generationId: z.string(),
  generatedAt: z.string(),
  format: z.enum(['terraform', 'bicep', 'arm']),
  /** The project's revision the generation was made from. */
  revision: z.number().int(),
  cloud: z.enum(CLOUDS).nullable(),
  region: z.string().nullable(),
  /** Null when that design is no longer kept or cannot be read: `reason` says which. */
  monthlyTotal: z.number().nullable(),
  /** Components of that design the book could not price (their cost is not in the total). */
  unpricedCount: z.number().int(),
  reason: z.string().nullable(),
});
export type TCostHistoryPoint = z.infer<typeof ZCostHistoryPoint>;

export const ZCostForecast = z.object({
  /** How the numbers were made, in words the page shows. */
  method: z.string(),
  /** Priced generations the trend is drawn through. */
  basedOn: z.number().int(),
  /** The trend's change of the monthly total per month (USD). */
  slopePerMonth: z.number(),
  points: z.array(z.object({ month: z.string(), monthlyTotal: z.number() })),
});
export type TCostForecast = z.infer<typeof ZCostForecast>;

export const ZCostHistory = z.object({
  projectId: z.string(),
  projectName: z.string(),
  currency: z.literal('USD'),
  book: z.object({ version: z.string() }),
  /** The design as saved now, priced the same way (null when it cannot be read). */
  current: z
    .object({
      revision: z.number().int(),
      monthlyTotal: z.number(),
      unpricedCount: z.number().int(),
    })
    .nullable(),
  /** Oldest first, newest last (the newest 100 generations are kept). */
  generations: z.array(ZCostHistoryPoint),
  /** Null until at least one generation could be priced. */
  forecast: ZCostForecast.nullable(),
});
export type TCostHistory = z.infer<typeof ZCostHistory>;

/** Issue 13 §6, advanced-analytics (Enterprise): cost per generation and a forecast. */
export const getCostHistory = defineEndpoint({
  method: 'GET',
  path: '/api/costing/history/:projectId',
  summary: "A project's design cost at each of its generations (today's prices) and a forecast",
  auth: true,
  params: z.object({ projectId: z.string().max(100) }),
  response: z.object({ success: z.literal(true), data: ZCostHistory }),
});

export const HISTORY_MSG = {
  featureNotAllowed: (plan: TPlanId) =>
    `Cost history and forecasts are part of Advanced analytics, available on the ${FEATURE_PLANS['advanced-analytics'].map((p) => PLANS[p].name).join(' and ')} plan; you are on the ${PLANS[plan].name} plan. Upgrade your plan on the Subscription page.`,
  snapshotDropped:
    'The design of this generation is no longer kept (a project keeps its newest 50 snapshots).',
  unreadable: (detail: string) => `The design of this generation cannot be read: ${detail}`,
} as const;
