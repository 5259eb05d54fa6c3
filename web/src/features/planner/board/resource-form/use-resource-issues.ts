import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TResourceTypeDetail } from '@stratum/core/contract/iac/resource-type';
import type { TArchitectureConfig } from '@stratum/core/planner/state';
import { resourceTypeSchemaQuery } from '../../api/get-resource-type';
import type { TBoardIssue } from '../../board/board-model';
import type { TBoardValidation } from '../../board/board-validation';
import { findGenericService } from './generic-service';
import { missingRequired } from './resource-values';

// Module-level, so TanStack keeps the combined array while no query changes.
const dataOf = (results: readonly { data?: TResourceTypeDetail }[]) => results.map((r) => r.data);

/**
 * The engine validates without the provider schemas (they stay on the server), so the board
 * adds what the loaded schemas say: each generic component's missing required arguments.
 */
export function useResourceIssues(arch: TArchitectureConfig): ReadonlyMap<string, TBoardIssue[]> {
  const generic = arch.components.flatMap((c) => {
    const service = findGenericService(c.service);
    return service && c.resource ? [{ component: c, provider: service.provider }] : [];
  });
  const byKey = new Map(
    generic.map(({ component, provider }) => {
      const type = component.resource?.type ?? '';
      return [`${provider} ${type}`, { provider, type }] as const;
    }),
  );
  const types = [...byKey.keys()];
  const schemas = useQueries({
    queries: [...byKey.values()].map(({ provider, type }) =>
      resourceTypeSchemaQuery(provider, type),
    ),
    combine: dataOf,
  });
  return useMemo(() => {
    const byType = new Map<string, TResourceTypeDetail>();
    schemas.forEach((s, i) => {
      if (s) byType.set(types[i] ?? '', s);
    });
    const issues = new Map<string, TBoardIssue[]>();
    for (const { component, provider } of generic) {
      const block = byType.get(`${provider} ${component.resource?.type}`)?.block;
      if (!block || !component.resource) continue;
      const missing = missingRequired(block, component.resource.arguments);
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
    // `generic` and `types` follow `arch` and the loaded schemas.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arch, schemas]);
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
