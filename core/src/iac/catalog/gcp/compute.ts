import { defineService, type TTfBuildContext } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { block, obj, ref, tfVar, tpl, type TTfBlock, type TTfValue } from '../../ir/terraform-ir';
import {
  firewallTags,
  gcpNetworkRef,
  gcpSubnetRef,
  grantData,
  grantInvoke,
  serviceAccount,
  zoneOf,
} from './shared';
import { connectionEnv } from './connection-env';
import { trafficFirewalls } from './traffic-firewall';
import { OS_LOGIN_METADATA, osLoginAccess } from './os-login';
import { MIG_INITIAL_DELAY, MIG_PORT, needsStartupScript, startupScript } from './startup-script';

/** Google Cloud compute: Compute Engine instances and managed instance groups (GKE and Cloud Run: containers.ts). */
export const GCE_TYPES = [
  'e2-micro',
  'e2-small',
  'e2-medium',
  'e2-standard-2',
  'e2-standard-4',
  'e2-standard-8',
  'n2-standard-2',
  'n2-standard-4',
  'n2-standard-8',
  'n2d-standard-2',
  'n2d-standard-4',
  'n4-standard-2',
  'n4-standard-4',
  'c3-standard-4',
  'c4-standard-4',
  't2d-standard-2',
] as const;

const IMAGES: Readonly<Record<string, string>> = {
  'ubuntu-24.04': 'ubuntu-os-cloud/ubuntu-2404-lts-amd64',
  'debian-12': 'debian-cloud/debian-12',
  'rocky-9': 'rocky-linux-cloud/rocky-linux-9',
};

/** Disk types per machine series: N4 and C4 attach only Hyperdisk. */
const DISK_TYPES = ['pd-balanced', 'pd-ssd', 'pd-standard', 'hyperdisk-balanced'];
export const diskTypeFor = (machineType: string, diskType: string): string =>
  /^(n4|c4)-/.test(machineType)
    ? 'hyperdisk-balanced'
    : diskType === 'hyperdisk-balanced' && !/^(n2|n2d|c3)-/.test(machineType)
      ? 'pd-balanced'
      : diskType;

/**
 * The connection settings of a VM (the names and values a Cloud Run service with the same data
 * connections gets as environment variables) as custom metadata keys, after the keys Compute
 * Engine itself reads. Code on the VM reads one with a GET of
 * `http://metadata.google.internal/computeMetadata/v1/instance/attributes/<SETTING>` and the
 * header `Metadata-Flavor: Google`, with no credentials (decision 0033). Keys must match
 * `[a-zA-Z0-9-_]+` in under 128 bytes (`Metadata.items[].key`, Compute Engine API reference):
 * setting names are `A-Z0-9_`, so they fit, and they never meet the predefined keys
 * (`ssh-keys`, `enable-oslogin`, `startup-script`…), which are lower case. A number attribute
 * (a Redis port) stays a reference: Terraform converts it to the string the metadata map holds.
 */
const withSettings = (
  ctx: TTfBuildContext,
  own: Record<string, TTfValue>,
): Record<string, TTfValue> => ({ ...own, ...connectionEnv(ctx) });

const shielded = (): TTfBlock =>
  block({ enable_secure_boot: true, enable_vtpm: true, enable_integrity_monitoring: true });

