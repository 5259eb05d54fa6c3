import { z } from 'zod';
import { ZDateTime, ZOk, zString, zText } from '../common';
import { ZIdParams } from '../admin/paging';
import { defineEndpoint } from '../endpoint';

/** Issue 14 §4–6. */
export const DRIFT_STATUSES = ['changed', 'missing', 'unmanaged', 'unknown'] as const;
export const ZDriftStatus = z.enum(DRIFT_STATUSES);
export type TDriftStatus = z.infer<typeof ZDriftStatus>;

/** A JSON path into a resource's attributes: `["ttl", 0, "enabled"]`, `["tags", "Name"]`. */
export const ZAttrPath = z.array(z.union([z.string(), z.number()]));
export type TAttrPath = z.infer<typeof ZAttrPath>;

export const ZAttributeChange = z.object({
  path: ZAttrPath,
  /** What IaC says (desired); absent when IaC does not set it (or, for Kubernetes, is not kept). */
  before: z.unknown().optional(),
  /** What the cloud has (actual); absent when the cloud does not return it. */
  after: z.unknown().optional(),
});
export type TAttributeChange = z.infer<typeof ZAttributeChange>;

/** Ultra-pro: how to reconcile one drift. */
export const ZRecommendation = z.object({
  /**
   * `revert` (apply IaC again), `adopt` (change the code to what the cloud has), `import` (an
   * `import` block for an unmanaged resource), `remove` (drop it from state: `removed` block),
   * `recreate` (the resource is gone: apply re-creates it), `review` (unknown: look at it).
   */
  action: z.enum(['revert', 'adopt', 'import', 'remove', 'recreate', 'review']),
  summary: z.string(),
  /** HCL to paste (import block, changed arguments) or a command line. */
  code: z.string().nullable(),
});
export type TRecommendation = z.infer<typeof ZRecommendation>;

export const ZDriftChange = z.object({
  /** Terraform address (unmanaged: a suggested one, `aws_instance.i_010376047a71419f1`). */
  address: z.string(),
  /** The cloud's id of the resource. */
  id: z.string().nullable(),
  resourceType: z.string(),
  status: ZDriftStatus,
  attributes: z.array(ZAttributeChange),
  /** Unknown: why (what-if `unsupportedReason`), or null. */
  reason: z.string().nullable(),
  /** How many assets depend on it (CMDB blast radius), when the desired side is a stored source. */
  blastRadius: z.number().int().nullable(),
  /** Ultra-pro and up; null below. */
  recommendation: ZRecommendation.nullable(),
});
export type TDriftChange = z.infer<typeof ZDriftChange>;

export const ZDriftSummary = z.object({
  inSync: z.number().int().min(0),
  changed: z.number().int().min(0),
  missing: z.number().int().min(0),
  unmanaged: z.number().int().min(0),
  unknown: z.number().int().min(0),
  /** Resources of types the scan did not read (counted, not listed as drift). */
  notChecked: z.number().int().min(0),
});
export type TDriftSummary = z.infer<typeof ZDriftSummary>;

export const ACTUAL_KINDS = ['plan', 'whatif', 'driftctl', 'snapshot', 'aws', 'k8s'] as const;

export const ZDesiredSide = z.union([
  z.object({ kind: z.literal('tfstate'), content: z.string() }),
  z.object({ sourceId: z.uuid() }),
]);

export const ZActualSide = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('plan'), content: z.string() }),
  z.object({ kind: z.literal('whatif'), content: z.string() }),
  z.object({ kind: z.literal('driftctl'), content: z.string() }),
  /** One resource type's attributes as the provider reads them back (the shape state uses). */
  z.object({ kind: z.literal('snapshot'), content: z.string(), resourceType: zString(128) }),
  /** Live read through the AWS SDK with a stored connection (§6). */
  z.object({
    kind: z.literal('aws'),
    connectionId: z.uuid(),
    /** Default: every type the live reader supports. */
    resourceTypes: z.array(zString(128)).optional(),
  }),
  /** Live Kubernetes objects compared with the manifests Stratum applied to the cluster. */
  z.object({ kind: z.literal('k8s'), clusterId: z.uuid() }),
]);
export type TActualSide = z.infer<typeof ZActualSide>;

