import { defineService, type TTfBuildContext } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { block, obj, ref, tfVar, tpl, type TTfRef } from '../../ir/terraform-ir';
import { firewallTags, gcpNetworkRef, gcpSubnetRef } from './network';

/** Google Cloud compute and containers: Compute Engine, GKE, Cloud Run. */
export const GCE_TYPES = [
  'e2-micro',
  'e2-small',
  'e2-medium',
  'e2-standard-2',
  'e2-standard-4',
  'n2-standard-2',
  'n2-standard-4',
  'n2-standard-8',
  'n4-standard-2',
  'n4-standard-4',
  'c3-standard-4',
  't2d-standard-2',
] as const;

const IMAGES: Readonly<Record<string, string>> = {
  'ubuntu-24.04': 'ubuntu-os-cloud/ubuntu-2404-lts-amd64',
  'debian-12': 'debian-cloud/debian-12',
  'rocky-9': 'rocky-linux-cloud/rocky-linux-9',
};

/** A dedicated service account for a workload (never the default compute account). */
function serviceAccount(ctx: TTfBuildContext, suffix: string): TTfRef {
  return ctx.resource('google_service_account', `${ctx.node.local}${suffix ? `_${suffix}` : ''}`, {
    account_id: ctx.name(suffix || 'sa', 'gcp-service-account'),
    display_name: `Stratum ${ctx.node.name} ${suffix}`.trim(),
  });
}

export const gcpInstance = defineService({
  id: 'gcp.compute-instance',
  cloud: 'gcp',
  kind: 'vm',
  name: 'Compute Engine instance',
  category: 'compute',
  description:
    'VM with its network interface, public image boot disk, SSH key and service account.',
  icon: 'gcp-compute-engine',
  properties: [
    enumProp('machineType', 'Machine type', GCE_TYPES, 'e2-medium'),
    enumProp('os', 'Image', Object.keys(IMAGES), 'ubuntu-24.04'),
    numProp('diskSize', 'Boot disk (GB)', 20, 10, 65536),
    enumProp('diskType', 'Disk type', ['pd-balanced', 'pd-ssd', 'pd-standard'], 'pd-balanced'),
    enumProp('zone', 'Zone suffix', ['a', 'b', 'c'], 'b'),
    strProp('adminUser', 'SSH user', 'admin'),
  ],
  placement: 'subnet',
  port: 80,
  naming: { rule: 'gcp-rfc1035', abbreviation: 'vm' },
  emits: { terraform: ['google_compute_instance', 'google_service_account'] },
  terraform: (ctx) => {
    const sa = serviceAccount(ctx, '');
    const key = ctx.variable({
      name: 'ssh_public_key',
      type: 'string',
      description: 'SSH public key (OpenSSH format) installed on the virtual machines.',
    });
    const tags = firewallTags(ctx);
    const vm = ctx.resource('google_compute_instance', ctx.node.local, {
      name: ctx.name(),
      machine_type: ctx.prop('machineType'),
      zone: tpl(tfVar('region'), `-${String(ctx.value('zone'))}`),
      ...(tags.length > 0 ? { tags } : {}),
      labels: ctx.tags(),
      metadata: obj({
        'ssh-keys': tpl(`${String(ctx.value('adminUser'))}:`, key),
        'enable-oslogin': 'FALSE',
      }),
      boot_disk: block({
        initialize_params: block({
          image: IMAGES[ctx.value('os')] ?? IMAGES['ubuntu-24.04']!,
          size: ctx.prop('diskSize'),
          type: ctx.prop('diskType'),
        }),
      }),
      network_interface: block({ subnetwork: gcpSubnetRef(ctx, ctx.subnets()[0]!) }),
      service_account: block({ email: ref(sa.address, 'email'), scopes: ['cloud-platform'] }),
      shielded_instance_config: block({
        enable_secure_boot: true,
        enable_vtpm: true,
        enable_integrity_monitoring: true,
      }),
    });
    ctx.output(
      'internal_ip',
      `Internal IP of ${ctx.node.name}`,
      ref(vm.address, 'network_interface[0].network_ip'),
    );
  },
});

