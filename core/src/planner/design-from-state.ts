import { PLANNER_MSG } from '../contract/planner/planner-messages';
import type { TFileStructureConfig } from '../contract/planner/architecture-config';
import type { TPlannerState } from '../contract/planner/planner-state';
import { validBackendSettings } from '../iac/design/backend-settings';
import type { TDesignIssue } from '../iac/design/parse';
import type { TDesign } from '../iac/design/schema-v2';
import type { TFormat } from '../iac/emit/emitter';
import {
  generatePrepared,
  prepareParsedDesign,
  type TGenerateResult,
  type TPrepareResult,
} from '../iac/generate';
import { explainIssues } from './design-issues';
import { regionOf } from './state';
import type { TTagPolicy } from '../tags/model';

/**
 * The design document a planner state describes: the board (`architectureConfig`) in the chosen
 * cloud and region (the cloud's first region when none is chosen or it is another cloud's), with
 * the naming convention (step 3) and file layout (step 4). The one builder both the browser
 * (previews, local generation) and the server (generation, deployment) use. No parsing: the
 * state's schema already holds the design's parts, so the result is a valid `TDesign`.
 */
export function designFromState(state: TPlannerState): TDesign {
  const arch = state.architectureConfig;
  const files = state.fileStructureConfig;
  return {
    v: 2,
    name: arch.name,
    ...(arch.description !== undefined && { description: arch.description }),
    provider: state.selectedProvider ?? 'aws',
    region: regionOf(state),
    environments: arch.environments,
    naming: state.namingConvention,
    layout: {
      terraform: files.terraform,
      bicep: files.bicep,
      ci: files.ci,
      ciProvider: files.ciProvider,
      readme: files.readme,
      ...(hasBackend(files.backend) && { backend: validBackendSettings(files.backend) }),
    },
    tags: arch.tags,
    groups: arch.groups,
    components: arch.components,
    connections: arch.connections,
  };
}

/** A design names its state store only when the user set a valid name (the rest is derived). */
const hasBackend = (b: TFileStructureConfig['backend']) =>
  Object.keys(validBackendSettings(b)).length > 0;

const blocker = (path: string, message: string): TDesignIssue => ({
  path,
  message,
  severity: 'error',
});

/** §4 "Planner step validity" for generating and deploying, with the §5 texts. */
export function planIssues(state: TPlannerState): readonly TDesignIssue[] {
  if (!state.selectedProvider)
    return [blocker('selectedProvider', PLANNER_MSG.selectProviderFirst)];
  if (state.selectedServices.length === 0) {
    return [blocker('selectedServices', PLANNER_MSG.pickOneService)];
  }
  if (state.architectureConfig.components.length === 0 && !state.architectureOptionalOverride) {
    return [blocker('architectureConfig.components', PLANNER_MSG.addComponentsOrOverride)];
  }
  return [];
}

/**
 * Everything before emitting: the §4 rules, then the engine's completion and validation of
 * `designFromState`, its issues naming the component (`explainIssues`). `format`: the one about
 * to be generated, whose model the check of per-environment overrides then keeps.
 */
export function preparePlan(state: TPlannerState, format?: TFormat): TPrepareResult {
  const blockers = planIssues(state);
  if (blockers.length > 0) return { ok: false, issues: blockers };
  const design = designFromState(state);
  const prepared = prepareParsedDesign(design, { format });
  return prepared.ok
    ? { ...prepared, warnings: explainIssues(design, prepared.warnings) }
    : { ok: false, issues: explainIssues(design, prepared.issues) };
}

/** The files of a planner state in `format`, laid out as its step 4 says, under the tag policies. */
export function generatePlan(
  state: TPlannerState,
  format: TFormat,
  tagPolicies: readonly TTagPolicy[] = [],
): TGenerateResult {
  const prepared = preparePlan(state, format);
  return prepared.ok ? generatePrepared(prepared, { format, tagPolicies }) : prepared;
}
