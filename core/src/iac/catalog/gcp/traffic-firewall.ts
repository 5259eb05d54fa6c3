import type { TEdge, TNode, TTfBuildContext } from '../service';
import { block, ref, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { gcpSubnetRef, networkOf } from './shared';

/**
 * VPC firewall rules for traffic edges. A custom-mode VPC network denies all ingress by its
 * implied rule (VPC docs, "VPC firewall rules: implied rules"), so every flow the design draws
 * needs an allow rule, or nothing arrives. Sources are named as narrowly as the cloud allows:
 * the sender's service account for VMs and nodes, its subnetworks otherwise.
 */

/** The service account whose instances carry a workload's traffic (nodes for GKE). */
export function instanceAccount(ctx: TTfBuildContext, node: TNode): TTfRef | undefined {
  switch (node.service.kind) {
    case 'vm':
    case 'autoscaling-group':
      return ref(ctx.address(node, 'google_service_account'), 'email');
    case 'kubernetes':
      return ref(ctx.address(node, 'google_service_account', '_nodes'), 'email');
    default:
      return undefined;
  }
}

/** Kinds whose own builders open the firewall for their clients (load balancers). */
const OPENS_ITS_OWN = new Set(['load-balancer', 'network-load-balancer', 'cdn']);

/** One allow rule per incoming traffic edge from a sender inside the network. */
export function trafficFirewalls(ctx: TTfBuildContext, target: TTfRef): void {
  const network = networkOf(ctx, ctx.node);
  if (!network) return;
  const seen = new Set<string>();
  for (const edge of ctx.incoming('traffic')) {
    const source = edge.node;
    if (OPENS_ITS_OWN.has(source.service.kind)) continue;
    const from = sourceOf(ctx, edge);
    if (!from) continue;
    const port = ctx.portOf(edge, ctx.node);
    const protocol = edge.connection.protocol === 'udp' ? 'udp' : 'tcp';
    const key = `${source.local}_${protocol}_${port}`;
    if (seen.has(key)) continue;
    seen.add(key);
    ctx.resource('google_compute_firewall', `${ctx.node.local}_from_${source.local}_${port}`, {
      name: ctx.name(`from-${source.name}-${port}`, 'gcp-rfc1035'),
      network: ref(ctx.address(network, 'google_compute_network'), 'id'),
      description: `${source.name} to ${ctx.node.name} on ${protocol}/${port}`,
      direction: 'INGRESS',
      ...from,
      target_service_accounts: [target],
      allow: block({ protocol, ports: [String(port)] }),
    });
  }
}

function sourceOf(ctx: TTfBuildContext, edge: TEdge): Record<string, TTfValue> | undefined {
  const account = instanceAccount(ctx, edge.node);
  if (account) return { source_service_accounts: [account] };
  // Serverless senders with Direct VPC egress leave from their subnetwork's addresses.
  const subnets = ctx.subnetsOf(edge.node);
  if (subnets.length === 0) return undefined;
  return { source_ranges: subnets.map((s) => gcpSubnetRef(ctx, s, 'ip_cidr_range')) };
}
