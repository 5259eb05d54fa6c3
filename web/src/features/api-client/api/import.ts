import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { TApiRequest } from '@stratum/core/api-client/model';
import { defineEndpoint } from '@stratum/core/contract/endpoint';
import { callApi } from '../../../lib/api-client';
import type { TCollection } from './collections';
import { COLLECTIONS_KEY } from './keys';

/*
 * GUESSED: h/store's import contract was not written yet. POST {format, text}: Postman and
 * OpenAPI create a collection; curl answers a request.
 */
export type TImportFormat = 'postman' | 'openapi' | 'curl';
type TImportAnswer = { collection?: TCollection; request?: TApiRequest; warnings?: string[] };

const importDocument = defineEndpoint({
  method: 'POST',
  path: '/api/api-client/import',
  summary: '',
  auth: true,
  body: z.custom<{ format: TImportFormat; text: string }>(),
  response: z.object({ success: z.literal(true), data: z.custom<TImportAnswer>() }),
});

export function useImportCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { format: 'postman' | 'openapi'; text: string }) =>
      (await callApi(importDocument, { body: input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COLLECTIONS_KEY, exact: true }),
  });
}

/** A pasted cURL command as a request. */
export function useImportCurl() {
  return useMutation({
    mutationFn: async (command: string) => {
      const answer = (await callApi(importDocument, { body: { format: 'curl', text: command } }))
        .data;
      if (!answer.request) throw new Error('No request in the answer');
      return answer.request;
    },
  });
}
