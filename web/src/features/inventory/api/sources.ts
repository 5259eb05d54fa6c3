import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSourceKind } from '@stratum/core/contract/inventory/model';
import {
  compareSourceVersions,
  deleteSource,
  deleteSourceRefresh,
  getSource,
  listSources,
  reimportSource,
  runSourceRefresh,
  setSourceRefresh,
  uploadSource,
  type TImportResult,
  type TRefreshConfig,
} from '@stratum/core/contract/inventory/sources';
import { callApi } from '../../../lib/api-client';
import { inventoryKeys } from './keys';
import { uploadFile, type UploadProgress } from './upload';

/** GET /api/inventory/sources: the user's sources, newest first. */
export const sourcesQuery = () =>
  queryOptions({
    queryKey: inventoryKeys.sources,
    queryFn: async ({ signal }) => (await callApi(listSources, { signal })).data.items,
  });

/** GET /api/inventory/sources/:id with every kept version. */
export const sourceQuery = (id: string) =>
  queryOptions({
    queryKey: inventoryKeys.source(id),
    queryFn: async ({ signal }) => (await callApi(getSource, { params: { id }, signal })).data,
  });

/** GET …/compare?from=&to=: addresses added, removed and changed between two versions. */
export const compareQuery = (id: string, from: number, to: number) =>
  queryOptions({
    queryKey: inventoryKeys.compare(id, from, to),
    queryFn: async ({ signal }) =>
      (
        await callApi(compareSourceVersions, {
          params: { id },
          query: { from: String(from), to: String(to) },
          signal,
        })
      ).data,
  });

export interface TImportInput {
  file: File;
  kind: TSourceKind;
  name: string;
  /** Set: a new version of this source. */
  sourceId?: string;
  onProgress?: (p: UploadProgress) => void;
}

/** The file streamed as the body: a new source, or a new version of one. */
export function useImportSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, kind, name, sourceId, onProgress }: TImportInput) =>
      (sourceId
        ? await uploadFile<TImportResult>(
            reimportSource.path,
            { id: sourceId },
            {},
            file,
            onProgress,
          )
        : await uploadFile<TImportResult>(uploadSource.path, {}, { kind, name }, file, onProgress)
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

export function useDeleteSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(deleteSource, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

/** PUT …/refresh: fetch the source from a URL or a state backend on a schedule. */
export function useSetRefresh(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TRefreshConfig) =>
      (await callApi(setSourceRefresh, { params: { id }, body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.sources }),
  });
}

export function useStopRefresh(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(deleteSourceRefresh, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.sources }),
  });
}

export function useRunRefresh(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi(runSourceRefresh, { params: { id } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}
