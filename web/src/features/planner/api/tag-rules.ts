import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listTagKeys } from '@stratum/core/contract/tags/keys';
import type { TTagKey } from '@stratum/core/contract/tags/model';
import { listTagPolicies } from '@stratum/core/contract/tags/policies';
import type { TTagPolicy } from '@stratum/core/tags/model';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

// The Tags page's keys, under its query keys (one cache for both pages).
const tagKeysQuery = {
  queryKey: ['tags', 'keys'],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await callApi(listTagKeys, { signal })).data.items,
  staleTime: 60_000,
} as const;
const tagPoliciesQuery = {
  queryKey: ['tags', 'policies'],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await callApi(listTagPolicies, { signal })).data.items,
  staleTime: 60_000,
} as const;

const NO_KEYS: TTagKey[] = [];
const NO_POLICIES: TTagPolicy[] = [];

/** The signed-in user's tag keys (suggestions) and enabled policies (hints, generation). */
export function useTagRules(): { keys: readonly TTagKey[]; policies: readonly TTagPolicy[] } {
  const isSignedIn = useSession().user !== null;
  const keys = useQuery({ ...tagKeysQuery, enabled: isSignedIn });
  const policies = useQuery({
    ...tagPoliciesQuery,
    enabled: isSignedIn,
    select: (items) => items.filter((p) => p.enabled),
  });
  const data = keys.data ?? NO_KEYS;
  const rules = policies.data ?? NO_POLICIES;
  // A policy's keys and allowed values are suggestions too, even before they are defined keys.
  const suggestions = useMemo(() => withPolicyKeys(data, rules), [data, rules]);
  return { keys: suggestions, policies: rules };
}

function withPolicyKeys(keys: readonly TTagKey[], policies: readonly TTagPolicy[]): TTagKey[] {
  const out = [...keys];
  for (const p of policies) {
    for (const r of p.rules) {
      const known = out.find((k) => k.key === r.key);
      if (known) {
        const values = [...new Set([...known.values, ...r.allowedValues])];
        out[out.indexOf(known)] = { ...known, values };
      } else {
        out.push({
          id: `${p.id}:${r.key}`,
          scope: 'user',
          key: r.key,
          description: `Policy “${p.name}”`,
          values: r.allowedValues,
          canEdit: false,
          createdAt: new Date(0).toISOString(),
          updatedAt: new Date(0).toISOString(),
        });
      }
    }
  }
  return out;
}