export const gcpInstance = defineService({
  id: 'gcp.compute-instance',
  cloud: 'gcp',
  kind: 'vm',
  name: 'Compute Engine instance',
  category: 'compute',
  description:
    'VM with its network interface, public image boot disk, service account, SSH by OS Login (IAM roles, no keys in metadata) and the persistent disks it is connected to; behind a load balancer, it runs the startup script you give at apply.',
  icon: 'gcp-compute-engine',
  properties: [
    enumProp('machineType', 'Machine type', GCE_TYPES, 'e2-medium'),
    enumProp('os', 'Image', Object.keys(IMAGES), 'ubuntu-24.04'),
    numProp('diskSize', 'Boot disk (GB)', 20, 10, 65536),
    enumProp('diskType', 'Disk type', DISK_TYPES, 'pd-balanced'),
    enumProp('zone', 'Zone suffix', ['a', 'b', 'c'], 'b'),
    // Saved designs hold it: OS Login signs each person in under their own Google identity.
    strProp(
      'adminUser',
      'SSH user (unused)',
      'admin',
      'No longer used: people sign in with OS Login as their own Google identity (variable <component>_os_login_admins).',
    ),
  ],
  placement: 'subnet',
  port: 80,
  naming: { rule: 'gcp-rfc1035', abbreviation: 'vm' },
  emits: {
    terraform: [
      'google_compute_instance',
      'google_service_account',
      'google_compute_firewall',
      'google_service_account_iam_member',
      'google_compute_instance_iam_member',
      'google_iap_tunnel_instance_iam_member',
    ],
  },
  terraform: (ctx) => {
    const sa = serviceAccount(ctx, '');
    trafficFirewalls(ctx, ref(sa.address, 'email'));
    grantData(ctx, ref(sa.address, 'email'));
    grantInvoke(ctx, ref(sa.address, 'email'));
    const tags = firewallTags(ctx);
    const disks = ctx
      .outgoing('data')
      .filter((e) => e.node.service.kind === 'block-storage')
      .map((e) =>
        block({
          source: ref(ctx.address(e.node, 'google_compute_disk'), 'id'),
          device_name: e.node.name,
        }),
      );
    const machineType = ctx.value('machineType');
    const vm = ctx.resource('google_compute_instance', ctx.node.local, {
      name: ctx.name(),
      machine_type: ctx.prop('machineType'),
      zone: zoneOf(ctx.value('zone')),
      ...(tags.length > 0 ? { tags } : {}),
      labels: ctx.tags(),
      // Metadata is updated in place: a changed setting reaches the running VM without a restart
      // (a changed script runs at the next boot). A load balancer's target runs its application.
      metadata: obj(
        withSettings(ctx, {
          ...OS_LOGIN_METADATA,
          ...(needsStartupScript(ctx.node, ctx.incoming('traffic'))
            ? { 'startup-script': startupScript(ctx) }
            : {}),
        }),
      ),
      boot_disk: block({
        initialize_params: block({
          image: IMAGES[ctx.value('os')] ?? IMAGES['ubuntu-24.04']!,
          size: ctx.prop('diskSize'),
          type: ctx.prop('diskType', (v) => diskTypeFor(machineType, String(v))),
        }),
      }),
      ...(disks.length > 0 ? { attached_disk: disks } : {}),
      network_interface: block({ subnetwork: gcpSubnetRef(ctx, ctx.subnets()[0]!) }),
      service_account: block({ email: ref(sa.address, 'email'), scopes: ['cloud-platform'] }),
      shielded_instance_config: shielded(),
    });
    osLoginAccess(ctx, sa.address, vm.address);
    ctx.output(
      'internal_ip',
      `Internal IP of ${ctx.node.name}`,
      ref(vm.address, 'network_interface[0].network_ip'),
    );
  },
});

