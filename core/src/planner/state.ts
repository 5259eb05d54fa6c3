import { z } from 'zod';
import { CLOUD_PROFILES } from '../iac/catalog/registry';
import { FORMATS, type TFormat } from '../iac/emit/emitter';
import { ZNamingConvention } from '../iac/naming/convention';
import {
  BICEP_LAYOUTS,
  TERRAFORM_LAYOUTS,
  ZComponent,
  ZConnection,
  ZEnvironment,
  ZGroup,
  type TDesignInput,
} from '../iac/design/schema-v2';
import { CLOUDS, type TCloud } from '../iac/types';

/** Where a node sits on the board; groups also keep their size. Relative to the parent group. */
export const ZBoardPosition = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number().positive().optional(),
  height: z.number().positive().optional(),
});
export type TBoardPosition = z.infer<typeof ZBoardPosition>;

/** §3 `architecture_config`: the design's board (groups, components, connections) and its layout. */
export const ZArchitectureConfig = z.object({
  name: z.string().min(1).max(100).default('my-architecture'),
  description: z.string().max(2000).optional(),
  /** Empty: the provider's first region. */
  region: z.string().max(40).default(''),
  environments: z
    .array(ZEnvironment)
    .min(1)
    .default([
      { name: 'dev', overrides: {} },
      { name: 'staging', overrides: {} },
      { name: 'prod', overrides: {} },
    ]),
  tags: z.record(z.string(), z.string()).default({}),
  groups: z.array(ZGroup).default([]),
  components: z.array(ZComponent).default([]),
  connections: z.array(ZConnection).default([]),
  positions: z.record(z.string(), ZBoardPosition).default({}),
});
export type TArchitectureConfig = z.infer<typeof ZArchitectureConfig>;

/** §3 `file_structure_config`: the output format and the layout of the files. */
export const ZFileStructureConfig = z.object({
  format: z.enum(FORMATS).default('terraform'),
  terraform: z.enum(TERRAFORM_LAYOUTS).default('standard'),
  bicep: z.enum(BICEP_LAYOUTS).default('modules'),
  ci: z.boolean().default(false),
  readme: z.boolean().default(true),
});
export type TFileStructureConfig = z.infer<typeof ZFileStructureConfig>;

/** Everything the planner keeps: the §3 keys, and what a saved project stores on the server. */
export const ZPlannerState = z.object({
  currentStep: z.number().int().min(0).max(6).default(0),
  selectedProvider: z.enum(CLOUDS).nullable().default(null),
  selectedServices: z.array(z.string()).default([]),
  architectureConfig: ZArchitectureConfig.default(ZArchitectureConfig.parse({})),
  architectureOptionalOverride: z.boolean().default(false),
  namingConvention: ZNamingConvention.default(ZNamingConvention.parse({})),
  fileStructureConfig: ZFileStructureConfig.default(ZFileStructureConfig.parse({})),
});
export type TPlannerState = z.infer<typeof ZPlannerState>;

export const EMPTY_PLANNER_STATE: TPlannerState = ZPlannerState.parse({});

/** The formats a cloud can be generated in (Terraform everywhere; Bicep and ARM for Azure). */
export function formatsFor(cloud: TCloud): readonly TFormat[] {
  return cloud === 'azure' ? FORMATS : ['terraform'];
}

export function regionOf(state: Pick<TPlannerState, 'selectedProvider' | 'architectureConfig'>) {
  const cloud = state.selectedProvider ?? 'aws';
  const regions = CLOUD_PROFILES[cloud].regions;
  const chosen = state.architectureConfig.region;
  return chosen !== '' && regions.includes(chosen) ? chosen : (regions[0] ?? '');
}

/** The engine's design document (v2) for the planner's state. */
export function plannerDesign(state: TPlannerState): TDesignInput {
  const arch = state.architectureConfig;
  const files = state.fileStructureConfig;
  return {
    v: 2,
    name: arch.name,
    ...(arch.description ? { description: arch.description } : {}),
    provider: state.selectedProvider ?? 'aws',
    region: regionOf(state),
    environments: arch.environments,
    naming: state.namingConvention,
    layout: { terraform: files.terraform, bicep: files.bicep, ci: files.ci, readme: files.readme },
    tags: arch.tags,
    groups: arch.groups,
    components: arch.components,
    connections: arch.connections,
  };
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