export const gcpGke = defineService({
  id: 'gcp.gke',
  cloud: 'gcp',
  kind: 'kubernetes',
  name: 'GKE cluster',
  category: 'containers',
  description:
    'Regional VPC-native GKE Standard cluster with Workload Identity and an autoscaled node pool.',
  icon: 'gcp-gke',
  properties: [
    enumProp('channel', 'Release channel', ['RAPID', 'REGULAR', 'STABLE'], 'REGULAR'),
    enumProp('machineType', 'Node machine type', GCE_TYPES, 'e2-standard-4'),
    numProp('nodeMin', 'Minimum nodes per zone', 1, 0, 100),
    numProp('nodeMax', 'Maximum nodes per zone', 3, 1, 100),
  ],
  placement: 'subnet',
  port: 443,
  naming: { rule: 'gcp-rfc1035', abbreviation: 'gke' },
  emits: {
    terraform: ['google_container_cluster', 'google_container_node_pool', 'google_service_account'],
  },
  terraform: (ctx) => {
    const sa = serviceAccount(ctx, 'nodes');
    const cluster = ctx.resource('google_container_cluster', ctx.node.local, {
      name: ctx.name(),
      location: tfVar('region'),
      network: gcpNetworkRef(ctx),
      subnetwork: gcpSubnetRef(ctx, ctx.subnets()[0]!),
      remove_default_node_pool: true,
      initial_node_count: 1,
      deletion_protection: true,
      resource_labels: ctx.tags(),
      release_channel: block({ channel: ctx.prop('channel') }),
      ip_allocation_policy: block({}),
      workload_identity_config: block({ workload_pool: tpl(tfVar('project_id'), '.svc.id.goog') }),
    });
    ctx.resource('google_container_node_pool', ctx.node.local, {
      name: ctx.name('pool'),
      cluster: ref(cluster.address, 'id'),
      location: tfVar('region'),
      autoscaling: block({
        min_node_count: ctx.prop('nodeMin'),
        max_node_count: ctx.prop('nodeMax'),
      }),
      node_config: block({
        machine_type: ctx.prop('machineType'),
        service_account: ref(sa.address, 'email'),
        oauth_scopes: ['https://www.googleapis.com/auth/cloud-platform'],
        labels: ctx.tags(),
      }),
    });
    ctx.output('endpoint', `Endpoint of ${ctx.node.name}`, ref(cluster.address, 'endpoint'));
  },
});

export const gcpCloudRun = defineService({
  id: 'gcp.cloud-run',
  cloud: 'gcp',
  kind: 'serverless-container',
  name: 'Cloud Run service',
  category: 'containers',
  description: 'Serverless container service with its own service account and autoscaling bounds.',
  icon: 'gcp-cloud-run',
  properties: [
    strProp('image', 'Container image', 'us-docker.pkg.dev/cloudrun/container/hello'),
    numProp('containerPort', 'Container port', 8080, 1, 65535),
    numProp('minInstances', 'Minimum instances', 0, 0, 1000),
    numProp('maxInstances', 'Maximum instances', 10, 1, 1000),
    enumProp(
      'ingress',
      'Ingress',
      [
        'INGRESS_TRAFFIC_ALL',
        'INGRESS_TRAFFIC_INTERNAL_ONLY',
        'INGRESS_TRAFFIC_INTERNAL_LOAD_BALANCER',
      ],
      'INGRESS_TRAFFIC_ALL',
    ),
  ],
  placement: 'none',
  port: 443,
  naming: { rule: 'gcp-rfc1035', abbreviation: 'run' },
  emits: { terraform: ['google_cloud_run_v2_service', 'google_service_account'] },
  terraform: (ctx) => {
    const sa = serviceAccount(ctx, '');
    const service = ctx.resource('google_cloud_run_v2_service', ctx.node.local, {
      name: ctx.name(),
      location: tfVar('region'),
      ingress: ctx.prop('ingress'),
      deletion_protection: false,
      labels: ctx.tags(),
      template: block({
        service_account: ref(sa.address, 'email'),
        scaling: block({
          min_instance_count: ctx.prop('minInstances'),
          max_instance_count: ctx.prop('maxInstances'),
        }),
        containers: block({
          image: ctx.prop('image'),
          ports: block({ container_port: ctx.prop('containerPort') }),
        }),
      }),
    });
    ctx.output('uri', `URL of ${ctx.node.name}`, ref(service.address, 'uri'));
  },
});
