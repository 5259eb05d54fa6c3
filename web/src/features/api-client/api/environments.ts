import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { TEnvVariable } from '@stratum/core/api-client/model';
import { defineEndpoint } from '@stratum/core/contract/endpoint';
import { callApi } from '../../../lib/api-client';
import { ENVIRONMENTS_KEY, environmentKey } from './keys';

/*
 * GUESSED: h/store's environment contracts were not written yet. Shape as announced: secret
 * values are never returned (`value: ''` with `hasValue`), `value: null` on update keeps the
 * stored one, and POST …/reveal {key} answers one secret.
 */
export interface TStoredVariable {
  key: string;
  value: string;
  secret: boolean;
  enabled: boolean;
  hasValue: boolean;
}
export interface TEnvironment {
  id: string;
  name: string;
  variables: TStoredVariable[];
  updatedAt?: string;
}
export type TEnvironmentInput = { name: string; variables: TEnvVariable[] };

const data = <T>() => z.object({ success: z.literal(true), data: z.custom<T>() });
const BASE = '/api/api-client/environments';
const listEnvironments = defineEndpoint({
  method: 'GET',
  path: BASE,
  summary: '',
  auth: true,
  response: data<TEnvironment[]>(),
});
const createEnvironment = defineEndpoint({
  method: 'POST',
  path: BASE,
  summary: '',
  auth: true,
  body: z.custom<TEnvironmentInput>(),
  response: data<TEnvironment>(),
});
const updateEnvironment = defineEndpoint({
  method: 'PUT',
  path: `${BASE}/:id`,
  summary: '',
  auth: true,
  body: z.custom<TEnvironmentInput>(),
  response: data<TEnvironment>(),
});
const deleteEnvironment = defineEndpoint({
  method: 'DELETE',
  path: `${BASE}/:id`,
  summary: '',
  auth: true,
  response: z.unknown(),
});
const revealVariable = defineEndpoint({
  method: 'POST',
  path: `${BASE}/:id/reveal`,
  summary: '',
  auth: true,
  body: z.custom<{ key: string }>(),
  response: data<{ value: string }>(),
});

export const environmentsQuery = () =>
  queryOptions({
    queryKey: ENVIRONMENTS_KEY,
    queryFn: async ({ signal }) => (await callApi(listEnvironments, { signal })).data,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ENVIRONMENTS_KEY });
}

export function useCreateEnvironment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: TEnvironmentInput) =>
      (await callApi(createEnvironment, { body: input })).data,
    onSuccess: () => refresh(),
  });
}

export function useUpdateEnvironment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, ...input }: TEnvironmentInput & { id: string }) =>
      (await callApi(updateEnvironment, { params: { id }, body: input })).data,
    onSuccess: () => refresh(),
  });
}

export function useDeleteEnvironment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => callApi(deleteEnvironment, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

/** One stored secret, fetched only when the user asks to see it. */
export async function revealSecret(id: string, key: string): Promise<string> {
  return (await callApi(revealVariable, { params: { id }, body: { key } })).data.value;
}

export { environmentKey };
