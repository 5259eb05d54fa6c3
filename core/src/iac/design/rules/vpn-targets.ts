import type { TDesignIssue } from '../parse';
import { networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

interface TVpnTargets {
  readonly id: string;
  readonly source: string;
  /** The cloud's site-to-site VPN service. */
  readonly service: string;
  /** What the on-premises range is routed to ("this VPC"). */
  readonly network: string;
  /** What would admit it ("no security group"). */
  readonly admitter: string;
}

/**
 * A site-to-site VPN routes its on-premises range to the network, but only security rules admit
 * that traffic, and the builders admit it only into the components the VPN is connected to, on
 * their ports. A VPN connected to nothing would carry no traffic: say which connections to draw,
 * rather than opening the network to on-premises.
 */
export const vpnTargetsRule = ({
  id,
  source,
  service: serviceId,
  network,
  admitter,
}: TVpnTargets): TDesignRule => ({
  id,
  source,
  check: (context) => {
    const { design, services } = context;
    const view = networkView(context);
    const issues: TDesignIssue[] = [];
    design.components.forEach((c, i) => {
      const service = services.get(c.id);
      if (service?.id !== serviceId) return;
      const reaches = view.outgoing(c.id).some((x) => x.type === 'traffic' || x.type === 'data');
      if (reaches) return;
      const cidr =
        c.properties['onPremCidr'] ??
        service.properties.find((p) => p.key === 'onPremCidr')?.default;
      issues.push({
        path: `components[${i}]`,
        message: `on-premises ${String(cidr)} is routed to ${network} through “${c.name}”, but ${admitter} admits it: connect “${c.name}” to what on-premises reaches (a traffic connection, with its port), and that port of it is opened to ${String(cidr)}`,
        severity: 'warning',
      });
    });
    return issues;
  },
});
