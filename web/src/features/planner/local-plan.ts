import { z } from 'zod';
import {
  EMPTY_PLANNER_STATE,
  ZArchitectureConfig,
  ZFileStructureConfig,
  ZPlannerState,
  type TPlannerState,
} from '@stratum/core/planner/state';
import { normalizeStep } from '@stratum/core/planner/steps';
import { ZNamingConvention } from '@stratum/core/iac/naming/convention';
import {
  PLANNER_PROJECT_KEY,
  PLANNER_STORAGE_KEYS as KEYS,
  readJson,
  writeJson,
  writeString,
} from '../../lib/storage';
import type { TOpenProject } from './planner-store';

function parsed<T extends z.ZodType>(schema: T, key: string, fallback: z.output<T>): z.output<T> {
  const result = schema.safeParse(readJson(key));
  return result.success ? result.data : fallback;
}

/**
 * The planner state from the §3 keys (one key per field of the one planner state; `v` is not
 * stored, these keys have one shape); anything missing or unreadable starts empty.
 */
export function readLocalPlan(): TPlannerState {
  const provider = ZPlannerState.shape.selectedProvider.safeParse(readJson(KEYS.selectedProvider));
  const services = ZPlannerState.shape.selectedServices.safeParse(readJson(KEYS.selectedServices));
  return {
    v: EMPTY_PLANNER_STATE.v,
    currentStep: normalizeStep(readJson(KEYS.currentStep)),
    selectedProvider: provider.success ? provider.data : null,
    selectedServices: services.success ? services.data : [],
    architectureConfig: parsed(
      ZArchitectureConfig,
      KEYS.architectureConfig,
      EMPTY_PLANNER_STATE.architectureConfig,
    ),
    architectureOptionalOverride: readJson(KEYS.architectureOptionalOverride) === true,
    namingConvention: parsed(
      ZNamingConvention,
      KEYS.namingConvention,
      EMPTY_PLANNER_STATE.namingConvention,
    ),
    fileStructureConfig: parsed(
      ZFileStructureConfig,
      KEYS.fileStructureConfig,
      EMPTY_PLANNER_STATE.fileStructureConfig,
    ),
  };
}

let written: Partial<TPlannerState> = {};

/** Writes the keys whose value changed since the last write. */
export function writeLocalPlan(plan: TPlannerState): void {
  const write = <K extends keyof TPlannerState>(field: K, key: string, value: unknown) => {
    if (written[field] === plan[field]) return;
    writeJson(key, value);
    written = { ...written, [field]: plan[field] };
  };
  write('currentStep', KEYS.currentStep, plan.currentStep);
  write('selectedProvider', KEYS.selectedProvider, plan.selectedProvider);
  write('selectedServices', KEYS.selectedServices, plan.selectedServices);
  write('architectureConfig', KEYS.architectureConfig, plan.architectureConfig);
  write(
    'architectureOptionalOverride',
    KEYS.architectureOptionalOverride,
    plan.architectureOptionalOverride,
  );
  write('namingConvention', KEYS.namingConvention, plan.namingConvention);
  write('fileStructureConfig', KEYS.fileStructureConfig, plan.fileStructureConfig);
}

const ZOpenProject = z.object({
  id: z.string().min(1),
  name: z.string(),
  revision: z.number().int().min(0),
  role: z.enum(['owner', 'editor', 'viewer']).optional(),
});

export function readOpenProject(): TOpenProject | null {
  const parsed = ZOpenProject.safeParse(readJson(PLANNER_PROJECT_KEY));
  return parsed.success ? parsed.data : null;
}

export function writeOpenProject(project: TOpenProject | null): void {
  if (project === null) writeString(PLANNER_PROJECT_KEY, null);
  else writeJson(PLANNER_PROJECT_KEY, project);
}
