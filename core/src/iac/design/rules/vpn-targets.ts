import type { TDesignIssue } from '../parse';
import type { TComponent } from '../schema-v2';
import { networkView, type TNetworkView } from './reachability-graph';
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
  /**
   * Kinds a connection from the VPN to is not a target of on-premises traffic (the key its tunnel
   * logs are encrypted with): counted neither as a target nor as a refused one.
   */
  readonly notTargets?: readonly string[];
  /** Where the builders admit on-premises traffic only into some components. Absent: all. */
  readonly admits?: {
    /** Why nothing is admitted into a connected component, or undefined when it is. */
    readonly refusal: (
      target: TComponent,
      vpn: TComponent,
      view: TNetworkView,
    ) => string | undefined;
    /** What to connect the VPN to instead ("a component in this VPC that has a security group"). */
    readonly instead: string;
  };
}

/**
 * A site-to-site VPN routes its on-premises range to the network, but only security rules admit
 * that traffic, and the builders admit it only into the components the VPN is connected to, on
 * their ports. A VPN connected to nothing would carry no traffic, and neither would one connected
 * only to components the builders cannot admit it into (no security group, another network):
 * say which connections to draw, rather than opening the network to on-premises.
 */
export const vpnTargetsRule = ({
  id,
  source,
  service: serviceId,
  network,
  admitter,
  notTargets = [],
  admits,
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
      const cidr = String(
        c.properties['onPremCidr'] ??
          service.properties.find((p) => p.key === 'onPremCidr')?.default,
      );
      const links = view
        .outgoing(c.id)
        .filter((x) => x.type === 'traffic' || x.type === 'data')
        .filter((x) => !notTargets.includes(view.service(x.to)?.kind ?? ''));
      const refused = links.flatMap((x) => {
        const target = view.component(x.to);
        const why = target && admits?.refusal(target, c, view);
        return target && why ? [{ target, why }] : [];
      });
      if (links.length > refused.length) return;
      if (links.length === 0) {
        issues.push({
          path: `components[${i}]`,
          message: `on-premises ${cidr} is routed to ${network} through “${c.name}”, but ${admitter} admits it: connect “${c.name}” to what on-premises reaches (a traffic connection, with its port), and that port of it is opened to ${cidr}`,
          severity: 'warning',
        });
        return;
      }
      const list = refused.map(({ target, why }) => `${view.label(target)} ${why}`).join('; ');
      issues.push({
        path: `components[${i}]`,
        message: `on-premises ${cidr} is routed to ${network} through “${c.name}”, but nothing it is connected to can admit it: ${list}. Connect “${c.name}” to ${admits?.instead ?? 'what on-premises reaches'} (a traffic connection, with its port)`,
        severity: 'warning',
      });
    });
    return issues;
  },
});