export const ZDriftScanBody = z.object({
  /** Optional when `actual` is a plan or a what-if: they carry both sides. */
  desired: ZDesiredSide.optional(),
  actual: ZActualSide,
  /** Enterprise: the project whose generated code the pull-request patch is made against. */
  projectId: z.uuid().optional(),
});
export type TDriftScanBody = z.infer<typeof ZDriftScanBody>;

/** What a plan allows of a scan's result (§6 digital twin). */
export const ZDriftAccess = z.object({
  /** Free: counts only (`changes` is empty). */
  detect: z.boolean(),
  recommend: z.boolean(),
  autopr: z.boolean(),
});

/** A plan's planned action on one resource (configuration against the cloud): not drift. */
export const ZPlanAction = z.object({
  address: z.string(),
  /** Where a moved resource was (`moved` blocks), else null. */
  previousAddress: z.string().nullable(),
  type: z.string(),
  action: z.enum(['create', 'update', 'delete', 'replace', 'forget']),
  /** Terraform's `action_reason` verbatim (`replace_because_cannot_update`), or null. */
  reason: z.string().nullable(),
  /** For a replacement: the arguments that force it (`ami`, `tags.Name`). */
  replacePaths: z.array(z.string()),
});
export type TPlanAction = z.infer<typeof ZPlanAction>;

export const ZDriftScan = z.object({
  id: z.uuid(),
  createdAt: ZDateTime,
  sourceId: z.uuid().nullable(),
  actualKind: z.enum(ACTUAL_KINDS),
  /** `manual` or `schedule`. */
  trigger: z.enum(['manual', 'schedule']),
  summary: ZDriftSummary,
  changes: z.array(ZDriftChange),
  /** Types compared, and types the desired side has that the actual side did not read. */
  checkedTypes: z.array(z.string()),
  notCheckedTypes: z.array(z.string()),
  /** Entries dropped as noise, by rule (`timeouts`, `terraform-only`, `empty-equivalent`…). */
  noise: z.array(z.object({ rule: z.string(), count: z.number().int().min(1) })),
  /** Changes hidden by the user's ignore rules. */
  ignored: z.number().int().min(0),
  /** What the reader could not take as it is (driftctl alerts, what-if diagnostics). */
  warnings: z.array(z.string()),
  /** Plans (as the plan allows detection): the planned actions, listed apart from drift. */
  planActions: z.array(ZPlanAction),
  /** Against the previous scan of the same source: addresses that are new, resolved. */
  sincePrevious: z
    .object({
      scanId: z.uuid(),
      appeared: z.array(z.string()),
      resolved: z.array(z.string()),
    })
    .nullable(),
  access: ZDriftAccess,
});
export type TDriftScan = z.infer<typeof ZDriftScan>;

export const runDriftScan = defineEndpoint({
  method: 'POST',
  path: '/api/drift/scans',
  summary: 'Compare desired state with a plan, what-if, driftctl report, snapshot or live read',
  auth: true,
  body: ZDriftScanBody,
  response: z.object({ success: z.literal(true), data: ZDriftScan }),
  audit: { action: 'drift.scans.run', target: 'drift_scan' },
});

