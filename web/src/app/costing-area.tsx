import { designFromState } from '@stratum/core/planner/design-from-state';
import { CostingPage } from '../features/costing/costing-page';
import type { TOpenDesign } from '../features/costing/design-source';
import { plannerStore } from '../features/planner/planner-store';

/** The planner's design as it stands in this browser (saved or not), for the Costing page. */
function openPlannerDesign(): TOpenDesign | null {
  const { plan, project } = plannerStore.getState();
  if (plan.selectedProvider === null && plan.architectureConfig.components.length === 0)
    return null;
  const design = designFromState(plan);
  return { design, name: project?.name ?? design.name, projectId: project?.id ?? null };
}

/**
 * The Costing page with the planner's open design: features never import each other, so the
 * shell hands one to the other (as it composes the admin areas).
 */
export function ComposedCostingPage() {
  return <CostingPage openDesign={openPlannerDesign} />;
}
