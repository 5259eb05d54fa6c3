import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { TCollectionDoc } from '@stratum/core/api-client/model';
import { defineEndpoint } from '@stratum/core/contract/endpoint';
import { callApi } from '../../../lib/api-client';
import { collectionKey, COLLECTIONS_KEY } from './keys';

/*
 * GUESSED: h/store's collection contracts (core/src/contract/api-client/) were not written yet.
 * These endpoints follow the announced shape (list/get/create/PUT with revision → 409/
 * duplicate/delete/export Postman); replace them with the contract's imports when it lands.
 */
export interface TCollectionSummary {
  id: string;
  name: string;
  revision: number;
  updatedAt: string;
}
export interface TCollection extends TCollectionSummary {
  doc: TCollectionDoc;
}

const data = <T>() => z.object({ success: z.literal(true), data: z.custom<T>() });
const BASE = '/api/api-client/collections';
const listCollections = defineEndpoint({
  method: 'GET',
  path: BASE,
  summary: '',
  auth: true,
  response: data<TCollectionSummary[]>(),
});
const getCollection = defineEndpoint({
  method: 'GET',
  path: `${BASE}/:id`,
  summary: '',
  auth: true,
  response: data<TCollection>(),
});
const createCollection = defineEndpoint({
  method: 'POST',
  path: BASE,
  summary: '',
  auth: true,
  body: z.custom<{ doc: TCollectionDoc }>(),
  response: data<TCollection>(),
});
const updateCollection = defineEndpoint({
  method: 'PUT',
  path: `${BASE}/:id`,
  summary: '',
  auth: true,
  body: z.custom<{ doc: TCollectionDoc; revision: number }>(),
  response: data<TCollection>(),
});
const duplicateCollection = defineEndpoint({
  method: 'POST',
  path: `${BASE}/:id/duplicate`,
  summary: '',
  auth: true,
  response: data<TCollection>(),
});
const deleteCollection = defineEndpoint({
  method: 'DELETE',
  path: `${BASE}/:id`,
  summary: '',
  auth: true,
  response: z.unknown(),
});
const exportCollection = defineEndpoint({
  method: 'GET',
  path: `${BASE}/:id/export`,
  summary: '',
  auth: true,
  response: data<unknown>(),
});

export const collectionsQuery = () =>
  queryOptions({
    queryKey: COLLECTIONS_KEY,
    queryFn: async ({ signal }) => (await callApi(listCollections, { signal })).data,
  });

export const collectionQuery = (id: string) =>
  queryOptions({
    queryKey: collectionKey(id),
    queryFn: async ({ signal }) => (await callApi(getCollection, { params: { id }, signal })).data,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return (saved?: TCollection) => {
    if (saved) queryClient.setQueryData(collectionKey(saved.id), saved);
    return queryClient.invalidateQueries({ queryKey: COLLECTIONS_KEY, exact: true });
  };
}

export function useCreateCollection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (doc: TCollectionDoc) =>
      (await callApi(createCollection, { body: { doc } })).data,
    onSuccess: (saved) => refresh(saved),
  });
}

/**
 * PUT with the revision the edit was made from. The tree shows the edit at once; a failure puts
 * back what the server holds (a 409 api/revision_conflict: someone changed it meanwhile).
 */
export function useSaveCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; doc: TCollectionDoc; revision: number }) =>
      (
        await callApi(updateCollection, {
          params: { id: input.id },
          body: { doc: input.doc, revision: input.revision },
        })
      ).data,
    onMutate: (input) => {
      const before = queryClient.getQueryData<TCollection>(collectionKey(input.id));
      if (before) queryClient.setQueryData(collectionKey(input.id), { ...before, doc: input.doc });
      return { before };
    },
    onError: (_error, input) =>
      queryClient.invalidateQueries({ queryKey: collectionKey(input.id) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(collectionKey(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: COLLECTIONS_KEY, exact: true });
    },
  });
}

export function useDuplicateCollection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => (await callApi(duplicateCollection, { params: { id } })).data,
    onSuccess: (saved) => refresh(saved),
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

/** The collection as Postman v2.1 JSON text. */
export async function fetchPostmanExport(id: string): Promise<string> {
  const answer = await callApi(exportCollection, { params: { id } });
  return JSON.stringify(answer.data, null, 2);
}
