import type {
  TPlannerStateInput,
  TPlannerState as TStoredState,
} from '../contract/planner/planner-state';
import { parseDesign } from '../iac/design/parse';
import {
  EMPTY_PLANNER_STATE,
  ZArchitectureConfig,
  type TArchitectureConfig,
  type TPlannerState,
} from './state';

/**
 * The planner's state as a project stores it on the server (`contract/planner/planner-state`):
 * the board becomes a design document (v2) that also keeps the board's positions.
 */
export function toProjectState(plan: TPlannerState): TPlannerStateInput {
  const arch = plan.architectureConfig;
  const files = plan.fileStructureConfig;
  return {
    v: 1,
    currentStep: plan.currentStep,
    provider: plan.selectedProvider,
    selectedServices: plan.selectedServices.slice(0, 500),
    architecture: {
      v: 2,
      name: arch.name,
      ...(arch.description ? { description: arch.description } : {}),
      ...(arch.region ? { region: arch.region } : {}),
      environments: arch.environments,
      tags: arch.tags,
      groups: arch.groups,
      components: arch.components,
      connections: arch.connections,
      positions: arch.positions,
    },
    architectureOptional: plan.architectureOptionalOverride,
    naming: plan.namingConvention,
    fileStructure: {
      terraform: files.terraform,
      bicep: files.bicep,
      ci: files.ci,
      readme: files.readme,
    },
  };
}

/** The board from a stored architecture document (any version the engine reads). */
function architectureOf(
  doc: TStoredState['architecture'],
  projectName: string,
): TArchitectureConfig {
  const empty = {
    ...EMPTY_PLANNER_STATE.architectureConfig,
    name: projectName.slice(0, 100) || 'project',
  };
  if (doc === null) return empty;
  if (doc.v !== 2) {
    const parsed = parseDesign(doc);
    if (!parsed.ok) return empty;
    const d = parsed.design;
    return {
      ...empty,
      name: d.name,
      region: d.region,
      environments: d.environments,
      tags: d.tags,
      groups: d.groups,
      components: d.components,
      connections: d.connections,
    };
  }
  const parsed = ZArchitectureConfig.safeParse({ name: empty.name, ...doc });
  return parsed.success ? parsed.data : empty;
}

/** A stored project state as the planner holds it; `format` is the planner's own choice. */
export function fromProjectState(
  state: TStoredState,
  projectName: string,
  format: TPlannerState['fileStructureConfig']['format'] = 'terraform',
): TPlannerState {
  return {
    currentStep: state.currentStep,
    selectedProvider: state.provider,
    selectedServices: state.selectedServices,
    architectureConfig: architectureOf(state.architecture, projectName),
    architectureOptionalOverride: state.architectureOptional,
    namingConvention: state.naming,
    fileStructureConfig: { format, ...state.fileStructure },
  };
}
