import { findService, serviceForKind } from '../iac/catalog/registry';
import { retargetDesign, type TAdjustment, type TUnmapped } from '../iac/retarget';
import type { TCloud } from '../iac/types';
import type { TPlannerState } from '../contract/planner/planner-state';
import { designFromState } from './design-from-state';

export interface TPlanRetarget {
  readonly plan: TPlannerState;
  readonly unmapped: readonly TUnmapped[];
  readonly adjustments: readonly TAdjustment[];
}

/** The selected services of `to` that are the equivalents (same kind) of the current ones. */
export function equivalentServices(services: readonly string[], to: TCloud): string[] {
  const out = new Set<string>();
  for (const id of services) {
    const from = findService(id);
    const target = from ? serviceForKind(to, from.kind) : undefined;
    if (target) out.add(target.id);
  }
  return [...out];
}

/**
 * Moves the whole plan to another cloud: the board through the engine's re-targeting (same
 * kinds, equivalent sizes and region), the selected services by kind; the layout is kept.
 */
export function retargetPlan(plan: TPlannerState, to: TCloud): TPlanRetarget {
  const result = retargetDesign(designFromState(plan), to);
  const d = result.design;
  const kept = new Set([...d.groups, ...d.components].map((n) => n.id));
  const onBoard = [...d.groups, ...d.components].map((n) => n.service);
  const positions = Object.fromEntries(
    Object.entries(plan.architectureConfig.positions).filter(([id]) => kept.has(id)),
  );
  return {
    plan: {
      ...plan,
      selectedProvider: to,
      selectedServices: [
        ...new Set([...equivalentServices(plan.selectedServices, to), ...onBoard]),
      ],
      architectureConfig: {
        ...plan.architectureConfig,
        region: d.region,
        environments: d.environments,
        groups: d.groups,
        components: d.components,
        connections: d.connections,
        positions,
      },
    },
    unmapped: result.unmapped,
    adjustments: result.adjustments,
  };
}
