import { z } from 'zod';
import { zString } from '../common';
import { ZIdParams } from '../admin/paging';
import { defineEndpoint } from '../endpoint';
import { ZAsset, ZAssetDetail, ZAssetFacets, ZCloud } from './model';

/** Issue 14 §2. `limit` up to 10,000 so the virtualised table can hold a whole estate. */
export const ZAssetQuery = z.object({
  source: z.uuid().optional(),
  /** A cloud (`aws`) or a provider type (`google-beta`). */
  provider: zString(64).optional(),
  cloud: ZCloud.optional(),
  type: zString(128).optional(),
  region: zString(64).optional(),
  /** `key` (has the tag) or `key=value`. */
  tag: zString(512).optional(),
  /** Matches address, name, type, cloud id and tag values (case-insensitive). */
  q: zString(200).optional(),
  sort: z.enum(['address', 'type', 'cloud', 'region', 'name', 'lastSeenAt']).default('address'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(10_000).default(100),
});
export type TAssetQuery = z.output<typeof ZAssetQuery>;

export const listAssets = defineEndpoint({
  method: 'GET',
  path: '/api/inventory/assets',
  summary: 'Managed resource instances of all sources, filtered, searched and paged',
  auth: true,
  querystring: ZAssetQuery,
  response: z.object({
    success: z.literal(true),
    data: z.object({ items: z.array(ZAsset), total: z.number().int().min(0) }),
  }),
});

/** Same filters; `text/csv` with the columns named in `columns` (all by default). */
export const exportAssets = defineEndpoint({
  method: 'GET',
  path: '/api/inventory/assets/export',
  summary: 'The filtered assets as CSV',
  auth: true,
  querystring: ZAssetQuery.omit({ page: true, limit: true }).extend({
    columns: zString(500).optional(),
  }),
  response: z.string(),
});

export const getAssetFacets = defineEndpoint({
  method: 'GET',
  path: '/api/inventory/facets',
  summary: 'Counts by cloud, type, region, tag and source for the same filters',
  auth: true,
  querystring: ZAssetQuery.omit({ page: true, limit: true, sort: true, order: true }),
  response: z.object({ success: z.literal(true), data: ZAssetFacets }),
});

export const getAsset = defineEndpoint({
  method: 'GET',
  path: '/api/inventory/assets/:id',
  summary: "One asset's attributes (sensitive values masked), dependencies and history",
  auth: true,
  params: ZIdParams,
  response: z.object({ success: z.literal(true), data: ZAssetDetail }),
});
