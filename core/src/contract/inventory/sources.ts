import { z } from 'zod';
import { ZOk, zString, zText } from '../common';
import { ZIdParams } from '../admin/paging';
import { defineEndpoint } from '../endpoint';
import {
  REFRESH_KINDS,
  ZImportWarning,
  ZSource,
  ZSourceCounts,
  ZSourceKind,
  ZSourceVersion,
  ZVersionDiff,
} from './model';

export const ZSourceName = zText(120).pipe(z.string().trim().min(1, 'Give the source a name.'));

/**
 * `POST /api/inventory/sources`. `content` is the file's text (up to 50 MB). The same import also
 * accepts the raw file streamed: `POST /api/inventory/sources/upload?kind=&name=` with the file as
 * the request body (any content type), which is how the page sends files.
 */
export const ZCreateSourceBody = z.object({
  kind: ZSourceKind,
  name: ZSourceName,
  content: z.string(),
});
export type TCreateSourceBody = z.infer<typeof ZCreateSourceBody>;

export const ZImportResult = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.uuid(),
    version: z.number().int(),
    counts: ZSourceCounts,
    warnings: z.array(ZImportWarning),
  }),
});
export type TImportResult = z.infer<typeof ZImportResult>;

export const createSource = defineEndpoint({
  method: 'POST',
  path: '/api/inventory/sources',
  summary: 'Import a Terraform state, plan, Azure what-if, driftctl report or CSV as a source',
  auth: true,
  body: ZCreateSourceBody,
  response: ZImportResult,
  audit: { action: 'inventory.sources.create', target: 'inventory_source' },
});

export const ZUploadSourceQuery = z.object({ kind: ZSourceKind, name: ZSourceName });
export const uploadSource = defineEndpoint({
  method: 'POST',
  path: '/api/inventory/sources/upload',
  summary: 'Import a source from the streamed request body (files up to 50 MB)',
  auth: true,
  querystring: ZUploadSourceQuery,
  response: ZImportResult,
  audit: { action: 'inventory.sources.create', target: 'inventory_source' },
});

export const listSources = defineEndpoint({
  method: 'GET',
  path: '/api/inventory/sources',
  summary: "The user's sources, newest first",
  auth: true,
  response: z.object({ success: z.literal(true), data: z.object({ items: z.array(ZSource) }) }),
});

export const getSource = defineEndpoint({
  method: 'GET',
  path: '/api/inventory/sources/:id',
  summary: 'One source with all its kept versions',
  auth: true,
  params: ZIdParams,
  response: z.object({
    success: z.literal(true),
    data: ZSource.extend({ versions: z.array(ZSourceVersion) }),
  }),
});

/** Re-import: a new version; the older ones are kept for comparison (the newest 20). */
export const reimportSource = defineEndpoint({
  method: 'POST',
  path: '/api/inventory/sources/:id/versions',
  summary: 'Import a new version of a source (JSON `{ content }` or the streamed file)',
  auth: true,
  params: ZIdParams,
  response: ZImportResult,
  audit: { action: 'inventory.sources.reimport', target: 'inventory_source' },
});

export const deleteSource = defineEndpoint({
  method: 'DELETE',
  path: '/api/inventory/sources/:id',
  summary: 'Delete a source, its versions, assets, schedules and scans',
  auth: true,
  params: ZIdParams,
  response: ZOk,
  audit: { action: 'inventory.sources.delete', target: 'inventory_source' },
});

export const ZVersionDiffQuery = z.object({
  from: z.coerce.number().int().min(1),
  to: z.coerce.number().int().min(1),
});
export const compareSourceVersions = defineEndpoint({
  method: 'GET',
  path: '/api/inventory/sources/:id/compare',
  summary: 'What changed between two versions of a source',
  auth: true,
  params: ZIdParams,
  querystring: ZVersionDiffQuery,
  response: z.object({ success: z.literal(true), data: ZVersionDiff }),
});

/** Credentials are stored encrypted and never answered back. */
export const ZRefreshCredentials = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  /** A URL: an optional `Authorization` header value (e.g. `Bearer …`, Terraform Cloud tokens). */
  z.object({ kind: z.literal('header'), authorization: zString(4096) }),
  z.object({
    kind: z.literal('aws'),
    accessKeyId: zString(128),
    secretAccessKey: zString(256),
    sessionToken: zString(4096).optional(),
  }),
  /** Azure Blob: a SAS token (`sv=…&sig=…`) or the storage account key. */
  z.object({ kind: z.literal('azure-sas'), sasToken: zString(4096) }),
  z.object({ kind: z.literal('azure-key'), accountKey: zString(256) }),
  /** GCS: a service-account JSON key, or an OAuth access token. */
  z.object({ kind: z.literal('gcp-service-account'), keyJson: zString(16_384) }),
  z.object({ kind: z.literal('gcp-token'), accessToken: zString(4096) }),
]);
export type TRefreshCredentials = z.infer<typeof ZRefreshCredentials>;

export const ZRefreshConfig = z.object({
  kind: z.enum(REFRESH_KINDS),
  /** `url`: the https URL. */
  url: zString(2048).optional(),
  /** `s3`/`gcs`: the bucket; `azureblob`: the storage account. */
  bucket: zString(255).optional(),
  /** `azureblob`: the container. */
  container: zString(255).optional(),
  /** The object key / blob name (e.g. `env/prod/terraform.tfstate`). */
  key: zString(1024).optional(),
  /** `s3`: the bucket's region. */
  region: zString(64).optional(),
  /**
   * Another service speaking the same protocol (as Terraform's backends allow): an S3-compatible
   * store (MinIO, Ceph, R2 — path-style), Azurite (`http://host:10000`), a GCS-compatible server.
   * The backend's own host when absent. Fetched through the egress policy like everything else.
   */
  endpoint: zString(2048).optional(),
  /** Every 15 minutes to every 7 days. */
  intervalMinutes: z.number().int().min(15).max(10_080),
  /** Omitted on an update: keep the stored credentials. */
  credentials: ZRefreshCredentials.optional(),
});
export type TRefreshConfig = z.infer<typeof ZRefreshConfig>;

export const setSourceRefresh = defineEndpoint({
  method: 'PUT',
  path: '/api/inventory/sources/:id/refresh',
  summary: 'Refresh a source on a schedule from a URL or an S3, Azure Blob or GCS state backend',
  auth: true,
  params: ZIdParams,
  body: ZRefreshConfig,
  response: z.object({ success: z.literal(true), data: ZSource }),
  audit: { action: 'inventory.refresh.set', target: 'inventory_source' },
});

export const deleteSourceRefresh = defineEndpoint({
  method: 'DELETE',
  path: '/api/inventory/sources/:id/refresh',
  summary: 'Stop refreshing a source and forget its credentials',
  auth: true,
  params: ZIdParams,
  response: ZOk,
  audit: { action: 'inventory.refresh.delete', target: 'inventory_source' },
});

export const runSourceRefresh = defineEndpoint({
  method: 'POST',
  path: '/api/inventory/sources/:id/refresh/run',
  summary: 'Fetch the source from its backend now',
  auth: true,
  params: ZIdParams,
  response: ZImportResult,
  audit: { action: 'inventory.refresh.run', target: 'inventory_source' },
});
