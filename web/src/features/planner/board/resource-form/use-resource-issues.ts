import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { TArchitectureConfig } from '@stratum/core/planner/state';
import { resourceTypeSchemaQuery } from '../../api/get-resource-type';
import type { TBoardIssue } from '../../board/board-model';
import type { TBoardValidation } from '../../board/board-validation';
import { findGenericService } from './generic-service';
import { missingRequired } from './resource-values';

/**
 * The engine validates without the provider schemas (they stay on the server), so the board
 * adds what the loaded schemas say: each generic component's missing required arguments.
 * The schemas are fetched into the query cache and read from it (useQueries would add 3 KB
 * gzip to the board's chunk for the same result).
 */
export function useResourceIssues(arch: TArchitectureConfig): ReadonlyMap<string, TBoardIssue[]> {
  const client = useQueryClient();
  const generic = arch.components.flatMap((c) => {
    const service = findGenericService(c.service);
    return service && c.resource
      ? [
          {
            component: c,
            filled: service.filled,
            query: resourceTypeSchemaQuery(service.provider, c.resource.type),
          },
        ]
      : [];
  });
  const queries = new Map(generic.map((g) => [JSON.stringify(g.query.queryKey), g.query]));
  const wanted = [...queries.keys()].join('\n');
  useEffect(() => {
    for (const query of queries.values()) void client.prefetchQuery(query);
    // `wanted` names the queries; the map is rebuilt every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, wanted]);
  // Which of the wanted schemas the cache holds: a new one loaded changes this text.
  const loaded = useSyncExternalStore(
    (onChange) => client.getQueryCache().subscribe(onChange),
    () =>
      [...queries.values()]
        .map((q) => (client.getQueryData(q.queryKey) === undefined ? '0' : '1'))
        .join(''),
  );
  return useMemo(() => {
    const issues = new Map<string, TBoardIssue[]>();
    for (const { component, filled, query } of generic) {
      const block = client.getQueryData(query.queryKey)?.data.block;
      if (!block || !component.resource) continue;
      const missing = missingRequired(block, component.resource.arguments, '', filled);
      if (missing.length > 0)
        issues.set(
          component.id,
          missing.map((path) => ({
            message: `The required argument ${path} is not set.`,
            severity: 'error',
          })),
        );
    }
    return issues;
    // `generic` follows `arch`; `loaded` changes when a schema arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arch, loaded, client]);
}

/** The engine's validation with the board's own issues added to their nodes. */
export function withResourceIssues(
  validation: TBoardValidation,
  extra: ReadonlyMap<string, readonly TBoardIssue[]>,
): TBoardValidation {
  if (extra.size === 0) return validation;
  const nodes = new Map(validation.nodes);
  let added = 0;
  for (const [id, issues] of extra) {
    const own = nodes.get(id) ?? [];
    const fresh = issues.filter((i) => !own.some((o) => o.message === i.message));
    added += fresh.length;
    nodes.set(id, [...own, ...fresh]);
  }
  return { ...validation, nodes, errorCount: validation.errorCount + added };
}
