import { defineService, type TEdge, type TNode, type TTfBuildContext } from '../service';
import { refuseUnservedTargets } from '../lb-targets';
import { boolProp, enumProp, numProp, strProp } from '../properties';
import { block, ref, type TTfValue } from '../../ir/terraform-ir';
import { endpointNsgIds, tcp } from './client-rules';
import { compartment, subnetId } from './shared';
import { serviceLog, serviceLogGroup } from './service-logs';

/** OCI load balancers: the flexible (layer-7) and the network (layer-4) load balancer. */

const HTTPS_PORT = 443;

/** Backends of a load balancer: instances by private IP, container instances by VNIC IP. */
const backendAddress = (ctx: TTfBuildContext, target: TNode) =>
  target.service.kind === 'vm'
    ? ref(ctx.address(target, 'oci_core_instance'), 'private_ip')
    : target.service.kind === 'serverless-container'
      ? ref(
          ctx.address(target, 'oci_container_instances_container_instance'),
          'vnics[0].private_ip',
        )
      : undefined;

/**
 * The port a backend set's health check probes: the one its backends serve on when they share
 * one, else 0, which OCI reads as each backend's own traffic port (load balancers and network
 * load balancers alike, "Editing a Load Balancer's Health Check Policies"). The first target's
 * port probed every other backend on a port it does not serve: marked down, it got no traffic.
 */
function healthCheckPort(ctx: TTfBuildContext, targets: readonly TEdge[], none: number): number {
  const ports = new Set(targets.map((t) => ctx.portOf(t, t.node)));
  if (ports.size === 0) return none;
  return ports.size === 1 ? [...ports][0]! : 0;
}

/**
 * The access and error logs of a load balancer: OCI records each request (client, listener,
 * backend, status, timing) and each failure to reach a backend only once the load balancer has
 * service logs of categories `access` and `error` (service `loadbalancer`, "Load Balancer Logs",
 * Load Balancer docs); without them nothing told who called a public endpoint or why it
 * answered 502. They go to the log group the load balancer is connected to, else to its own.
 */
function accessLogs(ctx: TTfBuildContext, lb: TTfValue): void {
  const group = serviceLogGroup(ctx, `Access and error logs of load balancer ${ctx.node.name}`);
  for (const category of ['access', 'error']) {
    serviceLog(ctx, group, { service: 'loadbalancer', category, resource: lb });
  }
}

export const ociLoadBalancer = defineService({
  id: 'oci.load-balancer',
  cloud: 'oci',
  kind: 'load-balancer',
  name: 'Flexible load balancer',
  category: 'networking',
  description:
    'Layer-7 flexible-shape load balancer with its own NSG, an HTTPS listener (HTTP redirected) and a backend set with health checks.',
  icon: 'oci-load-balancer',
  properties: [
    boolProp('public', 'Public', true),
    numProp('listenerPort', 'HTTP port (redirects to HTTPS)', 80, 1, 65535),
    strProp(
      'certificateId',
      'TLS certificate OCID',
      '',
      'Certificate (OCI Certificates service) of the HTTPS listener. Empty: a required variable <component>_certificate_id.',
    ),
    numProp('minMbps', 'Minimum bandwidth (Mbps)', 10, 10, 8000),
    numProp('maxMbps', 'Maximum bandwidth (Mbps)', 100, 10, 8000),
    enumProp('policy', 'Policy', ['ROUND_ROBIN', 'LEAST_CONNECTIONS', 'IP_HASH'], 'ROUND_ROBIN'),
    strProp('healthPath', 'Health check path', '/'),
  ],
  placement: 'subnet',
  // Clients reach it on HTTPS (its HTTP port only redirects).
  port: HTTPS_PORT,
  naming: { rule: 'oci-display', abbreviation: 'lb' },
  emits: {
    terraform: [
      'oci_load_balancer_load_balancer',
      'oci_load_balancer_backend_set',
      'oci_load_balancer_listener',
      'oci_load_balancer_rule_set',
      'oci_load_balancer_backend',
      'oci_core_network_security_group',
      'oci_core_network_security_group_security_rule',
      'oci_logging_log_group',
      'oci_logging_log',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const isPublic = ctx.value<boolean>('public');
    const listenerPort = ctx.value<number>('listenerPort');
    const lb = ctx.resource('oci_load_balancer_load_balancer', local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      shape: 'flexible',
      subnet_ids: ctx.subnets().map((s) => subnetId(ctx, s)),
      is_private: !isPublic,
      // Its HTTP port only redirects to HTTPS, for the same clients.
      network_security_group_ids: endpointNsgIds(
        ctx,
        listenerPort === HTTPS_PORT ? [tcp(HTTPS_PORT)] : [tcp(HTTPS_PORT), tcp(listenerPort)],
        isPublic,
      ),
      freeform_tags: ctx.tags(),
      shape_details: block({
        minimum_bandwidth_in_mbps: ctx.prop('minMbps'),
        maximum_bandwidth_in_mbps: ctx.prop('maxMbps'),
      }),
    });
    accessLogs(ctx, ref(lb.address, 'id'));
    refuseUnservedTargets(
      ctx,
      ['vm', 'autoscaling-group', 'serverless-container'],
      'compute instances, instance pools and container instances',
    );
    const targets = ctx.outgoing('traffic');
    const port = healthCheckPort(ctx, targets, 80);
    const set = ctx.resource('oci_load_balancer_backend_set', local, {
      load_balancer_id: ref(lb.address, 'id'),
      name: 'app',
      policy: ctx.prop('policy'),
      health_checker: block({
        protocol: 'HTTP',
        port,
        url_path: ctx.prop('healthPath'),
        return_code: 200,
      }),
    });
    // HTTPS (TLS 1.2+) serves; plain HTTP answers a 301 to HTTPS (policy oci-lb-https-only).
    // https://docs.oracle.com/iaas/Content/Balance/Tasks/managingrulesets_topic-URL_Redirect_Rules.htm
    ctx.resource('oci_load_balancer_listener', local, {
      load_balancer_id: ref(lb.address, 'id'),
      name: 'https',
      default_backend_set_name: ref(set.address, 'name'),
      port: HTTPS_PORT,
      protocol: 'HTTP',
      ssl_configuration: block({
        certificate_ids: [
          ctx.value('certificateId')
            ? ctx.prop('certificateId')
            : ctx.variable({
                name: `${local}_certificate_id`,
                type: 'string',
                description: `OCID of the certificate (OCI Certificates) for the HTTPS listener of ${ctx.node.name}.`,
              }),
        ],
        protocols: ['TLSv1.2', 'TLSv1.3'],
        verify_peer_certificate: false,
      }),
    });
    const redirect = ctx.resource('oci_load_balancer_rule_set', `${local}_https_redirect`, {
      load_balancer_id: ref(lb.address, 'id'),
      name: 'https_redirect',
      items: block({
        action: 'REDIRECT',
        response_code: 301,
        conditions: block({
          attribute_name: 'PATH',
          attribute_value: '/',
          operator: 'FORCE_LONGEST_PREFIX_MATCH',
        }),
        redirect_uri: block({ protocol: 'HTTPS', port: HTTPS_PORT }),
      }),
    });
    ctx.resource('oci_load_balancer_listener', `${local}_http`, {
      load_balancer_id: ref(lb.address, 'id'),
      name: 'http',
      default_backend_set_name: ref(set.address, 'name'),
      port: listenerPort,
      protocol: 'HTTP',
      rule_set_names: [ref(redirect.address, 'name')],
    });
    // Instance pools register themselves (load_balancers of oci_core_instance_pool).
    for (const t of targets) {
      const ip = backendAddress(ctx, t.node);
      if (!ip) continue;
      ctx.resource('oci_load_balancer_backend', `${local}_${t.node.local}`, {
        load_balancer_id: ref(lb.address, 'id'),
        backendset_name: ref(set.address, 'name'),
        ip_address: ip,
        port: ctx.portOf(t, t.node),
      });
    }
    ctx.output(
      'ip_address',
      `Address of ${ctx.node.name}`,
      ref(lb.address, 'ip_address_details[0].ip_address'),
    );
  },
});

