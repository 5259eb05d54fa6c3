import { contains, parseCidr } from '../cidr';
import type { TDesignIssue } from '../parse';
import { networkView, type TNetworkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/**
 * Targets whose builders give them no security rule of their own: only the network security
 * groups attached by placement connections admit traffic (the subnet keeps the VCN's default
 * security list, which admits SSH and ICMP only).
 */
const ONLY_ATTACHED_NSGS = new Set(['oci.compute-instance', 'oci.instance-pool']);

/** Whether one of the component's attached groups admits TCP `port` from the source's subnet. */
function admits(view: TNetworkView, target: string, port: number, from: string | undefined) {
  const source = from ? parseCidr(from) : undefined;
  return view
    .outgoing(target)
    .filter((x) => x.type === 'placement' && view.service(x.to)?.kind === 'security-group')
    .some((x) => {
      const props = view.component(x.to)?.properties ?? {};
      const defaults = view.service(x.to)?.properties ?? [];
      const value = (key: string) => props[key] ?? defaults.find((p) => p.key === key)?.default;
      const ports = value('ingressPorts');
      const cidr = parseCidr(String(value('ingressCidr')));
      const portOpen = Array.isArray(ports) && ports.some((p) => Number(p) === port);
      return portOpen && (!source || !cidr || contains(cidr, source));
    });
}

/** A load balancer's traffic must be admitted by its targets' security rules on its port. */
export const reachabilityFirewalls: TDesignRule = {
  id: 'reachability-firewalls',
  source:
    'OCI documentation, "Default Security List" (ingress: SSH from anywhere and ICMP only) and "Network Security Groups"; OCI Load Balancer, "Backend servers" (the backends must admit the load balancer subnet)',
  check: (context) => {
    const view = networkView(context);
    const issues: TDesignIssue[] = [];
    context.design.connections.forEach((x, i) => {
      const from = view.service(x.from);
      const to = view.service(x.to);
      if (x.type !== 'traffic' || !from || !to || !ONLY_ATTACHED_NSGS.has(to.id)) return;
      if (from.kind !== 'load-balancer' && from.kind !== 'network-load-balancer') return;
      const lb = view.component(x.from);
      const target = view.component(x.to);
      if (!lb || !target) return;
      const port = x.port ?? to.port ?? 443;
      const lbSubnet = view.subnetsOf(lb)[0];
      const subnetCidr = lbSubnet?.properties['cidr'];
      if (admits(view, x.to, port, typeof subnetCidr === 'string' ? subnetCidr : undefined)) return;
      issues.push({
        path: `connections[${i}]`,
        message: `nothing admits load balancer “${lb.name}” to ${view.label(target)} on port ${port}: attach a network security group with inbound port ${port}${lbSubnet ? ` from subnet “${lbSubnet.name}”` : ''} to “${target.name}” (its subnet's default security list admits SSH only)`,
        severity: 'warning',
      });
    });
    return issues;
  },
};
