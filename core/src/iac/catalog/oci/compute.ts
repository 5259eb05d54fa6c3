import { defineService, type TTfBuildContext } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { block, obj, ref, type TTfBlock, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { hclString, hclValue } from '../../emit/hcl-writer';
import {
  availabilityDomain,
  compartment,
  connectionConfig,
  memberTags,
  subnetId,
  vcnId,
} from './shared';
import { OKE_VERSION, okeVersion } from './oke-version';
import { poolDomains } from './availability';
import { tcp, workloadNsgIds } from './client-rules';
import { okeNsgIds } from './oke-network';
import { okeLoadBalancers } from './oke-load-balancers';
import { okeNetworkOptions } from './oke-pod-ranges';
import { tfClusterSettings } from '../cluster-settings';
import { hostFirewallUserData } from './host-firewall';
import { okeWorkloadPolicy } from './oke-workload-identity';

/** OCI compute: instances, instance pools and OKE (containers and functions: containers.ts). */
export const OCI_SHAPES = [
  'VM.Standard.E5.Flex',
  'VM.Standard.E4.Flex',
  'VM.Standard3.Flex',
  'VM.Standard.A1.Flex',
  'VM.Optimized3.Flex',
] as const;

const IMAGES: Readonly<Record<string, { os: string; version: string }>> = {
  'oracle-linux-9': { os: 'Oracle Linux', version: '9' },
  'oracle-linux-8': { os: 'Oracle Linux', version: '8' },
  'ubuntu-24.04': { os: 'Canonical Ubuntu', version: '24.04' },
};

/** The newest platform image of the chosen OS that runs on the chosen shape. */
function imageLookup(ctx: TTfBuildContext): TTfRef {
  const image = IMAGES[ctx.value('os')] ?? IMAGES['oracle-linux-9']!;
  return ctx.data('oci_core_images', ctx.node.local, {
    compartment_id: compartment(),
    operating_system: image.os,
    operating_system_version: image.version,
    shape: ctx.value('shape'),
    sort_by: 'TIMECREATED',
    sort_order: 'DESC',
  });
}

/** Arm shapes (Ampere A1, A2, A4) run aarch64 images; the others x86-64 ones. */
export const isArmShape = (shape: string): boolean => /\.A\d+\./.test(shape);

/** `length(regexall("<re>", <on>))`: how often a regular expression matches, in HCL. */
const matches = (re: string, on = 's.source_name') => `length(regexall(${hclString(re)}, ${on}))`;

/**
 * The OKE image of a node pool, chosen by source name for its Kubernetes version and its shape's
 * architecture: `sources` mixes x86-64, aarch64 and GPU images in no set order
 * (`Oracle-Linux-8.10-2025.06.17-0-OKE-1.32.1-1070`, `…-8.10-aarch64-…`, `…-8.10-Gen2-GPU-…`),
 * and an image the shape cannot run fails the pool ("Node shape and image are not compatible").
 * When none matches, `[0]` of the empty list stops the plan instead of launching a wrong image.
 * The version is the one the plan resolved for the cluster (oke-version.ts); a shape's
 * architecture that differs between environments is compared in HCL.
 */
function okeNodeImage(ctx: TTfBuildContext, options: TTfRef, version: TTfRef): TTfValue {
  const release = `length(regexall("-OKE-\${replace(trimprefix(${hclValue(version, '')}, "v"), ".", "\\\\.")}-", s.source_name))`;
  const shapes = [
    ctx.value('nodeShape'),
    ...Object.values(ctx.node.overrides).map((o) => o['nodeShape']),
  ];
  const arches = new Set(shapes.filter((s) => typeof s === 'string').map(isArmShape));
  const arch =
    arches.size > 1
      ? `${matches('GPU')} == 0 && (${matches('aarch64')} > 0) == (${matches('\\.A[0-9]+\\.', hclValue(ctx.prop('nodeShape'), ''))} > 0)`
      : arches.has(true)
        ? `${matches('aarch64')} > 0 && ${matches('GPU')} == 0`
        : `${matches('aarch64|GPU')} == 0`;
  return ref(`[for s in ${options.address}.sources : s.image_id if ${release} > 0 && ${arch}][0]`);
}

const sshKey = (ctx: TTfBuildContext) =>
  ctx.variable({
    name: 'ssh_public_key',
    type: 'string',
    description: 'SSH public key (OpenSSH format) installed on the virtual machines.',
  });

/**
 * The metadata of an instance or of an instance configuration's launch details: the SSH key, and
 * the connection settings of the stores the VM uses (decision 0033), with the names and values a
 * function gets as configuration. Custom metadata keys can be changed in place; only `user_data`
 * and `ssh_authorized_keys` are fixed at launch ("Updating Instance Metadata", OCI Compute docs),
 * which is why the settings are keys of their own and not a file written by user data. Code on the
 * VM reads `http://169.254.169.254/opc/v2/instance/metadata/<SETTING>` with the header
 * `Authorization: Bearer Oracle` ("Getting Instance Metadata", OCI Compute docs). The values are
 * names, OCIDs, endpoints and addresses, never secrets (a secret is named by its OCID); metadata is
 * a map of strings. Setting names are UPPER_SNAKE (`settingNamer`), so they cannot clash with the
 * lower-case `ssh_authorized_keys` and `user_data`. The user data opens the service's ports in the
 * image's own firewall (host-firewall.ts).
 */
const instanceMetadata = (ctx: TTfBuildContext) =>
  obj({
    ssh_authorized_keys: sshKey(ctx),
    user_data: hostFirewallUserData(ctx, ctx.value('os')),
    ...connectionConfig(ctx),
  });

/**
 * The Oracle Cloud Agent settings of a VM that a bastion reaches over SSH: a managed SSH session
 * ("Managed SSH session", Bastion docs) connects through the agent's Bastion plugin, which
 * platform images ship disabled, so such a session to a target without it is refused. A bastion
 * connection to another port is port forwarding, which needs no plugin.
 */
/**
 * The instance metadata service answers only its v2 endpoints (`/opc/v2`, with the
 * `Authorization: Bearer Oracle` header the README's commands send): the legacy v1 endpoints take
 * no header, so a server-side request forgery in the workload could read the instance's metadata
 * and its instance principal's credentials ("Upgrading to IMDS Version 2", Compute docs). Oracle
 * Cloud Agent, cloud-init and the SDKs of current platform images use v2.
 */
const IMDS_V2_ONLY = {
  instance_options: block({ are_legacy_imds_endpoints_disabled: true }),
} as const;

/**
 * Boot and block volume traffic between the instance and the storage servers is encrypted in
 * transit, which OCI does only for paravirtualized attachments and leaves off by default ("Block
 * Volume Encryption", Block Volume docs). Every catalog shape is a VM and every image a platform
 * image, which support it and boot paravirtualized: the boot volume type is written so that the
 * setting cannot silently not apply. An instance takes it in `launch_options`, which UpdateInstance
 * changes in place; the top-level argument is launch-only (ForceNew) and would replace running
 * instances, wiping their boot disks. A pool's configuration takes the launch details' own.
 */
const PV_IN_TRANSIT = {
  boot_volume_type: 'PARAVIRTUALIZED',
  is_pv_encryption_in_transit_enabled: true,
};

const agentConfig = (ctx: TTfBuildContext): { agent_config?: TTfBlock } =>
  ctx
    .incoming('traffic')
    .some((e) => e.node.service.kind === 'bastion' && [undefined, 22].includes(e.connection.port))
    ? {
        agent_config: block({
          plugins_config: block({ name: 'Bastion', desired_state: 'ENABLED' }),
        }),
      }
    : {};

export const ociInstance = defineService({
  id: 'oci.compute-instance',
  cloud: 'oci',
  kind: 'vm',
  name: 'Compute instance',
  category: 'compute',
  description: 'Flexible-shape instance with its VNIC, platform image, boot volume and SSH key.',
  icon: 'oci-compute',
  properties: [
    enumProp('shape', 'Shape', OCI_SHAPES, 'VM.Standard.E5.Flex'),
    numProp('ocpus', 'OCPUs', 1, 1, 64),
    numProp('memoryGb', 'Memory (GB)', 8, 1, 1024),
    enumProp('os', 'Image', Object.keys(IMAGES), 'oracle-linux-9'),
    numProp('bootVolumeGb', 'Boot volume (GB)', 50, 50, 32768),
  ],
  placement: 'subnet',
  port: 80,
  naming: { rule: 'oci-display', abbreviation: 'vm' },
  emits: {
    terraform: [
      'oci_core_instance',
      'oci_core_network_security_group',
      'oci_core_network_security_group_security_rule',
    ],
  },
  terraform: (ctx) => {
    const images = imageLookup(ctx);
    const nsgs = workloadNsgIds(ctx, [tcp(ctx.node.service.port!)], ['traffic']);
    const vm = ctx.resource(
      'oci_core_instance',
      ctx.node.local,
      {
        availability_domain: availabilityDomain(ctx),
        compartment_id: compartment(),
        display_name: ctx.name(),
        shape: ctx.prop('shape'),
        // Connection settings change in place on a running instance (see instanceMetadata).
        metadata: instanceMetadata(ctx),
        freeform_tags: ctx.tags(),
        ...agentConfig(ctx),
        ...IMDS_V2_ONLY,
        launch_options: block(PV_IN_TRANSIT),
        shape_config: block({ ocpus: ctx.prop('ocpus'), memory_in_gbs: ctx.prop('memoryGb') }),
        source_details: block({
          source_type: 'image',
          source_id: ref(images.address, 'images[0].id'),
          boot_volume_size_in_gbs: ctx.prop('bootVolumeGb'),
        }),
        create_vnic_details: block({
          subnet_id: subnetId(ctx, ctx.subnets()[0]!),
          assign_public_ip: false,
          nsg_ids: nsgs,
        }),
      },
      undefined,
      // OCI rejects any change to a running instance's user data, so a port named later by a new
      // connection would stop the apply: the ports of its first boot stay until it is replaced.
      // The image lookup follows Oracle's monthly releases, and a new source_id is an in-place
      // boot volume replacement (UpdateInstanceSourceViaImageDetails) that wipes the boot disk:
      // the instance keeps the image it was launched with until it is replaced on purpose
      // (terraform apply -replace=<address>).
      { lifecycle: { ignoreChanges: ['metadata["user_data"]', 'source_details[0].source_id'] } },
    );
    ctx.output('private_ip', `Private IP of ${ctx.node.name}`, ref(vm.address, 'private_ip'));
  },
});

export const ociOke = defineService({
  id: 'oci.oke',
  cloud: 'oci',
  kind: 'kubernetes',
  name: 'OKE cluster',
  category: 'containers',
  description: 'Container Engine for Kubernetes with a private API endpoint and a node pool.',
  icon: 'oci-oke',
  properties: [
    OKE_VERSION,
    enumProp('nodeShape', 'Node shape', OCI_SHAPES, 'VM.Standard.E5.Flex'),
    numProp('nodeOcpus', 'Node OCPUs', 2, 1, 64),
    numProp('nodeMemoryGb', 'Node memory (GB)', 16, 1, 1024),
    numProp('nodes', 'Nodes', 3, 1, 1000),
    enumProp(
      'type',
      'Cluster type',
      ['BASIC_CLUSTER', 'ENHANCED_CLUSTER'],
      'ENHANCED_CLUSTER',
      'Enhanced clusters give the connected stores to one service account (OKE workload identity); on a basic cluster every pod uses them through the nodes’ dynamic group.',
    ),
    strProp(
      'workloadNamespace',
      'Workload namespace',
      'default',
      'Namespace of the service account whose pods use the connected stores (OKE workload identity, enhanced clusters).',
    ),
    strProp(
      'workloadServiceAccount',
      'Workload service account',
      'workload',
      'Service account whose pods use the connected stores, through a policy of their own: the nodes’ dynamic group holds no access to them.',
    ),
  ],
  placement: 'subnet',
  port: 6443,
  naming: { rule: 'oci-display', abbreviation: 'oke' },
  emits: {
    terraform: [
      'oci_containerengine_cluster',
      'oci_containerengine_node_pool',
      'oci_core_network_security_group',
      'oci_core_network_security_group_security_rule',
      'oci_identity_policy',
    ],
  },
  terraform: (ctx) => {
    const subnet = subnetId(ctx, ctx.subnets()[0]!);
    const nsgs = okeNsgIds(ctx);
    const cluster = ctx.resource('oci_containerengine_cluster', ctx.node.local, {
      compartment_id: compartment(),
      kubernetes_version: okeVersion(ctx),
      name: ctx.name(),
      vcn_id: vcnId(ctx),
      type: ctx.prop('type'),
      freeform_tags: ctx.tags(),
      endpoint_config: block({ subnet_id: subnet, is_public_ip_enabled: false, nsg_ids: nsgs }),
      ...okeNetworkOptions(ctx),
    });
    const version = ref(cluster.address, 'kubernetes_version');
    const options = ctx.data('oci_containerengine_node_pool_option', ctx.node.local, {
      node_pool_option_id: ref(cluster.address, 'id'),
      compartment_id: compartment(),
    });
    ctx.resource('oci_containerengine_node_pool', ctx.node.local, {
      cluster_id: ref(cluster.address, 'id'),
      compartment_id: compartment(),
      name: ctx.name('pool'),
      // The version the plan resolved for the cluster; its image follows it.
      kubernetes_version: version,
      node_shape: ctx.prop('nodeShape'),
      // The node pool has no instance_options: OKE takes the instances' IMDSv2-only setting as
      // node metadata ("Configuring IMDS for Kubernetes Clusters", OKE docs); new nodes get it.
      node_metadata: obj({ areLegacyImdsEndpointsDisabled: 'true' }),
      freeform_tags: ctx.tags(),
      node_shape_config: block({
        ocpus: ctx.prop('nodeOcpus'),
        memory_in_gbs: ctx.prop('nodeMemoryGb'),
      }),
      node_source_details: block({
        source_type: 'IMAGE',
        image_id: okeNodeImage(ctx, options, version),
      }),
      node_config_details: block({
        size: ctx.prop('nodes'),
        // The nodes' boot volumes, as an instance's (PV_IN_TRANSIT); in place, for new nodes.
        is_pv_encryption_in_transit_enabled: true,
        nsg_ids: nsgs,
        // Membership of the dynamic groups of instances (policy oci-dynamic-group-scoped).
        ...memberTags(ctx),
        // Nodes spread over the region's availability domains.
        placement_configs: poolDomains(ctx).map((ad) =>
          block({ availability_domain: ad, subnet_id: subnet }),
        ),
      }),
    });
    ctx.output('cluster_id', `OCID of ${ctx.node.name}`, ref(cluster.address, 'id'));
    // The connected stores are its workloads', not every pod's through the nodes' dynamic group.
    okeWorkloadPolicy(ctx, ref(cluster.address, 'id'));
    // Its Services of type LoadBalancer keep their rules in NSGs, not in Terraform's lists.
    okeLoadBalancers(ctx, nsgs[0]!);
    tfClusterSettings(ctx, connectionConfig(ctx));
  },
});

export const ociInstancePool = defineService({
  id: 'oci.instance-pool',
  cloud: 'oci',
  kind: 'autoscaling-group',
  name: 'Instance pool with autoscaling',
  category: 'compute',
  description:
    'Instance configuration, instance pool registered with its load balancers, and a CPU threshold autoscaling configuration.',
  icon: 'oci-instance-pool',
  properties: [
    enumProp('shape', 'Shape', OCI_SHAPES, 'VM.Standard.E5.Flex'),
    numProp('ocpus', 'OCPUs', 1, 1, 64),
    numProp('memoryGb', 'Memory (GB)', 8, 1, 1024),
    enumProp('os', 'Image', Object.keys(IMAGES), 'oracle-linux-9'),
    numProp('bootVolumeGb', 'Boot volume (GB)', 50, 50, 32768),
    numProp('min', 'Minimum instances', 2, 1, 50),
    numProp('initial', 'Initial instances', 2, 1, 50),
    numProp('max', 'Maximum instances', 4, 1, 50),
    numProp('scaleOutCpu', 'Scale out above CPU (%)', 75, 1, 100),
    numProp('scaleInCpu', 'Scale in below CPU (%)', 25, 0, 99),
  ],
  placement: 'subnet',
  port: 80,
  naming: { rule: 'oci-display', abbreviation: 'pool' },
  emits: {
    terraform: [
      'oci_core_instance_pool',
      'oci_core_instance_configuration',
      'oci_autoscaling_auto_scaling_configuration',
      'oci_core_network_security_group',
      'oci_core_network_security_group_security_rule',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const images = imageLookup(ctx);
    const nsgs = workloadNsgIds(ctx, [tcp(ctx.node.service.port!)], ['traffic']);
    const config = ctx.resource(
      'oci_core_instance_configuration',
      local,
      {
        compartment_id: compartment(),
        display_name: ctx.name('config'),
        freeform_tags: ctx.tags(),
        instance_details: block({
          instance_type: 'compute',
          launch_details: block({
            compartment_id: compartment(),
            shape: ctx.prop('shape'),
            // Only an instance configuration's name and tags can be updated
            // (UpdateInstanceConfiguration, OCI Core API), so changed settings replace it and the
            // pool is moved to the new one in place (UpdateInstancePool): instances it launches
            // afterwards get the new values, running ones keep theirs until they are replaced.
            metadata: instanceMetadata(ctx),
            freeform_tags: ctx.tags(),
            // Membership of the dynamic groups of instances (policy oci-dynamic-group-scoped).
            ...memberTags(ctx),
            ...agentConfig(ctx),
            ...IMDS_V2_ONLY,
            is_pv_encryption_in_transit_enabled: true,
            launch_options: block({ boot_volume_type: PV_IN_TRANSIT.boot_volume_type }),
            shape_config: block({ ocpus: ctx.prop('ocpus'), memory_in_gbs: ctx.prop('memoryGb') }),
            source_details: block({
              source_type: 'image',
              image_id: ref(images.address, 'images[0].id'),
              boot_volume_size_in_gbs: ctx.prop('bootVolumeGb'),
            }),
            create_vnic_details: block({
              assign_public_ip: false,
              nsg_ids: nsgs,
            }),
          }),
        }),
      },
      undefined,
      // A replaced configuration (new settings, a newer image) cannot be deleted while the pool
      // still uses it (409 Conflict, "is associated to one or more Instance Pools"): the new one
      // is created, the pool moved to it in place, and only then the old one deleted.
      { lifecycle: { createBeforeDestroy: true } },
    );
    // Load balancers that send traffic to the pool register its instances as backends.
    const balancers = ctx
      .incoming('traffic')
      .filter((e) => ['load-balancer', 'network-load-balancer'].includes(e.node.service.kind))
      .map((e) => {
        const isL7 = e.node.service.kind === 'load-balancer';
        const prefix = isL7 ? 'oci_load_balancer' : 'oci_network_load_balancer';
        return block({
          load_balancer_id: ref(
            ctx.address(
              e.node,
              isL7 ? `${prefix}_load_balancer` : `${prefix}_network_load_balancer`,
            ),
            'id',
          ),
          backend_set_name: ref(ctx.address(e.node, `${prefix}_backend_set`), 'name'),
          port: ctx.portOf(e, ctx.node),
          vnic_selection: 'PrimaryVnic',
        });
      });
    const pool = ctx.resource(
      'oci_core_instance_pool',
      local,
      {
        compartment_id: compartment(),
        display_name: ctx.name(),
        instance_configuration_id: ref(config.address, 'id'),
        size: ctx.prop('initial'),
        freeform_tags: ctx.tags(),
        // Instances spread over the region's availability domains (the subnet is regional).
        placement_configurations: poolDomains(ctx).map((ad) =>
          block({
            availability_domain: ad,
            primary_vnic_subnets: block({ subnet_id: subnetId(ctx, ctx.subnets()[0]!) }),
          }),
        ),
        ...(balancers.length > 0 ? { load_balancers: balancers } : {}),
      },
      undefined,
      // The autoscaling configuration below owns the size; `initial` is only the first one.
      { lifecycle: { ignoreChanges: ['size'] } },
    );
    const rule = (name: string, operator: string, key: string, change: number) =>
      block({
        display_name: name,
        action: block({ type: 'CHANGE_COUNT_BY', value: change }),
        metric: block({
          metric_type: 'CPU_UTILIZATION',
          threshold: block({ operator, value: ctx.prop(key) }),
        }),
      });
    ctx.resource('oci_autoscaling_auto_scaling_configuration', local, {
      compartment_id: compartment(),
      display_name: ctx.name('autoscaling'),
      cool_down_in_seconds: 300,
      is_enabled: true,
      freeform_tags: ctx.tags(),
      auto_scaling_resources: block({ id: ref(pool.address, 'id'), type: 'instancePool' }),
      policies: block({
        display_name: 'cpu-threshold',
        policy_type: 'threshold',
        capacity: block({
          initial: ctx.prop('initial'),
          min: ctx.prop('min'),
          max: ctx.prop('max'),
        }),
        rules: [
          rule('scale-out', 'GT', 'scaleOutCpu', 1),
          rule('scale-in', 'LT', 'scaleInCpu', -1),
        ],
      }),
    });
    ctx.output('instance_pool_id', `OCID of ${ctx.node.name}`, ref(pool.address, 'id'));
  },
});
