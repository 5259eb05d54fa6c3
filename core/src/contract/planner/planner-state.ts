import { z } from 'zod';
import { zString } from '../common';
import { ZLayoutOptions } from '../../iac/design/schema-v2';
import { ZNamingConvention } from '../../iac/naming/convention';
import { CLOUDS } from '../../iac/types';

/** §2 Planner: seven steps, 0 provider … 6 deployment. */
export const PLANNER_STEP_COUNT = 7;
export const PLANNER_STATE_VERSION = 1;

/**
 * The architecture as the board keeps it: the engine's design document (`v` 1 or 2, see
 * `core/src/iac/design/`). Saved as it is, mid-edit included; the engine checks it when the
 * project is generated or deployed and answers its issues with paths.
 */
export const ZArchitectureDocument = z.looseObject({ v: z.number().int() });
export type TArchitectureDocument = z.infer<typeof ZArchitectureDocument>;

/**
 * The planner state of a project, version 1 (§3 "Planner state" and the planner's local storage
 * keys). `naming` and `fileStructure` win over the `naming` and `layout` of the architecture
 * document when the server builds the design it generates or deploys.
 */
export const ZPlannerStateV1 = z.object({
  v: z.literal(1),
  /** wizard_current_step: 0 provider … 6 deployment. */
  currentStep: z
    .number()
    .int()
    .min(0)
    .max(PLANNER_STEP_COUNT - 1)
    .default(0),
  /** selected_provider. */
  provider: z.enum(CLOUDS).nullable().default(null),
  /** selected_services: catalog service ids. */
  selectedServices: z.array(zString(100).min(1)).max(500).default([]),
  /** architecture_config: null until the board holds something. */
  architecture: ZArchitectureDocument.nullable().default(null),
  /** architecture_optional_override: generate without components. */
  architectureOptional: z.boolean().default(false),
  /** naming_convention (step 3). */
  naming: ZNamingConvention.default(ZNamingConvention.parse({})),
  /** file_structure_config (step 4): layouts, CI workflow, README. */
  fileStructure: ZLayoutOptions.default(ZLayoutOptions.parse({})),
});
export type TPlannerStateV1 = z.infer<typeof ZPlannerStateV1>;
export type TPlannerStateV1Input = z.input<typeof ZPlannerStateV1>;

/** The current version: what the server stores and answers. */
export const ZPlannerState = ZPlannerStateV1;
export type TPlannerState = TPlannerStateV1;
/** What a client may send: every field but `v` has a default. */
export type TPlannerStateInput = TPlannerStateV1Input;

export const EMPTY_PLANNER_STATE: TPlannerState = ZPlannerStateV1.parse({ v: 1 });

/**
 * Each stored version to the next; the server runs them in order on read (`parsePlannerState`).
 * Empty while version 1 is the only one: version 2 adds `2: (v1) => v2` here.
 */
const UPGRADES: Readonly<
  Record<number, (doc: Record<string, unknown>) => Record<string, unknown>>
> = {};

export type TPlannerStateParse =
  | { readonly ok: true; readonly state: TPlannerState; readonly upgradedFrom?: number }
  | { readonly ok: false; readonly message: string };

/** Reads any stored version of the planner state and upgrades it to the current one. */
export function parsePlannerState(input: unknown): TPlannerStateParse {
  if (typeof input !== 'object' || input === null) {
    return { ok: false, message: 'planner state must be an object' };
  }
  let doc = input as Record<string, unknown>;
  const from = doc.v;
  if (typeof from !== 'number' || !Number.isInteger(from) || from < 1) {
    return { ok: false, message: `unsupported planner state version ${String(from)}` };
  }
  if (from > PLANNER_STATE_VERSION) {
    return { ok: false, message: `planner state version ${from} is newer than this server` };
  }
  for (let v = from; v < PLANNER_STATE_VERSION; v++) {
    const upgrade = UPGRADES[v + 1];
    if (!upgrade) return { ok: false, message: `no upgrade from planner state version ${v}` };
    doc = upgrade(doc);
  }
  const parsed = ZPlannerState.safeParse(doc);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'invalid' };
  return from < PLANNER_STATE_VERSION
    ? { ok: true, state: parsed.data, upgradedFrom: from }
    : { ok: true, state: parsed.data };
}
