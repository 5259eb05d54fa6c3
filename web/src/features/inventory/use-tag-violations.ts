import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listTagViolations } from '@stratum/core/contract/tags/insights';
import type { TTagViolation } from '@stratum/core/tags/model';
import { callApi } from '../../lib/api-client';

/** Each asset's tag policy violations (GET /api/tags/violations), by asset id. */
export function useTagViolations(): ReadonlyMap<string, readonly TTagViolation[]> {
  const query = useQuery({
    queryKey: ['tags', 'violations', null],
    queryFn: async ({ signal }) => (await callApi(listTagViolations, { query: {}, signal })).data,
  });
  return useMemo(
    () => new Map((query.data?.items ?? []).map((a) => [a.assetId, a.violations])),
    [query.data],
  );
}
