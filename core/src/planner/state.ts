import { CLOUD_PROFILES } from '../iac/catalog/registry';
import { FORMATS, type TFormat } from '../iac/emit/emitter';
import type { TCloud } from '../iac/types';
import type { TPlannerState } from '../contract/planner/planner-state';

// The one planner state (contract/planner): the web imports its parts from here.
export {
  ZArchitectureConfig,
  ZBoardPosition,
  ZFileStructureConfig,
  type TArchitectureConfig,
  type TBoardPosition,
  type TFileStructureConfig,
} from '../contract/planner/architecture-config';
export {
  EMPTY_PLANNER_STATE,
  ZPlannerState,
  type TPlannerState,
} from '../contract/planner/planner-state';

/** The formats a cloud can be generated in (Terraform everywhere; Bicep and ARM for Azure). */
export function formatsFor(cloud: TCloud): readonly TFormat[] {
  return cloud === 'azure' ? FORMATS : ['terraform'];
}

/** The chosen region when it belongs to the cloud, else the cloud's first region. */
export function regionOf(state: Pick<TPlannerState, 'selectedProvider' | 'architectureConfig'>) {
  const cloud = state.selectedProvider ?? 'aws';
  const regions = CLOUD_PROFILES[cloud].regions;
  const chosen = state.architectureConfig.region;
  return chosen !== '' && regions.includes(chosen) ? chosen : (regions[0] ?? '');
}

/** The format to generate: the chosen one when the provider supports it, else Terraform. */
export function effectiveFormat(state: TPlannerState): TFormat {
  const formats = formatsFor(state.selectedProvider ?? 'aws');
  const chosen = state.fileStructureConfig.format;
  return formats.includes(chosen) ? chosen : 'terraform';
}

/** What the step rules need (see steps.ts). */
export function stepFacts(state: TPlannerState) {
  return {
    selectedProvider: state.selectedProvider,
    selectedServices: state.selectedServices,
    componentCount: state.architectureConfig.components.length,
    architectureOptionalOverride: state.architectureOptionalOverride,
  };
}
