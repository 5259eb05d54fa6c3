import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  exportAssets,
  getAsset,
  getAssetFacets,
  listAssets,
} from '@stratum/core/contract/inventory/assets';
import { callApi } from '../../../lib/api-client';
import { inventoryKeys } from './keys';
import { downloadFrom } from './upload';

/** The filters the page keeps in its address (strings, as the query string carries them). */
export interface TAssetFilters {
  source?: string;
  cloud?: string;
  type?: string;
  region?: string;
  tag?: string;
  q?: string;
}

/** The table holds the whole filtered estate (the server allows 10,000 a page). */
export const ASSET_PAGE_LIMIT = 10_000;

const toQuery = (filters: TAssetFilters): Record<string, string> =>
  Object.fromEntries(
    Object.entries(filters).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '',
    ),
  );

export const assetsQuery = (filters: TAssetFilters) =>
  queryOptions({
    queryKey: inventoryKeys.assets(filters),
    queryFn: async ({ signal }) =>
      (
        await callApi(listAssets, {
          query: { ...toQuery(filters), limit: String(ASSET_PAGE_LIMIT) },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

export const facetsQuery = (filters: TAssetFilters) =>
  queryOptions({
    queryKey: inventoryKeys.facets(filters),
    queryFn: async ({ signal }) =>
      (await callApi(getAssetFacets, { query: toQuery(filters), signal })).data,
    placeholderData: keepPreviousData,
  });

export const assetQuery = (id: string) =>
  queryOptions({
    queryKey: inventoryKeys.asset(id),
    queryFn: async ({ signal }) => (await callApi(getAsset, { params: { id }, signal })).data,
  });

/** The server's CSV of the same filters, with the columns shown. */
export function downloadAssetsCsv(filters: TAssetFilters, columns: readonly string[]) {
  // The export names the source column `source`.
  const names = columns.map((c) => (c === 'sourceName' ? 'source' : c));
  const query = new URLSearchParams({ ...toQuery(filters), columns: names.join(',') });
  return downloadFrom(`${exportAssets.path}?${query.toString()}`, 'inventory.csv');
}
