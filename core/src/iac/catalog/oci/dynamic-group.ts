import { defineService, type TTfBuildContext } from '../service';
import { enumProp } from '../properties';
import { ref, tfVar, tpl, type TTfValue } from '../../ir/terraform-ir';
import { OCI_MEMBERS_OF } from './grants';
import { accessOf, compartment, isPooled, MEMBER_TAG } from './shared';
import { leftToWorkloads } from './oke-workload-identity';

/** OCI identity: a dynamic group of the design's workloads and the policy of their access. */

/**
 * Members of a dynamic group, named rather than "everything in the compartment" (policy
 * oci-dynamic-group-scoped): the design's resources of that type by OCID, and for instances of
 * pools and OKE node pools (OCIDs unknown until they launch) a defined tag the group owns.
 * https://docs.oracle.com/iaas/Content/Identity/dynamicgroups/Writing_Matching_Rules_to_Define_Dynamic_Groups.htm
 */
/** How a dynamic group's matching rule names its members (which services: OCI_MEMBERS_OF). */
interface TMembers {
  readonly type: string;
  readonly variable: string;
  readonly compartmentRule: string;
}
const MEMBERS: Readonly<Record<string, TMembers>> = {
  instances: {
    type: 'oci_core_instance',
    variable: 'instance.id',
    compartmentRule: 'instance.compartment.id',
  },
  functions: {
    type: 'oci_functions_function',
    variable: 'resource.id',
    compartmentRule: "resource.type = 'fnfunc', resource.compartment.id",
  },
  'container-instances': {
    type: 'oci_container_instances_container_instance',
    variable: 'resource.id',
    compartmentRule: "resource.type = 'computecontainerinstance', resource.compartment.id",
  },
  'api-gateways': {
    type: 'oci_apigateway_gateway',
    variable: 'resource.id',
    compartmentRule: "resource.type = 'ApiGateway', resource.compartment.id",
  },
};

const membersOf = (ctx: TTfBuildContext): string =>
  MEMBERS[ctx.value('members')] ? ctx.value('members') : 'instances';

function matchingRule(ctx: TTfBuildContext): TTfValue {
  const members = membersOf(ctx);
  const m = MEMBERS[members]!;
  // Pooled instances have no OCID before they launch: they are matched by a tag below.
  const conditions: TTfValue[] = ctx
    .nodes()
    .filter((n) => OCI_MEMBERS_OF[n.service.id] === members && !isPooled(n))
    .map((n) => tpl(`${m.variable} = '`, ref(ctx.address(n, m.type), 'id'), "'"));
  if (members === 'instances' && ctx.nodes().some(isPooled)) {
    const ns = ctx.resource('oci_identity_tag_namespace', ctx.node.local, {
      compartment_id: compartment(),
      name: ctx.name('tags', 'oci-tag-namespace'),
      description: `Marks the pooled instances that belong to dynamic group ${ctx.node.name}`,
      freeform_tags: ctx.tags(),
    });
    const tag = ctx.resource('oci_identity_tag', ctx.node.local, {
      tag_namespace_id: ref(ns.address, 'id'),
      name: MEMBER_TAG,
      description: `Members of dynamic group ${ctx.node.name}`,
      freeform_tags: ctx.tags(),
    });
    conditions.push(
      tpl('tag.', ref(ns.address, 'name'), '.', ref(tag.address, 'name'), ".value = 'true'"),
    );
  }
  // No such member in the design: the whole compartment's, which policy reports.
  if (conditions.length === 0) return tpl(`ALL {${m.compartmentRule} = '`, compartment(), "'}");
  return tpl('ANY {', ...conditions.flatMap((c, i) => (i === 0 ? [c] : [', ', c])), '}');
}

export const ociIdentity = defineService({
  id: 'oci.dynamic-group',
  cloud: 'oci',
  kind: 'identity',
  name: 'Dynamic group and policy',
  category: 'security',
  description:
    'Dynamic group of the instances, functions or container instances of the compartment, with a policy that grants least-privilege access to each connected resource.',
  icon: 'oci-iam',
  properties: [enumProp('members', 'Members', Object.keys(MEMBERS), 'instances')],
  placement: 'none',
  naming: { rule: 'oci-iam', abbreviation: 'dg' },
  emits: {
    terraform: [
      'oci_identity_dynamic_group',
      'oci_identity_policy',
      'oci_identity_tag_namespace',
      'oci_identity_tag',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const group = ctx.resource('oci_identity_dynamic_group', local, {
      compartment_id: tfVar('tenancy_ocid'),
      name: ctx.name(),
      description: `${ctx.node.name}: the ${ctx.value('members')} of this deployment`,
      matching_rule: matchingRule(ctx),
      freeform_tags: ctx.tags(),
    });
    // A store only enhanced OKE clusters use is their workloads' policy's (oke-workload-identity.ts):
    // granted to the nodes, any pod on them could use it.
    const statements = ctx
      .outgoing('data')
      .filter((e) => membersOf(ctx) !== 'instances' || !leftToWorkloads(ctx, e.node))
      .flatMap((e) => accessOf(ctx, e.node))
      .map((grant) => tpl('Allow dynamic-group ', ref(group.address, 'name'), ' to ', grant));
    if (statements.length > 0) {
      ctx.resource('oci_identity_policy', local, {
        compartment_id: compartment(),
        name: ctx.name('policy', 'oci-iam'),
        description: `Access of ${ctx.node.name} to its connected resources`,
        statements,
        freeform_tags: ctx.tags(),
      });
    }
    ctx.output('dynamic_group_id', `OCID of ${ctx.node.name}`, ref(group.address, 'id'));
  },
});
