import { defineService } from '../service';
import { enumProp, numProp } from '../properties';
import { block, obj, ref } from '../../ir/terraform-ir';
import { availabilityDomain, compartment, nsgIds, subnetId, vcnId } from './shared';

/** OCI compute and containers: instances and OKE. */
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
  emits: { terraform: ['oci_core_instance'] },
  terraform: (ctx) => {
    const image = IMAGES[ctx.value('os')] ?? IMAGES['oracle-linux-9']!;
    const images = ctx.data('oci_core_images', ctx.node.local, {
      compartment_id: compartment(),
      operating_system: image.os,
      operating_system_version: image.version,
      shape: ctx.value('shape'),
      sort_by: 'TIMECREATED',
      sort_order: 'DESC',
    });
    const nsgs = nsgIds(ctx);
    const vm = ctx.resource('oci_core_instance', ctx.node.local, {
      availability_domain: availabilityDomain(ctx),
      compartment_id: compartment(),
      display_name: ctx.name(),
      shape: ctx.prop('shape'),
      metadata: obj({
        ssh_authorized_keys: ctx.variable({
          name: 'ssh_public_key',
          type: 'string',
          description: 'SSH public key (OpenSSH format) installed on the virtual machines.',
        }),
      }),
      freeform_tags: ctx.tags(),
      shape_config: block({ ocpus: ctx.prop('ocpus'), memory_in_gbs: ctx.prop('memoryGb') }),
      source_details: block({
        source_type: 'image',
        source_id: ref(images.address, 'images[0].id'),
        boot_volume_size_in_gbs: ctx.prop('bootVolumeGb'),
      }),
      create_vnic_details: block({
        subnet_id: subnetId(ctx, ctx.subnets()[0]!),
        assign_public_ip: false,
        ...(nsgs.length > 0 ? { nsg_ids: nsgs } : {}),
      }),
    });
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
    enumProp('version', 'Kubernetes version', ['v1.33.1', 'v1.32.1', 'v1.31.1'], 'v1.32.1'),
    enumProp('nodeShape', 'Node shape', OCI_SHAPES, 'VM.Standard.E5.Flex'),
    numProp('nodeOcpus', 'Node OCPUs', 2, 1, 64),
    numProp('nodeMemoryGb', 'Node memory (GB)', 16, 1, 1024),
    numProp('nodes', 'Nodes', 3, 1, 1000),
    enumProp('type', 'Cluster type', ['BASIC_CLUSTER', 'ENHANCED_CLUSTER'], 'ENHANCED_CLUSTER'),
  ],
  placement: 'subnet',
  port: 6443,
  naming: { rule: 'oci-display', abbreviation: 'oke' },
  emits: { terraform: ['oci_containerengine_cluster', 'oci_containerengine_node_pool'] },
  terraform: (ctx) => {
    const subnet = subnetId(ctx, ctx.subnets()[0]!);
    const cluster = ctx.resource('oci_containerengine_cluster', ctx.node.local, {
      compartment_id: compartment(),
      kubernetes_version: ctx.prop('version'),
      name: ctx.name(),
      vcn_id: vcnId(ctx),
      type: ctx.prop('type'),
      freeform_tags: ctx.tags(),
      endpoint_config: block({ subnet_id: subnet, is_public_ip_enabled: false }),
    });
    const options = ctx.data('oci_containerengine_node_pool_option', ctx.node.local, {
      node_pool_option_id: ref(cluster.address, 'id'),
      compartment_id: compartment(),
    });
    ctx.resource('oci_containerengine_node_pool', ctx.node.local, {
      cluster_id: ref(cluster.address, 'id'),
      compartment_id: compartment(),
      name: ctx.name('pool'),
      kubernetes_version: ctx.prop('version'),
      node_shape: ctx.prop('nodeShape'),
      freeform_tags: ctx.tags(),
      node_shape_config: block({
        ocpus: ctx.prop('nodeOcpus'),
        memory_in_gbs: ctx.prop('nodeMemoryGb'),
      }),
      node_source_details: block({
        source_type: 'IMAGE',
        image_id: ref(options.address, 'sources[0].image_id'),
      }),
      node_config_details: block({
        size: ctx.prop('nodes'),
        placement_configs: block({
          availability_domain: availabilityDomain(ctx),
          subnet_id: subnet,
        }),
      }),
    });
    ctx.output('cluster_id', `OCID of ${ctx.node.name}`, ref(cluster.address, 'id'));
  },
});
