import { applyDesignPatch, type TDesignPatch } from '@stratum/core/assistant/patch';
import { checkDesignPatch } from '@stratum/core/assistant/validate-patch';
import { findService } from '@stratum/core/iac/catalog/registry';
import { designFromState } from '@stratum/core/planner/design-from-state';
import { PLANNER_STEPS } from '@stratum/core/planner/steps';
import type { TArchitectureConfig, TPlannerState } from '@stratum/core/planner/state';
import { assistantBridge } from '../../lib/assistant-bridge';
import { plannerStore } from './planner-store';

const ARCHITECTURE_STEP = PLANNER_STEPS.findIndex((s) => s.key === 'architecture');

/** The board before a preview, and the board the preview showed (to notice edits made since). */
let previewing: { before: TArchitectureConfig; shown: TArchitectureConfig } | null = null;

/** The patched board, checked here again: the board may have changed since the server checked. */
function patched(plan: TPlannerState, patch: TDesignPatch): TArchitectureConfig | string {
  const checked = checkDesignPatch(designFromState(plan), patch);
  if (!checked.ok) return checked.issues.map((i) => i.message).join('; ');
  const applied = applyDesignPatch(plan.architectureConfig, patch);
  if (!applied.ok) return applied.message;
  const positions = { ...applied.value.positions };
  const kept = new Set([...applied.value.groups, ...applied.value.components].map((n) => n.id));
  for (const id of Object.keys(positions)) if (!kept.has(id)) delete positions[id];
  return { ...applied.value, positions };
}

/**
 * Shows the board: the design's cloud chosen (a fresh plan has none; the chat's design is AWS
 * then), new services in the selection (the palette and the step rules read it), step 2.
 */
function showBoard(patch: TDesignPatch): void {
  plannerStore.update((plan) => {
    const cloud = plan.selectedProvider ?? 'aws';
    const added = patch.operations.flatMap((op) =>
      op.op === 'add_component' && findService(op.service)?.cloud === cloud ? [op.service] : [],
    );
    return {
      ...plan,
      selectedProvider: cloud,
      selectedServices: [...new Set([...plan.selectedServices, ...added])],
    };
  });
  plannerStore.setStep(ARCHITECTURE_STEP);
}

function restore(): void {
  if (!previewing) return;
  const { before, shown } = previewing;
  previewing = null;
  // Edited since the preview: the user's edits win. The board placing the new nodes (positions
  // only) is not an edit.
  const now = plannerStore.getState().plan.architectureConfig;
  const isUntouched =
    now.components === shown.components &&
    now.connections === shown.connections &&
    now.groups === shown.groups;
  if (isUntouched) {
    plannerStore.changeArchitecture(before, false);
  }
}

assistantBridge.setDesignHost({
  context() {
    const { plan, project } = plannerStore.getState();
    return project ? { projectId: project.id } : { design: designFromState(plan) };
  },
  preview(patch) {
    restore();
    const plan = plannerStore.getState().plan;
    const next = patched(plan, patch);
    if (typeof next === 'string') return next;
    previewing = { before: plan.architectureConfig, shown: next };
    plannerStore.changeArchitecture(next, false);
    showBoard(patch);
    return null;
  },
  apply(patch) {
    restore();
    const next = patched(plannerStore.getState().plan, patch);
    if (typeof next === 'string') return next;
    // One step of undo, like any edit on the board.
    plannerStore.changeArchitecture(next, true);
    showBoard(patch);
    return null;
  },
  reject: restore,
});
