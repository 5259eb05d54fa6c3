import { z } from 'zod';
import { PRICE_FAMILIES } from '../../costing/book';
import { CLOUDS, type TCloud } from '../../iac/types';
import { zString } from '../common';
import { defineEndpoint } from '../endpoint';
import { ZIdParams, ZPageQuery, zPage } from './paging';

/**
 * Staff (`system.manage`): the providers' own price lists imported into the price book
 * (issue 13 item 2). A file is sent as the raw body of `PUT /api/admin/price-imports/:id/file`
 * after the import is created, so the page can poll the import's progress while it uploads.
 */

/** The formats an import reads, each the provider's own published shape. */
export const PRICE_IMPORT_FORMATS = [
  'aws-offer-json',
  'aws-offer-csv',
  'azure-retail-json',
  'gcp-billing-json',
  'gcp-pricing-yml',
  'oci-products-json',
] as const;
export type TPriceImportFormat = (typeof PRICE_IMPORT_FORMATS)[number];

export interface TPriceImportFormatInfo {
  cloud: TCloud;
  label: string;
  /** What the admin downloads and where from, in one sentence. */
  hint: string;
  /** File-name endings the file picker offers. */
  accept: string;
}

export const PRICE_IMPORT_FORMAT_INFO: Readonly<
  Record<TPriceImportFormat, TPriceImportFormatInfo>
> = {
  'aws-offer-json': {
    cloud: 'aws',
    label: 'AWS Price List bulk offer file (JSON)',
    hint: 'An offer file (e.g. AmazonEC2 for one region) from the AWS Price List Bulk API: products and terms.OnDemand.',
    accept: '.json',
  },
  'aws-offer-csv': {
    cloud: 'aws',
    label: 'AWS Price List bulk offer file (CSV)',
    hint: 'The same offer file in its CSV form (5 metadata rows, then a header row).',
    accept: '.csv',
  },
  'azure-retail-json': {
    cloud: 'azure',
    label: 'Azure Retail Prices API pages (JSON)',
    hint: 'One or more saved pages of prices.azure.com/api/retail/prices (Items, NextPageLink), or an array of Items.',
    accept: '.json',
  },
  'gcp-billing-json': {
    cloud: 'gcp',
    label: 'GCP Cloud Billing Catalog SKU list (JSON)',
    hint: 'One or more pages of cloudbilling.googleapis.com/v1/services/<id>/skus (skus[], pricingInfo).',
    accept: '.json',
  },
  'gcp-pricing-yml': {
    cloud: 'gcp',
    label: 'GCP pricing.yml (Cyclenerd, per machine type)',
    hint: "Cyclenerd's google-cloud-pricing-cost-calculator pricing.yml (Apache-2.0; portions CC-BY-4.0 Google).",
    accept: '.yml,.yaml',
  },
  'oci-products-json': {
    cloud: 'oci',
    label: 'Oracle Cloud price list (products JSON)',
    hint: 'apexapps.oracle.com/pls/apex/cetools/api/v1/products/?currencyCode=USD (items[]). Shape provisional.',
    accept: '.json',
  },
};

/** The largest file one import reads (an AWS per-region offer file is hundreds of MB). */
export const PRICE_IMPORT_MAX_BYTES = 2 * 1024 * 1024 * 1024;

export const ZPriceImportStatus = z.enum(['waiting', 'running', 'completed', 'failed']);
export type TPriceImportStatus = z.infer<typeof ZPriceImportStatus>;

const ZCloud = z.enum(CLOUDS);

export const ZPriceImportSummary = z.object({
  /** Keys the book in force did not have before. */
  added: z.number().int(),
  /** Keys whose price or unit changed. */
  changed: z.number().int(),
  unchanged: z.number().int(),
  /** Keys an earlier import had in the families and regions this one covers, and this one has not. */
  removed: z.number().int(),
  /** Records of the file that map to no family or SKU of the book (not errors). */
  skipped: z.number().int(),
});
export type TPriceImportSummary = z.infer<typeof ZPriceImportSummary>;

