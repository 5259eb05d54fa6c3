import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getTagCost, getTagUsage, listTagViolations } from '@stratum/core/contract/tags/insights';
import {
  createOrgTagKey,
  createTagKey,
  deleteOrgTagKey,
  deleteTagKey,
  listTagKeys,
  updateOrgTagKey,
  updateTagKey,
} from '@stratum/core/contract/tags/keys';
import type { TTagKeyInput } from '@stratum/core/contract/tags/model';
import {
  createOrgTagPolicy,
  createTagPolicy,
  deleteOrgTagPolicy,
  deleteTagPolicy,
  listTagPolicies,
  updateOrgTagPolicy,
  updateTagPolicy,
} from '@stratum/core/contract/tags/policies';
import type { TTagPolicyInput, TTagScope } from '@stratum/core/tags/model';
import { callApi } from '../../../lib/api-client';

export const tagKeys = {
  all: ['tags'] as const,
  keys: ['tags', 'keys'] as const,
  policies: ['tags', 'policies'] as const,
  usage: ['tags', 'usage'] as const,
  violations: (policyId: string | null) => ['tags', 'violations', policyId] as const,
};

export const keysQuery = () =>
  queryOptions({
    queryKey: tagKeys.keys,
    queryFn: async ({ signal }) => (await callApi(listTagKeys, { signal })).data.items,
    staleTime: 60_000,
  });

export const policiesQuery = () =>
  queryOptions({
    queryKey: tagKeys.policies,
    queryFn: async ({ signal }) => (await callApi(listTagPolicies, { signal })).data.items,
    staleTime: 60_000,
  });

export const usageQuery = () =>
  queryOptions({
    queryKey: tagKeys.usage,
    queryFn: async ({ signal }) => (await callApi(getTagUsage, { signal })).data.items,
  });

export const violationsQuery = (policyId: string | null) =>
  queryOptions({
    queryKey: tagKeys.violations(policyId),
    queryFn: async ({ signal }) =>
      (await callApi(listTagViolations, { query: policyId ? { policyId } : {}, signal })).data,
  });

export const costQuery = (key: string | null) =>
  queryOptions({
    queryKey: ['tags', 'cost', key],
    queryFn: async ({ signal }) =>
      (await callApi(getTagCost, { query: key ? { key } : {}, signal })).data,
  });

/** Writes one key or policy and refreshes everything the Tags page shows. */
function useTagsMutation<TArgs>(run: (args: TArgs) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: tagKeys.all }),
  });
}

export const useSaveKey = () =>
  useTagsMutation(
    async ({ id, scope, body }: { id?: string; scope: TTagScope; body: TTagKeyInput }) => {
      if (id)
        return callApi(scope === 'org' ? updateOrgTagKey : updateTagKey, { params: { id }, body });
      return callApi(scope === 'org' ? createOrgTagKey : createTagKey, { body });
    },
  );

export const useDeleteKey = () =>
  useTagsMutation(({ id, scope }: { id: string; scope: TTagScope }) =>
    callApi(scope === 'org' ? deleteOrgTagKey : deleteTagKey, { params: { id } }),
  );

export const useSavePolicy = () =>
  useTagsMutation(
    async ({ id, scope, body }: { id?: string; scope: TTagScope; body: TTagPolicyInput }) => {
      if (id)
        return callApi(scope === 'org' ? updateOrgTagPolicy : updateTagPolicy, {
          params: { id },
          body,
        });
      return callApi(scope === 'org' ? createOrgTagPolicy : createTagPolicy, { body });
    },
  );

export const useDeletePolicy = () =>
  useTagsMutation(({ id, scope }: { id: string; scope: TTagScope }) =>
    callApi(scope === 'org' ? deleteOrgTagPolicy : deleteTagPolicy, { params: { id } }),
  );
