import type { TServiceDefinition } from '../catalog/service';
import type { TCloud } from '../types';
import { collectResourceRefs } from './resource-arg';
import type { TDesign } from './schema-v2';

/** What each cloud's Terraform types start with (the provider's local name and `_`). */
export const TYPE_PREFIX: Readonly<Record<TCloud, string>> = {
  aws: 'aws_',
  azure: 'azurerm_',
  gcp: 'google_',
  oci: 'oci_',
};

const TERRAFORM_TYPE = /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/;
/** `Microsoft.Network/virtualNetworks`, `Microsoft.Network/virtualNetworks/subnets`. */
const ARM_TYPE = /^[A-Z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+(\/[A-Za-z0-9]+)+$/;

/**
 * The shape of generic resource components, checked without the schema data (core runs in the
 * browser without it): a type of the design's provider, an API version for ARM types, and
 * references to components that exist and are not the component itself. Required and unknown
 * arguments are checked against the schema by the CLI/server checkers and the board's form.
 */
export function checkResources(
  design: TDesign,
  services: ReadonlyMap<string, TServiceDefinition>,
  error: (path: string, message: string) => void,
): void {
  const ids = new Set([...design.groups.map((g) => g.id), ...design.components.map((c) => c.id)]);
  design.components.forEach((c, i) => {
    const path = `components[${i}].resource`;
    const service = services.get(c.id);
    if (!service) return;
    if (service.kind !== 'resource') {
      if (c.resource)
        error(path, `${service.name} takes properties; "resource" is for generic resources`);
      return;
    }
    const resource = c.resource;
    if (!resource) {
      error(path, `${c.name}: choose the resource type of this generic component`);
      return;
    }
    const isArm = service.id === 'azure.arm-resource';
    if (isArm) {
      if (!ARM_TYPE.test(resource.type))
        error(
          `${path}.type`,
          `"${resource.type}" is not an ARM type such as Microsoft.Network/virtualNetworks`,
        );
      if (!resource.apiVersion)
        error(`${path}.apiVersion`, `${c.name}: choose the API version of ${resource.type}`);
    } else {
      const prefix = TYPE_PREFIX[service.cloud];
      if (!TERRAFORM_TYPE.test(resource.type) || !resource.type.startsWith(prefix)) {
        error(
          `${path}.type`,
          `"${resource.type}" is not a resource type of this provider (types start with ${prefix})`,
        );
      }
      if (resource.apiVersion !== undefined)
        error(`${path}.apiVersion`, 'an API version is for ARM resources only');
    }
    for (const { path: at, ref } of collectResourceRefs(resource.arguments)) {
      const where = `${path}.arguments.${at}`;
      if (ref.$ref === c.id) error(where, `${c.name} cannot reference itself`);
      else if (!ids.has(ref.$ref))
        error(where, `references "${ref.$ref}", which is not in this design`);
    }
  });
}
