import type { TEdge, TNode, TTfBuildContext } from '../service';
import { instanceAccount } from './traffic-firewall';
import { block, ref, tfVar, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { gcpSubnetRef, networkOf, primaryRef } from './shared';

/** Backends of the Google Cloud load balancers: instance groups, serverless NEGs, firewalls. */

/** Source ranges of Google's health checkers (and of the global proxies' traffic). */
export const HEALTH_CHECK_RANGES = ['35.191.0.0/16', '130.211.0.0/22'];
/** Passthrough Network Load Balancer health checks come from these ranges too. */
export const NLB_HEALTH_CHECK_RANGES = ['35.191.0.0/16', '209.85.152.0/22', '209.85.204.0/22'];

/**
 * The instance group behind a VM or managed-instance-group target: a zonal unmanaged instance
 * group around the VM, or the group of the regional instance group manager.
 */
export function instanceGroupOf(
  ctx: TTfBuildContext,
  edge: TEdge,
  port: number,
): TTfRef | undefined {
  const t = edge.node;
  if (t.service.kind === 'autoscaling-group')
    return ref(ctx.address(t, 'google_compute_region_instance_group_manager'), 'instance_group');
  if (t.service.kind !== 'vm') return undefined;
  const vm = ctx.address(t, 'google_compute_instance');
  const network = networkOf(ctx, t);
  return ref(
    ctx.shared('google_compute_instance_group', `${t.local}_group`, {
      name: ctx.nameOf(t, 'ig', 'gcp-rfc1035'),
      zone: ref(vm, 'zone'),
      ...(network ? { network: ref(ctx.address(network, 'google_compute_network'), 'id') } : {}),
      instances: [ref(vm, 'self_link')],
      named_port: block({ name: 'http', port }),
    }).address,
    'id',
  );
}

/** Lets the health checkers (and proxies) reach the backends' service accounts on the port. */
export function healthCheckFirewall(
  ctx: TTfBuildContext,
  targets: readonly TEdge[],
  port: number,
  ranges: readonly string[],
): void {
  const backends = targets.filter(
    (t) => t.node.service.kind === 'vm' || t.node.service.kind === 'autoscaling-group',
  );
  const network = backends[0] ? networkOf(ctx, backends[0].node) : undefined;
  if (!network) return;
  ctx.resource('google_compute_firewall', `${ctx.node.local}_health_checks`, {
    name: ctx.name('hc', 'gcp-rfc1035'),
    network: ref(ctx.address(network, 'google_compute_network'), 'id'),
    direction: 'INGRESS',
    source_ranges: [...ranges],
    target_service_accounts: backends.map((t) => instanceAccount(ctx, t.node)!),
    allow: block({ protocol: 'tcp', ports: [String(port)] }),
  });
}

/**
 * A passthrough load balancer keeps the client's address and the listener's port, so the
 * backends' firewall must admit the clients themselves ("Backend service-based external
 * passthrough Network Load Balancer overview", firewall rules): anyone on the listener port
 * when internet-facing; for an internal one, the senders drawn into it, else its network's
 * subnetworks.
 */
export function clientFirewall(
  ctx: TTfBuildContext,
  targets: readonly TEdge[],
  isPublic: boolean,
): void {
  const backends = targets.filter((t) => instanceAccount(ctx, t.node) !== undefined);
  const network = backends[0] ? networkOf(ctx, backends[0].node) : undefined;
  if (!network) return;
  const senders = ctx.incoming('traffic').map((e) => e.node);
  const accounts = senders.flatMap((n) => instanceAccount(ctx, n) ?? []);
  const subnets = [
    ...new Set(
      senders.filter((n) => instanceAccount(ctx, n) === undefined).flatMap((n) => ctx.subnetsOf(n)),
    ),
  ];
  const everyone = ctx.children(network).filter((n) => n.service.kind === 'subnet');
  const ranges = (list: readonly TNode[]) => list.map((s) => gcpSubnetRef(ctx, s, 'ip_cidr_range'));
  const sources: Record<string, TTfValue> = isPublic
    ? { source_ranges: ['0.0.0.0/0'] }
    : accounts.length + subnets.length === 0
      ? { source_ranges: ranges(everyone) }
      : {
          ...(accounts.length > 0 ? { source_service_accounts: accounts } : {}),
          ...(subnets.length > 0 ? { source_ranges: ranges(subnets) } : {}),
        };
  ctx.resource('google_compute_firewall', `${ctx.node.local}_clients`, {
    name: ctx.name('clients', 'gcp-rfc1035'),
    network: ref(ctx.address(network, 'google_compute_network'), 'id'),
    description: `Clients of ${ctx.node.name} on its listener port`,
    direction: 'INGRESS',
    ...sources,
    target_service_accounts: backends.map((t) => instanceAccount(ctx, t.node)!),
    allow: block({
      protocol: ctx.value<string>('protocol').toLowerCase(),
      ports: [ctx.prop('listenerPort', (v) => String(v))],
    }),
  });
}

/** Serverless network endpoint group of a Cloud Run service or a Cloud Function. */
export function serverlessNeg(ctx: TTfBuildContext, edge: TEdge): TTfRef | undefined {
  const t = edge.node;
  const isRun = t.service.kind === 'serverless-container';
  if (!isRun && t.service.kind !== 'function') return undefined;
  return ref(
    ctx.shared('google_compute_region_network_endpoint_group', `${t.local}_neg`, {
      name: ctx.nameOf(t, 'neg', 'gcp-rfc1035'),
      region: tfVar('region'),
      network_endpoint_type: 'SERVERLESS',
      ...(isRun
        ? { cloud_run: block({ service: primaryRef(ctx, t, 'name') }) }
        : { cloud_function: block({ function: primaryRef(ctx, t, 'name') }) }),
    }).address,
    'id',
  );
}

/** A Cloud Armor policy with a traffic connection to the load balancer protects its backends. */
export function cloudArmorOf(ctx: TTfBuildContext): { security_policy?: TTfRef } {
  const waf = ctx.incoming('traffic').find((e) => e.node.service.kind === 'waf');
  return waf
    ? { security_policy: ref(ctx.address(waf.node, 'google_compute_security_policy'), 'id') }
    : {};
}
