import { defineService } from '../service';
import { boolProp, enumProp, numProp, strProp } from '../properties';
import { block, obj, ref, tfVar, tpl } from '../../ir/terraform-ir';
import {
  allowPull,
  gcpNetworkRef,
  gcpSubnetRef,
  grantData,
  grantInvoke,
  invokeTargets,
  serviceAccount,
} from './shared';
import { connectionEnv } from './connection-env';
import { allowAllInvokers, isBehindLoadBalancer } from './serverless-ingress';
import { trafficFirewalls } from './traffic-firewall';
import { GCE_TYPES } from './compute';
import { cmekOf } from './databases';
import { tfClusterSettings } from '../cluster-settings';
import { pulledTopics } from './topic-pull';

/** Google Cloud containers: GKE and Cloud Run. */

export const gcpGke = defineService({
  id: 'gcp.gke',
  cloud: 'gcp',
  kind: 'kubernetes',
  name: 'GKE cluster',
  category: 'containers',
  description:
    'Regional VPC-native GKE Standard cluster with private nodes, Dataplane V2 (NetworkPolicy enforced), Workload Identity (a workload service account for the connected stores), Kubernetes secrets encrypted with a connected Cloud KMS key, and an autoscaled node pool.',
  icon: 'gcp-gke',
  properties: [
    enumProp('channel', 'Release channel', ['RAPID', 'REGULAR', 'STABLE'], 'REGULAR'),
    enumProp('machineType', 'Node machine type', GCE_TYPES, 'e2-standard-4'),
    numProp('nodeMin', 'Minimum nodes per zone', 1, 0, 100),
    numProp('nodeMax', 'Maximum nodes per zone', 3, 1, 100),
    strProp('namespace', 'Workload namespace', 'default'),
    {
      key: 'authorizedNetworks',
      label: 'Control plane authorised networks',
      type: 'string-list',
      default: [],
      description:
        'Public CIDR ranges that may reach the control plane. Empty (the default): a private endpoint, reachable from the VPC only.',
    },
  ],
  placement: 'subnet',
  port: 443,
  naming: { rule: 'gcp-gke', abbreviation: 'gke' },
  emits: {
    terraform: [
      'google_container_cluster',
      'google_container_node_pool',
      'google_kms_crypto_key_iam_member',
      'google_service_account',
      'google_service_account_iam_member',
      'google_project_iam_member',
      'google_compute_firewall',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const nodes = serviceAccount(ctx, 'nodes');
    // Node ports and pod addresses are reached on the nodes; GKE opens only its own LBs' rules.
    trafficFirewalls(ctx, ref(nodes.address, 'email'));
    const authorised = ctx.value<string[]>('authorizedNetworks');
    ctx.resource('google_project_iam_member', `${local}_nodes`, {
      project: tfVar('project_id'),
      role: 'roles/container.defaultNodeServiceAccount',
      member: tpl('serviceAccount:', ref(nodes.address, 'email')),
    });
    // Secrets in etcd encrypted with a connected Cloud KMS key (application-layer secrets
    // encryption, CIS GKE 5.3.1), which GKE's service agent must be able to use first.
    const cmek = cmekOf(ctx, 'container-engine-robot.iam.gserviceaccount.com');
    const cluster = ctx.resource(
      'google_container_cluster',
      local,
      {
        name: ctx.name(),
        location: tfVar('region'),
        network: gcpNetworkRef(ctx),
        subnetwork: gcpSubnetRef(ctx, ctx.subnets()[0]!),
        remove_default_node_pool: true,
        initial_node_count: 1,
        deletion_protection: true,
        // Dataplane V2 enforces Kubernetes NetworkPolicy (the legacy dataplane ignores it unless
        // Calico is added); GKE sets it at creation only ("Use GKE Dataplane V2").
        datapath_provider: 'ADVANCED_DATAPATH',
        resource_labels: ctx.tags(),
        release_channel: block({ channel: ctx.prop('channel') }),
        ip_allocation_policy: block({}),
        // The control plane answers the VPC only, or the listed networks (policy
        // gcp-gke-private-endpoint).
        private_cluster_config: block({
          enable_private_nodes: true,
          enable_private_endpoint: authorised.length === 0,
        }),
        master_authorized_networks_config: block(
          authorised.length > 0
            ? {
                cidr_blocks: authorised.map((cidr) =>
                  block({ cidr_block: cidr, display_name: `authorised ${cidr}` }),
                ),
              }
            : {},
        ),
        // The private endpoint answers the nodes' subnet only (authorised networks on, none
        // listed): kubectl, the README's commands and a CI deploy reach the cluster through its
        // DNS-based endpoint instead, where IAM decides who gets in (container.clusters.connect)
        // and no address is opened ("About GKE control plane access").
        ...(authorised.length === 0
          ? {
              control_plane_endpoints_config: block({
                dns_endpoint_config: block({ allow_external_traffic: true }),
              }),
            }
          : {}),
        workload_identity_config: block({
          workload_pool: tpl(tfVar('project_id'), '.svc.id.goog'),
        }),
        // Pods mount a connected Filestore share through a PersistentVolume of the Filestore CSI
        // driver (readme-filestore.ts), an add-on GKE Standard leaves off ("Access Filestore
        // instances with the Filestore CSI driver"; Autopilot has it on).
        ...(ctx.outgoing('data').some((e) => e.node.service.id === 'gcp.filestore')
          ? {
              addons_config: block({
                gcp_filestore_csi_driver_config: block({ enabled: true }),
              }),
            }
          : {}),
        ...(cmek
          ? { database_encryption: block({ state: 'ENCRYPTED', key_name: cmek.keyId }) }
          : {}),
      },
      cmek ? [cmek.grant] : undefined,
    );
    ctx.resource('google_container_node_pool', local, {
      name: ctx.name('pool'),
      cluster: ref(cluster.address, 'id'),
      location: tfVar('region'),
      autoscaling: block({
        min_node_count: ctx.prop('nodeMin'),
        max_node_count: ctx.prop('nodeMax'),
      }),
      management: block({ auto_repair: true, auto_upgrade: true }),
      node_config: block({
        machine_type: ctx.prop('machineType'),
        service_account: ref(nodes.address, 'email'),
        oauth_scopes: ['https://www.googleapis.com/auth/cloud-platform'],
        labels: ctx.tags(),
        workload_metadata_config: block({ mode: 'GKE_METADATA' }),
        shielded_instance_config: block({
          enable_secure_boot: true,
          enable_integrity_monitoring: true,
        }),
      }),
    });
    // The kubelet pulls images as the node service account, never as a pod's workload identity.
    for (const { node: t } of ctx.outgoing('data')) {
      if (t.service.kind === 'container-registry')
        allowPull(
          ctx,
          t,
          tpl('serviceAccount:', ref(nodes.address, 'email')),
          `${local}_nodes_to_${t.local}`,
        );
    }
    const reads = ctx.outgoing('data').filter((e) => e.node.service.kind !== 'container-registry');
    if (reads.length > 0 || invokeTargets(ctx).length > 0 || pulledTopics(ctx).length > 0) {
      // Pods running as Kubernetes service account <namespace>/<cluster name> act as this account.
      // The pool `<project>.svc.id.goog` exists once a cluster with Workload Identity does: the
      // binding waits for the cluster ("Identity Pool does not exist" on a new project).
      const workload = serviceAccount(ctx, 'workload');
      ctx.resource(
        'google_service_account_iam_member',
        `${local}_workload_identity`,
        {
          service_account_id: ref(workload.address, 'name'),
          role: 'roles/iam.workloadIdentityUser',
          member: tpl(
            'serviceAccount:',
            tfVar('project_id'),
            `.svc.id.goog[${ctx.value('namespace')}/${ctx.node.name}]`,
          ),
        },
        [cluster.address],
      );
      grantData(ctx, ref(workload.address, 'email'), ['container-registry']);
      grantInvoke(ctx, ref(workload.address, 'email'));
    }
    ctx.output('endpoint', `Endpoint of ${ctx.node.name}`, ref(cluster.address, 'endpoint'));
    tfClusterSettings(ctx, connectionEnv(ctx));
  },
});

export const gcpCloudRun = defineService({
  id: 'gcp.cloud-run',
  cloud: 'gcp',
  kind: 'serverless-container',
  name: 'Cloud Run service',
  category: 'containers',
  description:
    'Serverless container service with its own service account, autoscaling bounds and, when placed in a subnetwork, Direct VPC egress.',
  icon: 'gcp-cloud-run',
  properties: [
    strProp('image', 'Container image', 'us-docker.pkg.dev/cloudrun/container/hello'),
    numProp('containerPort', 'Container port', 8080, 1, 65535),
    enumProp('cpu', 'vCPU', ['1', '2', '4'], '1'),
    enumProp('memory', 'Memory', ['512Mi', '1Gi', '2Gi', '4Gi'], '512Mi', '4 vCPU need 2Gi.'),
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
      'Behind a load balancer or CDN: INGRESS_TRAFFIC_INTERNAL_LOAD_BALANCER, whatever is set, and anyone may invoke it through the load balancer.',
    ),
    boolProp('public', 'Allow unauthenticated invocations', false),
  ],
  placement: 'optional-subnet',
  port: 443,
  naming: { rule: 'gcp-rfc1035', abbreviation: 'run' },
  emits: {
    terraform: [
      'google_cloud_run_v2_service',
      'google_service_account',
      'google_cloud_run_v2_service_iam_member',
    ],
  },
  terraform: (ctx) => {
    const sa = serviceAccount(ctx, '');
    grantData(ctx, ref(sa.address, 'email'));
    grantInvoke(ctx, ref(sa.address, 'email'));
    const env = connectionEnv(ctx);
    const subnet = ctx.subnets()[0];
    const service = ctx.resource('google_cloud_run_v2_service', ctx.node.local, {
      name: ctx.name(),
      location: tfVar('region'),
      // A load balancer in front: its path only (serverless-ingress.ts), whatever is set.
      ingress: isBehindLoadBalancer(ctx, ctx.node)
        ? 'INGRESS_TRAFFIC_INTERNAL_LOAD_BALANCER'
        : ctx.prop('ingress'),
      deletion_protection: false,
      labels: ctx.tags(),
      template: block({
        service_account: ref(sa.address, 'email'),
        scaling: block({
          min_instance_count: ctx.prop('minInstances'),
          max_instance_count: ctx.prop('maxInstances'),
        }),
        ...(subnet
          ? {
              vpc_access: block({
                egress: 'PRIVATE_RANGES_ONLY',
                network_interfaces: block({
                  network: gcpNetworkRef(ctx),
                  subnetwork: gcpSubnetRef(ctx, subnet),
                }),
              }),
            }
          : {}),
        containers: block({
          image: ctx.prop('image'),
          ports: block({ container_port: ctx.prop('containerPort') }),
          ...(Object.keys(env).length > 0
            ? { env: Object.entries(env).map(([name, value]) => block({ name, value })) }
            : {}),
          resources: block({
            limits: obj({
              cpu: ctx.prop('cpu'),
              // Cloud Run needs at least 2 GiB of memory for 4 vCPU.
              memory: ctx.prop('memory', (v) =>
                ctx.value('cpu') === '4' && ['512Mi', '1Gi'].includes(String(v)) ? '2Gi' : v,
              ),
            }),
          }),
        }),
      }),
    });
    allowAllInvokers(ctx);
    ctx.output('uri', `URL of ${ctx.node.name}`, ref(service.address, 'uri'));
  },
});
