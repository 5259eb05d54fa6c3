import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importApiDocument } from '@stratum/core/contract/api-client/import-export';
import { callApi } from '../../../lib/api-client';
import { collectionKey, COLLECTIONS_KEY } from './keys';

/** POST …/import: a Postman collection or an OpenAPI document becomes a stored collection. */
export function useImportCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { format: 'postman' | 'openapi'; text: string }) => {
      const result = (await callApi(importApiDocument, { body: input })).data;
      if (result.kind !== 'collection') throw new Error('The import gave no collection');
      return result;
    },
    onSuccess: (result) => {
      queryClient.setQueryData(collectionKey(result.collection.id), result.collection);
      return queryClient.invalidateQueries({ queryKey: COLLECTIONS_KEY, exact: true });
    },
  });
}

/** A cURL command pasted into the URL bar, as a request for the editor (nothing is stored). */
export function useImportCurl() {
  return useMutation({
    mutationFn: async (command: string) => {
      const result = (await callApi(importApiDocument, { body: { format: 'curl', text: command } }))
        .data;
      if (result.kind !== 'request') throw new Error('The import gave no request');
      return result;
    },
  });
}
