import { z } from 'zod';
import { ZDateTime } from '../common';
import { CLOUDS } from '../../iac/types';

/**
 * Issue 14: the estate as Terraform state, plans, Azure what-if, driftctl reports and CSV files
 * describe it — sources, assets (managed resource instances), the CMDB graph and drift scans.
 * These are the shapes the server answers and the web reads; the pure logic that produces them
 * lives in `core/src/inventory/` and `core/src/drift/`.
 */

export const SOURCE_KINDS = ['tfstate', 'plan', 'whatif', 'driftctl', 'csv'] as const;
export const ZSourceKind = z.enum(SOURCE_KINDS);
export type TSourceKind = z.infer<typeof ZSourceKind>;

/** Files up to 50 MB (issue 14 §1). */
export const SOURCE_MAX_BYTES = 50 * 1024 * 1024;

export const ZSourceCounts = z.object({
  /** Resource blocks (`resources[]` of a state; distinct `module.type.name` of a plan). */
  blocks: z.number().int().min(0),
  /** Resource instances, managed and data. */
  instances: z.number().int().min(0),
  managed: z.number().int().min(0),
  data: z.number().int().min(0),
  /** Distinct module instances (`module.a["k"]`), the root not counted. */
  modules: z.number().int().min(0),
  outputs: z.number().int().min(0),
});
export type TSourceCounts = z.infer<typeof ZSourceCounts>;

/** Something the importer could not take as it is, said once per kind with how many. */
export const ZImportWarning = z.object({
  code: z.string(),
  message: z.string(),
  count: z.number().int().min(1),
  /** Up to 20 addresses it concerns. */
  examples: z.array(z.string()),
});
export type TImportWarning = z.infer<typeof ZImportWarning>;

/** Where a source is refreshed from on a schedule. Secrets are never answered back. */
export const REFRESH_KINDS = ['url', 's3', 'azureblob', 'gcs'] as const;
export const ZRefreshSummary = z.object({
  kind: z.enum(REFRESH_KINDS),
  /** What is fetched, without credentials: the URL, `s3://bucket/key`, `azblob://account/container/blob`, `gs://bucket/object`. */
  location: z.string(),
  intervalMinutes: z.number().int(),
  hasCredentials: z.boolean(),
  lastRunAt: ZDateTime.nullable(),
  /** The last run's outcome in words (`Imported version 4`, `Unchanged`, or why it failed). */
  lastResult: z.string().nullable(),
  lastOk: z.boolean().nullable(),
  nextRunAt: ZDateTime.nullable(),
});
export type TRefreshSummary = z.infer<typeof ZRefreshSummary>;

export const ZSourceVersion = z.object({
  id: z.uuid(),
  version: z.number().int().min(1),
  importedAt: ZDateTime,
  bytes: z.number().int().min(0),
  sha256: z.string(),
  counts: ZSourceCounts,
  warnings: z.array(ZImportWarning),
  /** Terraform's `terraform_version` and, for a state, its `serial` and `lineage`. */
  terraformVersion: z.string().nullable(),
  serial: z.number().int().nullable(),
  lineage: z.string().nullable(),
  /** `upload`, `refresh` (schedule) or `api`. */
  origin: z.enum(['upload', 'refresh', 'api']),
});
export type TSourceVersion = z.infer<typeof ZSourceVersion>;

export const ZSource = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: ZSourceKind,
  createdAt: ZDateTime,
  updatedAt: ZDateTime,
  /** The newest version (the one assets and the graph are read from). */
  current: ZSourceVersion,
  versionCount: z.number().int().min(1),
  refresh: ZRefreshSummary.nullable(),
});
export type TSource = z.infer<typeof ZSource>;

export const ZCloud = z.enum(CLOUDS);

/** One managed resource instance (data sources are never assets). */
export const ZAsset = z.object({
  id: z.uuid(),
  sourceId: z.uuid(),
  sourceName: z.string(),
  /** Full address exactly as Terraform writes it: `module.a["k.1"].aws_s3_bucket.this[0]`. */
  address: z.string(),
  /** `module.a["k.1"]`, or null at the root. */
  module: z.string().nullable(),
  type: z.string(),
  /** Provider type (`aws`, `google-beta`, `azurerm`…), null when the source does not say. */
  provider: z.string().nullable(),
  /** Null for builtin and non-cloud providers (`terraform`, `random`, `tls`, `local`…). */
  cloud: ZCloud.nullable(),
  region: z.string().nullable(),
  /** The cloud's own id (`i-0abc…`, an ARM id, a GCP self link or id). */
  cloudId: z.string().nullable(),
  /** A human name: the `name`/`bucket`/`Name` tag, or the block name. */
  name: z.string(),
  tags: z.record(z.string(), z.string()),
  lastSeenAt: ZDateTime,
});
export type TAsset = z.infer<typeof ZAsset>;

/** The detail drawer: the asset and its attributes with sensitive values replaced. */
export const ZAssetDetail = ZAsset.extend({
  /** Attributes as the source holds them; values the state marks sensitive are `MASKED_VALUE`. */
  attributes: z.record(z.string(), z.unknown()),
  /** Attribute paths (`["password"]`, `["connection", 0, "key"]`) that were masked. */
  maskedPaths: z.array(z.array(z.union([z.string(), z.number()]))),
  dependencies: z.array(z.string()),
  dependents: z.array(z.string()),
  /** Source versions this address has been seen in, newest first (at most 20). */
  history: z.array(
    z.object({ version: z.number().int(), importedAt: ZDateTime, present: z.boolean() }),
  ),
});
export type TAssetDetail = z.infer<typeof ZAssetDetail>;

/** What a masked value shows as, everywhere. */
export const MASKED_VALUE = '(sensitive)';

export const ZFacetCount = z.object({ value: z.string(), count: z.number().int().min(0) });
export const ZAssetFacets = z.object({
  cloud: z.array(ZFacetCount),
  type: z.array(ZFacetCount),
  region: z.array(ZFacetCount),
  /** `key=value` pairs, the 200 most used. */
  tag: z.array(ZFacetCount),
  source: z.array(ZFacetCount),
});
export type TAssetFacets = z.infer<typeof ZAssetFacets>;

/** What changed between two versions of one source, by address. */
export const ZVersionDiff = z.object({
  from: z.number().int(),
  to: z.number().int(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  /** Addresses whose attributes differ, with the top-level attribute names that changed. */
  changed: z.array(z.object({ address: z.string(), attributes: z.array(z.string()) })),
});
export type TVersionDiff = z.infer<typeof ZVersionDiff>;
