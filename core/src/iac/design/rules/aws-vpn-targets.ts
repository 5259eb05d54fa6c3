import type { TDesignIssue } from '../parse';
import type { TDesignRule } from './rule';

/**
 * A site-to-site VPN propagates its on-premises range into the VPC's route tables, but only
 * security groups admit that traffic, and the builders admit it only into the components the VPN
 * is connected to, on their ports (aws/shared.ts, ownSecurityGroup). A VPN connected to nothing
 * would carry no traffic: say which connections to draw, rather than opening the VPC to
 * on-premises.
 */
export const awsVpnTargets: TDesignRule = {
  id: 'aws-vpn-targets',
  source:
    'Amazon VPC User Guide, "Route propagation" and "Control traffic to your AWS resources using security groups" (a propagated route carries on-premises traffic; only a security group rule admits it)',
  check: ({ design, services }) => {
    const issues: TDesignIssue[] = [];
    design.components.forEach((c, i) => {
      const service = services.get(c.id);
      if (service?.id !== 'aws.vpn') return;
      const reaches = design.connections.some(
        (x) => x.from === c.id && (x.type === 'traffic' || x.type === 'data'),
      );
      if (reaches) return;
      const cidr =
        c.properties['onPremCidr'] ??
        service.properties.find((p) => p.key === 'onPremCidr')?.default;
      issues.push({
        path: `components[${i}]`,
        message: `on-premises ${String(cidr)} is routed to this VPC through “${c.name}”, but no security group admits it: connect “${c.name}” to what on-premises reaches (a traffic connection, with its port), and that port of it is opened to ${String(cidr)}`,
        severity: 'warning',
      });
    });
    return issues;
  },
};
