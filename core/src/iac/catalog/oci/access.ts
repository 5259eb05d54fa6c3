import { defineService } from '../service';
import { numProp } from '../properties';
import { block, ref } from '../../ir/terraform-ir';
import { endpointNsgIds, tcp } from './client-rules';
import { compartment, subnetId } from './shared';

const HTTPS_PORT = 443;

/** OCI private access: the Bastion service and Object Storage private endpoints. */

export const ociBastion = defineService({
  id: 'oci.bastion',
  cloud: 'oci',
  kind: 'bastion',
  name: 'Bastion',
  category: 'security',
  description:
    'The OCI Bastion service in a private subnet: time-limited SSH sessions to instances with no public IP, from the client ranges you allow. Open SSH on the targets with a network security group.',
  icon: 'oci-bastion',
  properties: [
    // Bastion sessions last 30 minutes to 3 hours.
    numProp('maxSessionSeconds', 'Longest session (s)', 10800, 1800, 10800),
  ],
  placement: 'subnet',
  naming: { rule: 'oci-bastion', abbreviation: 'bastion' },
  emits: { terraform: ['oci_bastion_bastion'] },
  terraform: (ctx) => {
    const bastion = ctx.resource('oci_bastion_bastion', ctx.node.local, {
      bastion_type: 'STANDARD',
      compartment_id: compartment(),
      target_subnet_id: subnetId(ctx, ctx.subnets()[0]!),
      name: ctx.name(),
      client_cidr_block_allow_list: ctx.variable({
        name: `${ctx.node.local}_client_cidrs`,
        type: 'list(string)',
        description: `Networks allowed to open sessions through bastion ${ctx.node.name} (CIDRs).`,
      }),
      max_session_ttl_in_seconds: ctx.prop('maxSessionSeconds'),
      freeform_tags: ctx.tags(),
    });
    ctx.output('id', `OCID of bastion ${ctx.node.name}`, ref(bastion.address, 'id'));
  },
});

export const ociObjectStoragePrivateEndpoint = defineService({
  id: 'oci.object-storage-private-endpoint',
  cloud: 'oci',
  kind: 'private-endpoint',
  name: 'Object Storage private endpoint',
  category: 'networking',
  description:
    'Private access to Object Storage from the subnet, limited to the buckets it has data connections to (every bucket of the compartment when it has none).',
  icon: 'oci-private-endpoint',
  properties: [],
  placement: 'subnet',
  naming: { rule: 'oci-name', abbreviation: 'pe' },
  emits: {
    terraform: [
      'oci_objectstorage_private_endpoint',
      'oci_core_network_security_group',
      'oci_core_network_security_group_security_rule',
    ],
  },
  terraform: (ctx) => {
    const ns = ctx.data('oci_objectstorage_namespace', 'this', { compartment_id: compartment() });
    const namespace = ref(ns.address, 'namespace');
    const buckets = ctx.outgoing('data').filter((e) => e.node.service.kind === 'object-storage');
    const targets = buckets.length
      ? buckets.map((e) =>
          block({
            namespace,
            compartment_id: compartment(),
            bucket: ref(ctx.address(e.node, 'oci_objectstorage_bucket'), 'name'),
          }),
        )
      : [block({ namespace, compartment_id: compartment(), bucket: '*' })];
    // The clients of the buckets it serves reach it on HTTPS by its host name, not by a
    // connection of theirs to it: their data connections to those buckets say who they are.
    const served = buckets.length
      ? buckets.map((e) => e.node)
      : ctx.nodes().filter((n) => n.service.kind === 'object-storage');
    const nsgs = endpointNsgIds(
      ctx,
      [tcp(HTTPS_PORT)],
      false,
      false,
      served.flatMap((b) => ctx.edgesOf(b, 'in', 'data')),
    );
    const endpoint = ctx.resource('oci_objectstorage_private_endpoint', ctx.node.local, {
      compartment_id: compartment(),
      name: ctx.name(),
      namespace,
      subnet_id: subnetId(ctx, ctx.subnets()[0]!),
      // The endpoint's host name starts with this prefix (lowercase letters and digits).
      prefix: ctx.node.id.replace(/[^a-z0-9]/g, '').slice(0, 30) || 'pe',
      access_targets: targets,
      nsg_ids: nsgs,
      freeform_tags: ctx.tags(),
    });
    ctx.output(
      'ip',
      `Private IP of endpoint ${ctx.node.name}`,
      ref(endpoint.address, 'private_endpoint_ip'),
    );
  },
});