export const gcpManagedInstanceGroup = defineService({
  id: 'gcp.managed-instance-group',
  cloud: 'gcp',
  kind: 'autoscaling-group',
  name: 'Managed instance group',
  category: 'compute',
  description:
    'Regional managed instance group from an instance template whose VMs run the startup script you give at apply, with CPU autoscaling, autohealing and proactive rolling updates.',
  icon: 'gcp-compute-engine',
  properties: [
    enumProp('machineType', 'Machine type', GCE_TYPES, 'e2-medium'),
    enumProp('os', 'Image', Object.keys(IMAGES), 'ubuntu-24.04'),
    numProp('diskSize', 'Boot disk (GB)', 20, 10, 65536),
    numProp('minSize', 'Minimum instances', 2, 0, 1000),
    numProp('maxSize', 'Maximum instances', 6, 1, 1000),
    numProp('cpuTarget', 'Target CPU utilisation (%)', 60, 10, 90),
    strProp('healthPath', 'Health check path', '/'),
  ],
  placement: 'subnet',
  port: 80,
  naming: { rule: 'gcp-rfc1035', abbreviation: 'mig' },
  emits: {
    terraform: [
      'google_compute_region_instance_group_manager',
      'google_compute_instance_template',
      'google_compute_region_autoscaler',
      'google_compute_health_check',
      'google_service_account',
      'google_compute_firewall',
      'google_project_iam_member',
      'google_service_account_iam_member',
      'google_iap_tunnel_iam_member',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const sa = serviceAccount(ctx, '');
    trafficFirewalls(ctx, ref(sa.address, 'email'));
    grantData(ctx, ref(sa.address, 'email'));
    grantInvoke(ctx, ref(sa.address, 'email'));
    const tags = firewallTags(ctx);
    const machineType = ctx.value('machineType');
    const template = ctx.resource('google_compute_instance_template', local, {
      name_prefix: tpl(ctx.name(), '-'),
      machine_type: ctx.prop('machineType'),
      ...(tags.length > 0 ? { tags } : {}),
      labels: ctx.tags(),
      // A changed setting or script makes a new template, which the update policy rolls out.
      metadata: obj(
        withSettings(ctx, { ...OS_LOGIN_METADATA, 'startup-script': startupScript(ctx) }),
      ),
      disk: block({
        source_image: IMAGES[ctx.value('os')] ?? IMAGES['ubuntu-24.04']!,
        disk_size_gb: ctx.prop('diskSize'),
        disk_type: diskTypeFor(machineType, 'pd-balanced'),
        auto_delete: true,
        boot: true,
      }),
      network_interface: block({ subnetwork: gcpSubnetRef(ctx, ctx.subnets()[0]!) }),
      service_account: block({ email: ref(sa.address, 'email'), scopes: ['cloud-platform'] }),
      shielded_instance_config: shielded(),
      lifecycle: block({ create_before_destroy: true }),
    });
    osLoginAccess(ctx, sa.address, undefined);
    const hc = ctx.resource('google_compute_health_check', local, {
      name: ctx.name('hc'),
      check_interval_sec: 10,
      timeout_sec: 5,
      healthy_threshold: 2,
      unhealthy_threshold: 3,
      http_health_check: block({ port: MIG_PORT, request_path: ctx.prop('healthPath') }),
    });
    ctx.resource('google_compute_firewall', `${local}_health_checks`, {
      name: ctx.name('autoheal', 'gcp-rfc1035'),
      network: gcpNetworkRef(ctx),
      direction: 'INGRESS',
      source_ranges: ['35.191.0.0/16', '130.211.0.0/22'],
      target_service_accounts: [ref(sa.address, 'email')],
      allow: block({ protocol: 'tcp', ports: [String(MIG_PORT)] }),
    });
    const mig = ctx.resource(
      'google_compute_region_instance_group_manager',
      local,
      {
        name: ctx.name(),
        region: tfVar('region'),
        base_instance_name: ctx.name(),
        version: block({ instance_template: ref(template.address, 'id') }),
        named_port: block({ name: 'http', port: MIG_PORT }),
        auto_healing_policies: block({
          health_check: ref(hc.address, 'id'),
          initial_delay_sec: MIG_INITIAL_DELAY,
        }),
        update_policy: block({
          type: 'PROACTIVE',
          minimal_action: 'REPLACE',
          max_surge_fixed: 3,
          max_unavailable_fixed: 0,
        }),
      },
      undefined,
      // The autoscaler below owns the size (the provider says never to set it alongside one).
      { lifecycle: { ignoreChanges: ['target_size'] } },
    );
    ctx.resource('google_compute_region_autoscaler', local, {
      name: ctx.name('autoscaler'),
      region: tfVar('region'),
      target: ref(mig.address, 'id'),
      autoscaling_policy: block({
        min_replicas: ctx.prop('minSize'),
        max_replicas: ctx.prop('maxSize'),
        cooldown_period: 90,
        cpu_utilization: block({ target: ctx.prop('cpuTarget', (v) => Number(v) / 100) }),
      }),
    });
    ctx.output(
      'instance_group',
      `Instance group of ${ctx.node.name}`,
      ref(mig.address, 'instance_group'),
    );
  },
});
