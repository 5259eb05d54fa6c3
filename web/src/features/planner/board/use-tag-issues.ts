import { useMemo } from 'react';
import type { TCloud } from '@stratum/core/iac/types';
import type { TArchitectureConfig } from '@stratum/core/planner/state';
import { designTagReport } from '@stratum/core/tags/design-tags';
import type { TTagPolicy } from '@stratum/core/tags/model';
import type { TBoardIssue } from './board-model';

/** Each component's tag problems (cloud rules and the user's policies) as board issues. */
export function useTagIssues(
  arch: TArchitectureConfig,
  cloud: TCloud | undefined,
  policies: readonly TTagPolicy[],
): ReadonlyMap<string, TBoardIssue[]> {
  return useMemo(() => {
    const issues = new Map<string, TBoardIssue[]>();
    if (!cloud) return issues;
    for (const r of designTagReport({ ...arch, provider: cloud }, policies)) {
      issues.set(
        r.componentId,
        r.violations.map((v) => ({
          message: `${v.message}${v.policyName ? ` (${v.policyName})` : ''} Fix: ${v.fix}.`,
          severity: v.severity,
        })),
      );
    }
    return issues;
  }, [arch, cloud, policies]);
}