export const ZDriftScanListItem = ZDriftScan.pick({
  id: true,
  createdAt: true,
  sourceId: true,
  actualKind: true,
  trigger: true,
  summary: true,
});
export const listDriftScans = defineEndpoint({
  method: 'GET',
  path: '/api/drift/scans',
  summary: 'Scan history, newest first',
  auth: true,
  querystring: z.object({
    source: z.uuid().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  response: z.object({
    success: z.literal(true),
    data: z.object({ items: z.array(ZDriftScanListItem) }),
  }),
});

export const getDriftScan = defineEndpoint({
  method: 'GET',
  path: '/api/drift/scans/:id',
  summary: 'One scan with its changes (by plan)',
  auth: true,
  params: ZIdParams,
  response: z.object({ success: z.literal(true), data: ZDriftScan }),
});

/** Enterprise (`autopr`): a unified diff against the project's generated Terraform. */
export const getDriftPatch = defineEndpoint({
  method: 'GET',
  path: '/api/drift/scans/:id/patch',
  summary: 'A pull-request patch (unified diff) that reconciles the scan in the generated code',
  auth: true,
  params: ZIdParams,
  response: z.object({
    success: z.literal(true),
    data: z.object({
      projectId: z.uuid(),
      generationId: z.uuid().nullable(),
      /** `git apply`-able; empty when nothing in the code needs to change. */
      diff: z.string(),
      files: z.array(z.string()),
      title: z.string(),
      body: z.string(),
    }),
  }),
});

/** §5 ignore rules (like `.driftignore`): every field set must match. */
export const ZIgnoreRuleInput = z
  .object({
    /** Glob over addresses: `module.legacy.*`, `aws_s3_bucket.logs*`. */
    addressPattern: zString(512).optional(),
    resourceType: zString(128).optional(),
    /** A dotted attribute path (`tags.LastScanned`, `ttl.0.enabled`); the whole resource when absent. */
    attributePath: zString(512).optional(),
    note: zText(500).optional(),
    /** Null: all the user's sources. */
    sourceId: z.uuid().nullable().optional(),
  })
  .refine((r) => r.addressPattern || r.resourceType || r.attributePath, {
    message: 'Say which addresses, resource type or attribute path the rule ignores.',
  });
export const ZIgnoreRule = z.object({
  id: z.uuid(),
  addressPattern: z.string().nullable(),
  resourceType: z.string().nullable(),
  attributePath: z.string().nullable(),
  note: z.string().nullable(),
  sourceId: z.uuid().nullable(),
  createdAt: ZDateTime,
});
export type TIgnoreRule = z.infer<typeof ZIgnoreRule>;

export const listIgnoreRules = defineEndpoint({
  method: 'GET',
  path: '/api/drift/ignore-rules',
  summary: "The user's drift ignore rules",
  auth: true,
  response: z.object({
    success: z.literal(true),
    data: z.object({ items: z.array(ZIgnoreRule) }),
  }),
});
export const createIgnoreRule = defineEndpoint({
  method: 'POST',
  path: '/api/drift/ignore-rules',
  summary: 'Add a drift ignore rule',
  auth: true,
  body: ZIgnoreRuleInput,
  response: z.object({ success: z.literal(true), data: ZIgnoreRule }),
  audit: { action: 'drift.ignoreRules.create', target: 'drift_ignore_rule' },
});
export const deleteIgnoreRule = defineEndpoint({
  method: 'DELETE',
  path: '/api/drift/ignore-rules/:id',
  summary: 'Remove a drift ignore rule',
  auth: true,
  params: ZIdParams,
  response: ZOk,
  audit: { action: 'drift.ignoreRules.delete', target: 'drift_ignore_rule' },
});

/** §5 scheduled scans: a source's state against a live read or its refreshed plan. */
export const ZDriftScheduleInput = z.object({
  sourceId: z.uuid(),
  actual: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('aws'), connectionId: z.uuid() }),
    z.object({ kind: z.literal('k8s'), clusterId: z.uuid() }),
  ]),
  intervalMinutes: z.number().int().min(15).max(10_080),
  /** Send the owner a message after each scan, or only when the drift changed. */
  notify: z.enum(['always', 'on-change', 'never']).default('on-change'),
});
export const ZDriftSchedule = z.object({
  id: z.uuid(),
  sourceId: z.uuid(),
  actualKind: z.enum(['aws', 'k8s']),
  targetId: z.uuid(),
  intervalMinutes: z.number().int(),
  notify: z.enum(['always', 'on-change', 'never']),
  lastRunAt: ZDateTime.nullable(),
  lastScanId: z.uuid().nullable(),
  lastError: z.string().nullable(),
  nextRunAt: ZDateTime,
});
export type TDriftSchedule = z.infer<typeof ZDriftSchedule>;

export const listDriftSchedules = defineEndpoint({
  method: 'GET',
  path: '/api/drift/schedules',
  summary: "The user's scheduled drift scans",
  auth: true,
  response: z.object({
    success: z.literal(true),
    data: z.object({ items: z.array(ZDriftSchedule) }),
  }),
});
export const createDriftSchedule = defineEndpoint({
  method: 'POST',
  path: '/api/drift/schedules',
  summary: 'Scan a source on a schedule',
  auth: true,
  body: ZDriftScheduleInput,
  response: z.object({ success: z.literal(true), data: ZDriftSchedule }),
  audit: { action: 'drift.schedules.create', target: 'drift_schedule' },
});
export const deleteDriftSchedule = defineEndpoint({
  method: 'DELETE',
  path: '/api/drift/schedules/:id',
  summary: 'Stop a scheduled drift scan',
  auth: true,
  params: ZIdParams,
  response: ZOk,
  audit: { action: 'drift.schedules.delete', target: 'drift_schedule' },
});
