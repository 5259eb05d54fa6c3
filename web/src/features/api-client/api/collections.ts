import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCollectionDoc } from '@stratum/core/api-client/model';
import {
  createCollection,
  deleteCollection,
  duplicateCollection,
  getCollection,
  listCollections,
  saveCollection,
  type TCollection,
  type TCollectionSummary,
} from '@stratum/core/contract/api-client/collections';
import { exportCollection } from '@stratum/core/contract/api-client/import-export';
import { callApi } from '../../../lib/api-client';
import { collectionKey, COLLECTIONS_KEY } from './keys';

export type { TCollection, TCollectionSummary };

/** GET /api/api-client/collections: the sidebar's list, most recently changed first. */
export const collectionsQuery = () =>
  queryOptions({
    queryKey: COLLECTIONS_KEY,
    queryFn: async ({ signal }) => (await callApi(listCollections, { signal })).data.collections,
  });

/** GET …/collections/:id: one collection with its document. */
export const collectionQuery = (id: string) =>
  queryOptions({
    queryKey: collectionKey(id),
    queryFn: async ({ signal }) =>
      (await callApi(getCollection, { params: { id }, signal })).data.collection,
  });

function useStoreCollection() {
  const queryClient = useQueryClient();
  return (collection: TCollection) => {
    queryClient.setQueryData(collectionKey(collection.id), collection);
    return queryClient.invalidateQueries({ queryKey: COLLECTIONS_KEY, exact: true });
  };
}

/** POST …/collections: from a document (a name alone makes an empty one). */
export function useCreateCollection() {
  const store = useStoreCollection();
  return useMutation({
    mutationFn: async (doc: TCollectionDoc) =>
      (await callApi(createCollection, { body: { doc } })).data.collection,
    onSuccess: (created) => store(created),
  });
}

/**
 * PUT with the revision the edit was made from. The tree shows the edit at once; a failure puts
 * back what the server holds (a 409 api/revision_conflict: someone changed it meanwhile).
 */
export function useSaveCollection() {
  const queryClient = useQueryClient();
  const store = useStoreCollection();
  return useMutation({
    mutationFn: async (input: { id: string; doc: TCollectionDoc; revision: number }) => {
      const answer = await callApi(saveCollection, {
        params: { id: input.id },
        body: { doc: input.doc, revision: input.revision },
      });
      return { ...answer.data.collection, doc: input.doc } satisfies TCollection;
    },
    onMutate: (input) => {
      const before = queryClient.getQueryData<TCollection>(collectionKey(input.id));
      if (before) queryClient.setQueryData(collectionKey(input.id), { ...before, doc: input.doc });
    },
    onError: (_error, input) =>
      queryClient.invalidateQueries({ queryKey: collectionKey(input.id) }),
    onSuccess: (saved) => store(saved),
  });
}

export function useDuplicateCollection() {
  const store = useStoreCollection();
  return useMutation({
    mutationFn: async (id: string) =>
      (await callApi(duplicateCollection, { params: { id }, body: {} })).data.collection,
    onSuccess: (copy) => store(copy),
  });
}

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(deleteCollection, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: collectionKey(id) });
      return queryClient.invalidateQueries({ queryKey: COLLECTIONS_KEY, exact: true });
    },
  });
}

/** GET …/export: the collection as a Postman v2.1 file, with what Postman cannot hold. */
export async function fetchPostmanExport(id: string) {
  const { data } = await callApi(exportCollection, { params: { id } });
  return {
    fileName: data.fileName,
    text: JSON.stringify(data.collection, null, 2),
    warnings: data.warnings,
  };
}
