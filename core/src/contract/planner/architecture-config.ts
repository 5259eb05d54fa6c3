import { z } from 'zod';
import { FORMATS } from '../../iac/emit/emitter';
import {
  BICEP_LAYOUTS,
  TERRAFORM_LAYOUTS,
  ZComponent,
  ZConnection,
  ZEnvironment,
  ZGroup,
} from '../../iac/design/schema-v2';
import { CI_PROVIDERS, ZBackendSettingsDraft } from '../../iac/design/backend-settings';

/** Where a node sits on the board; groups also keep their size. Relative to the parent group. */
export const ZBoardPosition = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number().positive().optional(),
  height: z.number().positive().optional(),
});
export type TBoardPosition = z.infer<typeof ZBoardPosition>;

export const DEFAULT_ENVIRONMENTS = ['dev', 'staging', 'prod'] as const;

/**
 * §3 `architecture_config`: the board (groups, components, connections, their positions), the
 * design's name, region, environments and tags. The provider, naming and layout live beside it
 * in the planner state, so a design document is built from the state, never stored twice.
 */
export const ZArchitectureConfig = z.object({
  name: z.string().min(1).max(100).default('my-architecture'),
  description: z.string().max(2000).optional(),
  /** Empty: the provider's first region. */
  region: z.string().max(40).default(''),
  environments: z
    .array(ZEnvironment)
    .min(1)
    .default(DEFAULT_ENVIRONMENTS.map((name) => ({ name, overrides: {} }))),
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
  ciProvider: z.enum(CI_PROVIDERS).default('github'),
  readme: z.boolean().default(true),
  /** Terraform state names as typed; the valid ones reach the design, the rest are derived. */
  backend: ZBackendSettingsDraft.default({}),
});
export type TFileStructureConfig = z.infer<typeof ZFileStructureConfig>;
