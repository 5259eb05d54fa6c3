import { BuildError } from '../../build/terraform-build';
import { obj, ref, type TTfValue } from '../../ir/terraform-ir';
import type { TCloud } from '../../types';
import type { TTfBuildContext } from '../service';
import { hasFlag, resourceSchema, type TSchemaBlock, type TSchemaProvider } from './schema-source';
import { hclTypeOf, terraformBody, type TArgsScope } from './terraform-args';

/** The Terraform provider of each cloud's generic component, and what its types start with. */
export const TF_PROVIDER: Readonly<Record<TCloud, TSchemaProvider>> = {
  aws: 'aws',
  azure: 'azurerm',
  gcp: 'google',
  oci: 'oci',
};

/** The attribute each provider carries tags in (`TCloudProfile.terraform.tagsAttribute`). */
const TAGS_ATTRIBUTE: Readonly<Record<TCloud, string>> = {
  aws: 'tags',
  azure: 'tags',
  gcp: 'labels',
  oci: 'freeform_tags',
};

/**
 * The computed twin the providers add to real tag maps (aws `tags_all`, google
 * `effective_labels`): where it is missing, `tags`/`labels` mean something else (the e-mail
 * address of a google_monitoring_notification_channel, the filter of an
 * aws_inspector_resource_group), so the design's tags stay out.
 */
const TAGS_TWIN: Readonly<Record<TCloud, string | undefined>> = {
  aws: 'tags_all',
  azure: undefined,
  gcp: 'effective_labels',
  oci: undefined,
};

/** The name argument: `name`, or OCI's `display_name` where a type has no `name`. */
const NAME_ARGUMENTS: Readonly<Record<TCloud, readonly string[]>> = {
  aws: ['name'],
  azure: ['name'],
  gcp: ['name'],
  oci: ['name', 'display_name'],
};

/** Whether the user may set `name` on the type (required or optional, not computed only). */
const settable = (schema: TSchemaBlock | undefined, name: string) =>
  hasFlag(schema, name, 'R') || hasFlag(schema, name, 'O');

/**
 * Whether the builder may fill the argument itself: settable and not deprecated. A deprecated
 * argument is often the old half of an ExactlyOneOf (azurerm_eventhub's `resource_group_name`
 * beside `namespace_id`), so adding it would make the plan fail.
 */
const fillable = (schema: TSchemaBlock | undefined, name: string) =>
  settable(schema, name) && !hasFlag(schema, name, 'D');

/**
 * Arguments every resource of a cloud places the same way, filled when the type has them (not
 * deprecated) and the user left them empty: the design's resource group and region (azurerm),
 * the compartment (oci). The same values the curated services use (azure/shared.ts, oci/shared.ts).
 */
function ambient(cloud: TCloud): Record<string, TTfValue> {
  if (cloud === 'azure') {
    return {
      resource_group_name: ref('azurerm_resource_group.main', 'name'),
      location: ref('azurerm_resource_group.main', 'location'),
    };
  }
  if (cloud === 'oci') return { compartment_id: ref('var.compartment_ocid') };
  return {};
}

/** The Terraform builder of `<cloud>.resource`: one resource of the chosen type. */
export function buildGenericTerraform(cloud: TCloud, ctx: TTfBuildContext): void {
  const node = ctx.node;
  const resource = node.resource;
  if (!resource) throw new BuildError(`${node.id}: a generic resource needs a resource type`);
  const schema = resourceSchema(TF_PROVIDER[cloud], resource.type);
  const scope: TArgsScope = {
    ctx,
    reference: (id, attribute) => {
      const target = ctx.lookup(id);
      if (!target) throw new BuildError(`${node.id}: reference to unknown component "${id}"`);
      return ctx.primary(target, attribute);
    },
    secret: (path, type) =>
      ctx.variable({
        name: `${node.local}_${path.join('_')}`,
        type: hclTypeOf(type),
        description: `${resource.type} ${node.name}: ${path.join('.')} (sensitive: set it in the environment, never in code).`,
        sensitive: true,
      }),
  };
  const args = terraformBody(scope, resource.arguments, schema);
  // Printed in the order a reviewer expects: name, placement, the arguments, then tags.
  const body: Record<string, (typeof args)[string]> = {};
  const nameArg = NAME_ARGUMENTS[cloud].find((n) => args[n] !== undefined || fillable(schema, n));
  if (nameArg) body[nameArg] = args[nameArg] ?? ctx.name();
  for (const [key, value] of Object.entries(ambient(cloud))) {
    if (fillable(schema, key) || args[key] !== undefined) body[key] = args[key] ?? value;
  }
  const tagsKey = TAGS_ATTRIBUTE[cloud];
  for (const [key, value] of Object.entries(args))
    if (key !== tagsKey && !(key in body)) body[key] = value;
  const own = args[tagsKey];
  const twin = TAGS_TWIN[cloud];
  if (settable(schema, tagsKey) && (twin === undefined || schema?.a?.[twin] !== undefined)) {
    const given =
      typeof own === 'object' && own !== null && '$' in own && own.$ === 'obj' ? own : undefined;
    // The design's tags first, the component's own on top: the user has the last word.
    body[tagsKey] = obj({ ...ctx.tags().entries, ...(given?.entries ?? {}) });
  } else if (own !== undefined) body[tagsKey] = own;
  const address = ctx.resource(resource.type, node.local, body);
  // Types of the newer plugin framework may have no `id`: the output only where the schema has it.
  if (schema?.a?.['id'] !== undefined) {
    ctx.output('id', `ID of ${resource.type} ${node.name}`, ref(address.address, 'id'));
  }
}