export const ociNetworkLoadBalancer = defineService({
  id: 'oci.network-load-balancer',
  cloud: 'oci',
  kind: 'network-load-balancer',
  name: 'Network load balancer',
  category: 'networking',
  description:
    'Layer-4 network load balancer with its own NSG, a TCP listener and a five-tuple backend set.',
  icon: 'oci-network-load-balancer',
  properties: [
    boolProp('public', 'Public', false),
    numProp('listenerPort', 'Listener port', 443, 1, 65535),
    enumProp('policy', 'Policy', ['FIVE_TUPLE', 'THREE_TUPLE', 'TWO_TUPLE'], 'FIVE_TUPLE'),
    boolProp('preserveSource', 'Preserve client IP', false),
  ],
  placement: 'subnet',
  port: 443,
  naming: { rule: 'oci-display', abbreviation: 'nlb' },
  emits: {
    terraform: [
      'oci_network_load_balancer_network_load_balancer',
      'oci_network_load_balancer_backend_set',
      'oci_network_load_balancer_listener',
      'oci_network_load_balancer_backend',
      'oci_core_network_security_group',
      'oci_core_network_security_group_security_rule',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const isPublic = ctx.value<boolean>('public');
    const listenerPort = ctx.value<number>('listenerPort');
    const nlb = ctx.resource('oci_network_load_balancer_network_load_balancer', local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      subnet_id: subnetId(ctx, ctx.subnets()[0]!),
      is_private: !isPublic,
      is_preserve_source_destination: false,
      network_security_group_ids: endpointNsgIds(ctx, [tcp(listenerPort)], isPublic),
      freeform_tags: ctx.tags(),
    });
    refuseUnservedTargets(
      ctx,
      ['vm', 'autoscaling-group', 'serverless-container'],
      'compute instances, instance pools and container instances',
    );
    const targets = ctx.outgoing('traffic');
    const port = healthCheckPort(ctx, targets, listenerPort);
    const set = ctx.resource('oci_network_load_balancer_backend_set', local, {
      network_load_balancer_id: ref(nlb.address, 'id'),
      name: 'app',
      policy: ctx.prop('policy'),
      is_preserve_source: ctx.prop('preserveSource'),
      health_checker: block({ protocol: 'TCP', port }),
    });
    ctx.resource('oci_network_load_balancer_listener', local, {
      network_load_balancer_id: ref(nlb.address, 'id'),
      name: 'tcp',
      default_backend_set_name: ref(set.address, 'name'),
      port: listenerPort,
      protocol: 'TCP',
    });
    for (const t of targets) {
      const isVm = t.node.service.kind === 'vm';
      const ip = backendAddress(ctx, t.node);
      if (!ip) continue;
      ctx.resource('oci_network_load_balancer_backend', `${local}_${t.node.local}`, {
        network_load_balancer_id: ref(nlb.address, 'id'),
        backend_set_name: ref(set.address, 'name'),
        port: ctx.portOf(t, t.node),
        ...(isVm
          ? { target_id: ref(ctx.address(t.node, 'oci_core_instance'), 'id') }
          : { ip_address: ip }),
      });
    }
    ctx.output(
      'ip_address',
      `Address of ${ctx.node.name}`,
      ref(nlb.address, 'ip_addresses[0].ip_address'),
    );
  },
});
