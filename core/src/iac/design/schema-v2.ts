import { z } from 'zod';
import { CLOUDS } from '../types';
import { ZNamingConvention } from '../naming/convention';
import { CI_PROVIDERS, ZBackendSettings } from './backend-settings';
import { ZComponentResource } from './resource-arg';
import { POLICY_RULE_IDS } from '../policy/registry';

/** Ids become Terraform local names and Bicep symbols, so they stay identifier-safe. */
export const ZNodeId = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,47}$/, 'ids are lowercase letters, digits and hyphens (max 48)');
const ZNodeName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'names are lowercase letters, digits and hyphens (max 40)');

export const ZPropertyValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
const ZProperties = z.record(z.string(), ZPropertyValue).default({});

/**
 * A deliberate waiver of security policy rules (core/src/iac/policy) for one node: the report
 * still lists the finding, marked exempted with the reason.
 */
export const ZPolicyExemption = z.object({
  rule: z.enum(POLICY_RULE_IDS as [string, ...string[]], {
    error: `rule must be a policy rule id (${POLICY_RULE_IDS.join(', ')})`,
  }),
  reason: z.string().trim().min(1, 'say why the rule does not apply').max(500),
});
const ZNodePolicy = z.object({ exempt: z.array(ZPolicyExemption).max(50).default([]) }).optional();

export const ZEnvironment = z.object({
  name: z
    .string()
    .regex(/^[a-z][a-z0-9]{0,9}$/, 'environment names are lowercase letters and digits (max 10)'),
  /** Per-environment property overrides, keyed by component id. */
  overrides: z.record(z.string(), z.record(z.string(), ZPropertyValue)).default({}),
});

export const ZGroup = z.object({
  id: ZNodeId,
  /** A catalog service of kind `network` or `subnet`. */
  service: z.string(),
  name: ZNodeName,
  parent: ZNodeId.optional(),
  properties: ZProperties,
  policy: ZNodePolicy,
});

export const ZComponent = z.object({
  id: ZNodeId,
  service: z.string(),
  name: ZNodeName,
  /** The subnet (or network) the component is placed in. */
  group: ZNodeId.optional(),
  properties: ZProperties,
  /**
   * Generic resource components only (`<cloud>.resource`, `azure.arm-resource`): the provider
   * resource type and its arguments, written as they are.
   */
  resource: ZComponentResource.optional(),
  policy: ZNodePolicy,
  /** The component's own tags, on top of the design's (core/src/tags); absent in older saves. */
  tags: z.record(z.string(), z.string()).optional(),
});

export const CONNECTION_TYPES = ['placement', 'data', 'traffic'] as const;
export const ZConnection = z.object({
  from: ZNodeId,
  to: ZNodeId,
  /** placement: extra subnet for a component; data: reads/writes; traffic: network flow. */
  type: z.enum(CONNECTION_TYPES),
  port: z.number().int().min(1).max(65535).optional(),
  protocol: z.enum(['tcp', 'udp', 'http', 'https']).optional(),
});

export const TERRAFORM_LAYOUTS = ['single', 'standard', 'modules', 'env-folders'] as const;
export const BICEP_LAYOUTS = ['single', 'modules'] as const;
export const ZLayoutOptions = z.object({
  terraform: z.enum(TERRAFORM_LAYOUTS).default('standard'),
  bicep: z.enum(BICEP_LAYOUTS).default('modules'),
  ci: z.boolean().default(false),
  /** Which pipeline `ci` generates: GitHub Actions or GitLab CI. */
  ciProvider: z.enum(CI_PROVIDERS).default('github'),
  readme: z.boolean().default(true),
  /** Terraform state location; derived from the naming convention when absent. */
  backend: ZBackendSettings.optional(),
});
export type TLayoutOptions = z.infer<typeof ZLayoutOptions>;

export const ZDesignV2 = z.object({
  $schema: z.string().optional(),
  v: z.literal(2),
  name: z.string().min(1).max(100),
  description: z.string().max(2000).optional(),
  provider: z.enum(CLOUDS),
  region: z.string().min(1).max(40),
  environments: z
    .array(ZEnvironment)
    .min(1)
    .default([
      { name: 'dev', overrides: {} },
      { name: 'staging', overrides: {} },
      { name: 'prod', overrides: {} },
    ]),
  naming: ZNamingConvention.default(ZNamingConvention.parse({})),
  layout: ZLayoutOptions.default(ZLayoutOptions.parse({})),
  tags: z.record(z.string(), z.string()).default({}),
  groups: z.array(ZGroup).default([]),
  components: z.array(ZComponent).default([]),
  connections: z.array(ZConnection).default([]),
});

export type TDesign = z.infer<typeof ZDesignV2>;
export type TDesignInput = z.input<typeof ZDesignV2>;
export type TGroup = z.infer<typeof ZGroup>;
export type TComponent = z.infer<typeof ZComponent>;
export type TConnection = z.infer<typeof ZConnection>;
export type TEnvironment = z.infer<typeof ZEnvironment>;
export type TPolicyExemption = z.infer<typeof ZPolicyExemption>;