export const ZPriceImport = z.object({
  id: z.uuid(),
  cloud: ZCloud,
  format: z.enum(PRICE_IMPORT_FORMATS),
  fileName: z.string(),
  sourceUrl: z.string().nullable(),
  /** Bytes the file has (declared by the upload or the server answering the URL); null when unknown. */
  byteSize: z.number().int().nullable(),
  bytesRead: z.number().int(),
  /** Products, items or SKUs read from the file so far. */
  recordsRead: z.number().int(),
  /** Prices kept so far (rows of the book). */
  rowsKept: z.number().int(),
  status: ZPriceImportStatus,
  /** Why it failed: what is wrong and where (byte offset, item). */
  error: z.string().nullable(),
  /** The date of the price list (its publication date, or the import's day when it has none). */
  asOf: z.string().nullable(),
  /** What the file says it is (e.g. `AmazonEC2 20260801…`). */
  title: z.string().nullable(),
  summary: ZPriceImportSummary,
  skippedReasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  /** What this format cannot price, said once per import. */
  notes: z.array(z.string()),
  /** Whether this import changed the book in force (one that changed nothing is only recorded). */
  isApplied: z.boolean(),
  /** Whether its rows are the latest import of this cloud in force. */
  isCurrent: z.boolean(),
  createdBy: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TPriceImport = z.infer<typeof ZPriceImport>;

const ZImportResponse = z.object({ success: z.literal(true), data: ZPriceImport });

export const ZPriceListCloud = z.object({
  cloud: ZCloud,
  priced: z.boolean(),
  /** Rows of this cloud in the book in force, and how many of them an import gave. */
  rows: z.number().int(),
  importedRows: z.number().int(),
  seed: z.object({ rows: z.number().int(), asOf: z.string().nullable() }),
  /** The newest import applied (the version in force), if any. */
  current: ZPriceImport.nullable(),
  /** The import waiting for or reading its file, if any. */
  running: ZPriceImport.nullable(),
});
export type TPriceListCloud = z.infer<typeof ZPriceListCloud>;

export const ZPriceListsResponse = z.object({
  success: z.literal(true),
  data: z.object({ bookVersion: z.string(), clouds: z.array(ZPriceListCloud) }),
});
export type TPriceListsResponse = z.infer<typeof ZPriceListsResponse>;

/** The price book in force per cloud: its version, source and date, and any import running. */
export const listPriceLists = defineEndpoint({
  method: 'GET',
  path: '/api/admin/price-lists',
  summary: 'Staff: the price list in force per cloud',
  auth: true,
  response: ZPriceListsResponse,
});

export const ZListPriceImportsQuery = ZPageQuery.extend({ cloud: ZCloud.optional() });

export const ZListPriceImportsResponse = z.object({
  success: z.literal(true),
  data: zPage(ZPriceImport),
});
export type TListPriceImportsResponse = z.infer<typeof ZListPriceImportsResponse>;

/** Every import (the versions), newest first. */
export const listPriceImports = defineEndpoint({
  method: 'GET',
  path: '/api/admin/price-imports',
  summary: 'Staff: the price-list imports (versions), newest first',
  auth: true,
  querystring: ZListPriceImportsQuery,
  response: ZListPriceImportsResponse,
});

export const ZStartPriceImportInput = z
  .object({
    format: z.enum(PRICE_IMPORT_FORMATS),
    /** The file's name as the admin chose it (for the history); default: the URL's last segment. */
    fileName: zString(255).pipe(z.string().trim().min(1)).optional(),
    /** The file's size, for the progress bar while it uploads. */
    byteSize: z.number().int().min(0).max(PRICE_IMPORT_MAX_BYTES).optional(),
    /** Instead of an upload: an http(s) URL the server fetches through the egress policy. */
    url: zString(2048)
      .pipe(z.url({ protocol: /^https?$/ }))
      .optional(),
    /** The date of the prices when the file carries none (Azure, OCI): default today. */
    asOf: z.iso.date().optional(),
  })
  .refine((v) => v.fileName !== undefined || v.url !== undefined, {
    message: 'Give the file name, or a URL to fetch',
    path: ['fileName'],
  });
export type TStartPriceImportInput = z.input<typeof ZStartPriceImportInput>;

/**
 * Creates an import (409 `costing/import_running` while another of the same cloud runs). With
 * `url`, the server fetches and reads it now; otherwise send the file to `…/:id/file`.
 */
export const startPriceImport = defineEndpoint({
  method: 'POST',
  path: '/api/admin/price-imports',
  summary: 'Staff: start importing a provider price list (upload next, or a URL)',
  auth: true,
  body: ZStartPriceImportInput,
  response: ZImportResponse,
  audit: { action: 'costing.price_import', target: 'price_import' },
});

/**
 * The file, as the raw request body (any content type, up to PRICE_IMPORT_MAX_BYTES), read as
 * it arrives. Answers when the import has completed; 400 `costing/import_invalid` naming what
 * is wrong and where, with nothing imported.
 */
export const uploadPriceImportFile = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/price-imports/:id/file',
  summary: 'Staff: send the price-list file of an import (raw body, streamed)',
  auth: true,
  params: ZIdParams,
  response: ZImportResponse,
  audit: { action: 'costing.price_import.upload', target: 'price_import' },
});

/** One import with its progress (poll it while the file uploads). */
export const getPriceImport = defineEndpoint({
  method: 'GET',
  path: '/api/admin/price-imports/:id',
  summary: 'Staff: one price-list import and its progress',
  auth: true,
  params: ZIdParams,
  response: ZImportResponse,
});

export const ZPriceChangeKind = z.enum(['added', 'changed', 'removed']);

export const ZPriceChange = z.object({
  kind: ZPriceChangeKind,
  family: z.enum(PRICE_FAMILIES),
  sku: z.string(),
  region: z.string(),
  unit: z.string(),
  /** The price before this import (null: the book had none). */
  oldPrice: z.number().nullable(),
  oldUnit: z.string().nullable(),
  oldSource: z.string().nullable(),
  oldAsOf: z.string().nullable(),
  /** The price after it (null for `removed` when no seed row takes its place). */
  newPrice: z.number().nullable(),
  newSource: z.string().nullable(),
  newAsOf: z.string().nullable(),
});
export type TPriceChange = z.infer<typeof ZPriceChange>;

export const ZPriceDiffQuery = ZPageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
  kind: ZPriceChangeKind.optional(),
});

export const ZPriceDiffResponse = z.object({
  success: z.literal(true),
  data: zPage(ZPriceChange).extend({
    import: ZPriceImport,
    /** The import whose rows were in force before (null: the seed only). */
    previous: ZPriceImport.nullable(),
  }),
});
export type TPriceDiffResponse = z.infer<typeof ZPriceDiffResponse>;

/** What an import changed against the version before it: added, changed (old → new), removed. */
export const getPriceImportDiff = defineEndpoint({
  method: 'GET',
  path: '/api/admin/price-imports/:id/diff',
  summary: 'Staff: what one price-list import changed against the version before it',
  auth: true,
  params: ZIdParams,
  querystring: ZPriceDiffQuery,
  response: ZPriceDiffResponse,
});
