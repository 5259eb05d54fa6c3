import { CLOUD_PROFILES } from '../../iac/catalog/registry';
import { parseDesign, type TDesignIssue } from '../../iac/design/parse';
import type { TDesign } from '../../iac/design/schema-v2';
import type { TPlannerState } from './planner-state';
import { PLANNER_MSG } from './planner-messages';

export type TDesignFromState =
  | { readonly ok: true; readonly design: TDesign }
  | { readonly ok: false; readonly issues: readonly TDesignIssue[] };

const error = (path: string, message: string): TDesignIssue => ({
  path,
  message,
  severity: 'error',
});

/**
 * The design document a project generates and deploys: the board's architecture (upgraded to
 * the current version), named after the project and in the cloud's first region unless it says
 * otherwise, with the planner's naming (step 3) and file structure (step 4) in force. Applies
 * §4 "Planner step validity" with the §5 texts. The web's previews use the same function.
 */
export function designFromState(state: TPlannerState, projectName: string): TDesignFromState {
  const { provider } = state;
  if (!provider) return { ok: false, issues: [error('provider', PLANNER_MSG.selectProviderFirst)] };
  if (state.selectedServices.length === 0) {
    return { ok: false, issues: [error('selectedServices', PLANNER_MSG.pickOneService)] };
  }
  const base = {
    v: 2,
    name: projectName,
    provider,
    region: CLOUD_PROFILES[provider].regions[0],
  };
  const arch = state.architecture;
  const parsed = parseDesign(arch === null ? base : arch.v === 1 ? arch : { ...base, ...arch });
  if (!parsed.ok) {
    return {
      ok: false,
      issues: parsed.issues.map((i) => ({
        ...i,
        path: i.path ? `architecture.${i.path}` : 'architecture',
      })),
    };
  }
  if (parsed.design.provider !== provider) {
    return {
      ok: false,
      issues: [
        error(
          'architecture.provider',
          `The architecture is for ${parsed.design.provider} but the project's provider is ${provider}: re-target it first`,
        ),
      ],
    };
  }
  if (parsed.design.components.length === 0 && !state.architectureOptional) {
    return {
      ok: false,
      issues: [error('architecture.components', PLANNER_MSG.addComponentsOrOverride)],
    };
  }
  return {
    ok: true,
    design: { ...parsed.design, naming: state.naming, layout: state.fileStructure },
  };
}
