import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createEnvironment,
  deleteEnvironment,
  getEnvironment,
  listEnvironments,
  revealEnvironmentVariable,
  updateEnvironment,
  type TCreateEnvironmentInput,
  type TEnvironment,
  type TEnvironmentSummary,
  type TEnvVariableOut,
  type TUpdateEnvironmentInput,
} from '@stratum/core/contract/api-client/environments';
import { callApi } from '../../../lib/api-client';
import { environmentKey, ENVIRONMENTS_KEY } from './keys';

export type { TEnvironment, TEnvironmentSummary, TEnvVariableOut };

/** GET …/environments: names for the picker and the sidebar (no variables). */
export const environmentsQuery = () =>
  queryOptions({
    queryKey: ENVIRONMENTS_KEY,
    queryFn: async ({ signal }) => (await callApi(listEnvironments, { signal })).data.environments,
  });

/** GET …/environments/:id: its variables, secret values masked (`value: ''`, `hasValue`). */
export const environmentQuery = (id: string) =>
  queryOptions({
    queryKey: environmentKey(id),
    queryFn: async ({ signal }) =>
      (await callApi(getEnvironment, { params: { id }, signal })).data.environment,
  });

export function useCreateEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TCreateEnvironmentInput) =>
      (await callApi(createEnvironment, { body: input })).data.environment,
    onSuccess: (env) => {
      queryClient.setQueryData(environmentKey(env.id), env);
      return queryClient.invalidateQueries({ queryKey: ENVIRONMENTS_KEY, exact: true });
    },
  });
}

/** PUT with the revision read; a stale one answers 409 api/revision_conflict. */
export function useUpdateEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: TUpdateEnvironmentInput & { id: string }) =>
      (await callApi(updateEnvironment, { params: { id }, body: input })).data.environment,
    onSuccess: (env) => {
      queryClient.setQueryData(environmentKey(env.id), env);
      return queryClient.invalidateQueries({ queryKey: ENVIRONMENTS_KEY, exact: true });
    },
  });
}

export function useDeleteEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(deleteEnvironment, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: environmentKey(id) });
      return queryClient.invalidateQueries({ queryKey: ENVIRONMENTS_KEY, exact: true });
    },
  });
}

/** POST …/reveal: one stored secret, fetched only when the user asks to see it. */
export async function revealSecret(id: string, key: string): Promise<string> {
  return (await callApi(revealEnvironmentVariable, { params: { id }, body: { key } })).data.value;
}
