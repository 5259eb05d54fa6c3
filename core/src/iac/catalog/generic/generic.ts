import { BuildError } from '../../build/terraform-build';
import type { TCloud } from '../../types';
import { defineService, type TServiceDefinition } from '../service';
import { buildGenericArm } from './generic-arm';
import { TF_PROVIDER, buildGenericTerraform } from './generic-terraform';

/** Naming rule of the cloud's least strict names (naming/rules.ts). */
const NAME_RULE: Readonly<Record<TCloud, string>> = {
  aws: 'aws-generic',
  azure: 'azure-generic',
  gcp: 'gcp-rfc1035',
  oci: 'oci-display',
};

const LABEL: Readonly<Record<TCloud, string>> = {
  aws: 'AWS',
  azure: 'azurerm',
  gcp: 'Google Cloud',
  oci: 'OCI',
};

/** Service id of the generic Terraform resource component of each cloud. */
export const genericServiceId = (cloud: TCloud) => `${cloud}.resource`;
export const ARM_RESOURCE_SERVICE = 'azure.arm-resource';

/**
 * `<cloud>.resource`: any resource type of the cloud's Terraform provider, its arguments
 * written from the design (`component.resource`); the board builds the form from the schema.
 */
export function genericResource(cloud: TCloud): TServiceDefinition {
  return defineService({
    id: genericServiceId(cloud),
    cloud,
    kind: 'resource',
    name: `${LABEL[cloud]} resource (any type)`,
    category: 'generic',
    description: `Any resource type of the ${TF_PROVIDER[cloud]} Terraform provider, with the arguments you set.`,
    icon: `${cloud}-resource`,
    properties: [],
    placement: 'none',
    naming: { rule: NAME_RULE[cloud], abbreviation: 'res' },
    emits: { terraform: [] },
    terraform: (ctx) => buildGenericTerraform(cloud, ctx),
    ...(cloud === 'azure'
      ? {
          arm: (ctx) => {
            throw new BuildError(
              `${ctx.node.name} (${ctx.node.resource?.type ?? 'azurerm'}) is a Terraform-only resource; use an ARM resource for Bicep/ARM`,
            );
          },
        }
      : {}),
  });
}

/** `azure.arm-resource`: any deployable ARM type at a chosen API version (Bicep and ARM). */
export const azureArmResource = defineService({
  id: ARM_RESOURCE_SERVICE,
  cloud: 'azure',
  kind: 'resource',
  name: 'ARM resource (any type)',
  category: 'generic',
  description: 'Any Azure resource type and API version, written to Bicep and ARM templates.',
  icon: 'azure-arm-resource',
  properties: [],
  placement: 'none',
  naming: { rule: NAME_RULE.azure, abbreviation: 'res' },
  emits: { terraform: [] },
  terraform: (ctx) => {
    throw new BuildError(
      `${ctx.node.name} (${ctx.node.resource?.type ?? 'ARM'}) is an ARM resource for Bicep/ARM only; use an azurerm resource for Terraform`,
    );
  },
  arm: buildGenericArm,
});
