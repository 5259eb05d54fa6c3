import { z } from 'zod';
import { zString } from '../common';
import { ZNamingConvention } from '../../iac/naming/convention';
import { CLOUDS } from '../../iac/types';
import { ZArchitectureConfig, ZFileStructureConfig } from './architecture-config';
import { upgradeV1, ZPlannerStateV1 } from './planner-state-v1';

/** §2 Planner: seven steps, 0 provider … 6 deployment. */
export const PLANNER_STEP_COUNT = 7;
export const PLANNER_STATE_VERSION = 2;

/**
 * The planner state, version 2: the one shape the browser holds (one §3 local-storage key per
 * field), a saved project stores (`projects.state`, JSONB) and the API carries. A design
 * document is built from it by `designFromState` (`core/src/planner/design-from-state.ts`).
 */
export const ZPlannerState = z.object({
  v: z.literal(PLANNER_STATE_VERSION),
  /** wizard_current_step: 0 provider … 6 deployment. */
  currentStep: z
    .number()
    .int()
    .min(0)
    .max(PLANNER_STEP_COUNT - 1)
    .default(0),
  /** selected_provider. */
  selectedProvider: z.enum(CLOUDS).nullable().default(null),
  /** selected_services: catalog service ids. */
  selectedServices: z.array(zString(100).min(1)).max(500).default([]),
  /** architecture_config: the board. */
  architectureConfig: ZArchitectureConfig.default(ZArchitectureConfig.parse({})),
  /** architecture_optional_override: generate without components. */
  architectureOptionalOverride: z.boolean().default(false),
  /** naming_convention (step 3). */
  namingConvention: ZNamingConvention.default(ZNamingConvention.parse({})),
  /** file_structure_config (step 4): format, layouts, CI workflow, README. */
  fileStructureConfig: ZFileStructureConfig.default(ZFileStructureConfig.parse({})),
});
export type TPlannerState = z.infer<typeof ZPlannerState>;
/** What a client may send: every field but `v` has a default. */
export type TPlannerStateInput = z.input<typeof ZPlannerState>;

export const EMPTY_PLANNER_STATE: TPlannerState = ZPlannerState.parse({ v: PLANNER_STATE_VERSION });

export type TPlannerStateParse =
  | { readonly ok: true; readonly state: TPlannerState; readonly upgradedFrom?: number }
  | { readonly ok: false; readonly message: string };

/**
 * Reads any stored version of the planner state and upgrades it to the current one. Reading
 * never writes: a stored version 1 stays as it is until the project is saved again.
 * `projectName` names the board of a version 1 state that had none.
 */
export function parsePlannerState(input: unknown, projectName = 'project'): TPlannerStateParse {
  if (typeof input !== 'object' || input === null) {
    return { ok: false, message: 'planner state must be an object' };
  }
  const from = (input as { v?: unknown }).v;
  if (from === 1) {
    const v1 = ZPlannerStateV1.safeParse(input);
    if (!v1.success) return { ok: false, message: v1.error.issues[0]?.message ?? 'invalid' };
    const parsed = ZPlannerState.safeParse(upgradeV1(v1.data, projectName));
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? '' };
    return { ok: true, state: parsed.data, upgradedFrom: 1 };
  }
  if (from !== PLANNER_STATE_VERSION) {
    return typeof from === 'number' && from > PLANNER_STATE_VERSION
      ? { ok: false, message: `planner state version ${from} is newer than this server` }
      : { ok: false, message: `unsupported planner state version ${String(from)}` };
  }
  const parsed = ZPlannerState.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'invalid' };
  return { ok: true, state: parsed.data };
}
