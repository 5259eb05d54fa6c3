import { z } from 'zod';
import { ZPlanId, zString } from '../common';
import { ZEnvironment } from '../../iac/design/schema-v2';
import { CLOUDS } from '../../iac/types';

/** §2 step 6: where a deployment goes: one of the design's environments (dev, staging, prod…). */
export const ZDeployEnvironment = ZEnvironment.shape.name;
export type TDeployEnvironment = z.infer<typeof ZDeployEnvironment>;

/** §3 Deployment execution status. */
export const DEPLOY_STATUSES = ['pending', 'running', 'completed'] as const;
export const ZDeployStatus = z.enum(DEPLOY_STATUSES);
export type TDeployStatus = z.infer<typeof ZDeployStatus>;

export const DEPLOY_LOG_LEVELS = ['info', 'success', 'warning', 'error'] as const;
export const ZDeployLog = z.object({
  timestamp: z.string(),
  level: z.enum(DEPLOY_LOG_LEVELS),
  message: z.string(),
});
export type TDeployLog = z.infer<typeof ZDeployLog>;

/** One line of a resource's estimate: a row of the price book (`core/src/costing/`). */
export const ZResourcePrice = z.object({
  /** What this line is: 'Instance', 'OS disk', 'Control plane'… */
  label: z.string(),
  /** What was priced: an instance type, a database class, a disk type… */
  sku: z.string(),
  /** The region the list price is for (may differ from the design's region; see `note`). */
  region: z.string(),
  /** What one `unitPrice` buys (hour, GB-month, zone-month…). */
  unit: z.string(),
  unitPrice: z.number(),
  /** How many units a month: 730 hours × instances, the disk size in GB… */
  quantity: z.number(),
  /** unitPrice × quantity, in USD a month. */
  monthly: z.number(),
  asOf: z.string(),
  /** The public data the price was taken from: `<source id>: <path> <locator>`. */
  source: z.string(),
  note: z.string().nullable(),
  /** Priced at a usage assumption (requests, GB stored…) at its default; absent from older stored deployments. */
  usageBased: z.boolean().optional(),
});
export type TResourcePrice = z.infer<typeof ZResourcePrice>;

/** §3 Deployment config resource: one component or group of the design, with its price. */
export const ZDeployResource = z.object({
  id: z.string(),
  name: z.string(),
  /** Catalog service id and its display name. */
  service: z.string(),
  serviceName: z.string(),
  kind: z.string(),
  /** Monthly list price in USD (sum of `prices`); 0 when free; null when unpriced: the UI says so. */
  estimatedCost: z.number().nullable(),
  /** The lines of the estimate; empty when unpriced. */
  prices: z.array(ZResourcePrice),
  /**
   * What the estimate leaves out: the whole resource when `estimatedCost` is null (usage-based,
   * or no list price known), else the parts without a known price. Null when complete.
   */
  unpricedReason: z.string().nullable(),
  /** Why the resource costs nothing (a network, a role); absent from older stored deployments. */
  freeReason: z.string().nullable().optional(),
});
export type TDeployResource = z.infer<typeof ZDeployResource>;

/**
 * The totals of a set of resources. `monthlyTotal` is the price book's list price; only
 * `simulatedCost` (= total × the Simulate driver's provider multiplier, §9) is simulated.
 */
export const ZCostSummary = z.object({
  currency: z.literal('USD'),
  /** Sum of the priced resources' monthly list prices. */
  monthlyTotal: z.number(),
  /** §9: aws 1, azure 0.95, gcp 0.85, oci 0.8. */
  multiplier: z.number(),
  simulatedCost: z.number(),
  pricedCount: z.number().int(),
  unpricedCount: z.number().int(),
  /** Priced resources whose estimate leaves a part out (see `unpricedReason`). */
  partialCount: z.number().int(),
  /** Resources with no charge (networks, roles); absent from older stored deployments. */
  freeCount: z.number().int().optional(),
  /** The oldest price date used, null when nothing is priced. */
  pricesAsOf: z.string().nullable(),
  /** The price book version the estimate used; absent from older stored deployments. */
  bookVersion: z.string().optional(),
});
export type TCostSummary = z.infer<typeof ZCostSummary>;

export const ZRollback = z.object({
  status: z.enum(['running', 'completed']),
  startTime: z.string(),
  endTime: z.string().nullable(),
});

/** §3 Deployment execution, derived from its stored start time (a simulation). */
export const ZDeploymentExecution = z.object({
  id: z.string(),
  /** The deployment config it ran (one per project: the project id). */
  configId: z.string(),
  provider: z.enum(CLOUDS),
  environment: ZDeployEnvironment,
  status: ZDeployStatus,
  startTime: z.string(),
  endTime: z.string().nullable(),
  logs: z.array(ZDeployLog),
  rollbackAvailable: z.boolean(),
  /** Set on completion: the resources' monthly cost × provider multiplier (§4, §9). */
  cost: z.number().nullable(),
  resourceCount: z.number().int(),
  unpricedCount: z.number().int(),
  rollback: ZRollback.nullable(),
  /** The project revision that was deployed. */
  revision: z.number().int(),
  /** Always true: the simulated driver (DESIGN.md "Deployment"). */
  simulation: z.literal(true),
});
export type TDeploymentExecution = z.infer<typeof ZDeploymentExecution>;

/** An execution with the resources it deployed, as priced when it started. */
export const ZDeploymentDetail = ZDeploymentExecution.extend({
  resources: z.array(ZDeployResource),
  costSummary: ZCostSummary,
});
export type TDeploymentDetail = z.infer<typeof ZDeploymentDetail>;

/** Whether the user's plan may deploy (§6: ultra-pro and enterprise). */
export const ZDeployGate = z.object({
  allowed: z.boolean(),
  plans: z.array(ZPlanId),
  /** Why not, and how to upgrade; null when allowed. */
  reason: z.string().nullable(),
});

/** §3 Deployment config of a project: its current resources priced for one environment. */
export const ZDeploymentConfig = z.object({
  /** One config per project: the project id. */
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  provider: z.enum(CLOUDS).nullable(),
  region: z.string().nullable(),
  /** The environment priced: the one asked for, else the design's first. */
  environment: ZDeployEnvironment,
  /** The design's environments, in its order: what step 6 offers. */
  environments: z.array(ZDeployEnvironment),
  resources: z.array(ZDeployResource),
  costSummary: ZCostSummary,
  /** Problems that stop a deployment (the engine's design errors); empty when deployable. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
  /** The project's executions, newest first. */
  deployments: z.array(ZDeploymentExecution),
});
export type TDeploymentConfig = z.infer<typeof ZDeploymentConfig>;

export const ZDeploymentParams = z.object({
  id: zString(100).min(1),
  deploymentId: zString(100).min(1),
});

export const ZDeploymentResponse = z.object({
  success: z.literal(true),
  data: z.object({ deployment: ZDeploymentDetail }),
});
export type TDeploymentResponse = z.infer<typeof ZDeploymentResponse>;

/** §4 Deployment execution (simulated): milliseconds after the start, and after a rollback. */
export const DEPLOY_TIMELINE_MS = { running: 1000, completed: 5000, rollback: 3000 } as const;
