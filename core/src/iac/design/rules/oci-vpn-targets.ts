import type { TDesignIssue } from '../parse';
import type { TDesignRule } from './rule';

/**
 * A site-to-site VPN routes its on-premises range to the VCN, but only security rules admit that
 * traffic, and the builders admit it only into the components the VPN is connected to, on their
 * ports (oci/client-rules.ts). A VPN connected to nothing would carry no traffic: say which
 * connections to draw, rather than opening the VCN to on-premises.
 */
export const ociVpnTargets: TDesignRule = {
  id: 'oci-vpn-targets',
  source:
    'OCI Networking, "Site-to-Site VPN" and "Security Rules" (a route to the DRG carries on-premises traffic; only a security list or NSG rule admits it)',
  check: ({ design, services }) => {
    const issues: TDesignIssue[] = [];
    design.components.forEach((c, i) => {
      const service = services.get(c.id);
      if (service?.id !== 'oci.site-to-site-vpn') return;
      const reaches = design.connections.some(
        (x) => x.from === c.id && (x.type === 'traffic' || x.type === 'data'),
      );
      if (reaches) return;
      const cidr =
        c.properties['onPremCidr'] ??
        service.properties.find((p) => p.key === 'onPremCidr')?.default;
      issues.push({
        path: `components[${i}]`,
        message: `on-premises ${String(cidr)} is routed to this network through “${c.name}”, but nothing admits it: connect “${c.name}” to what on-premises reaches (a traffic connection, with its port), and that port of it is opened to ${String(cidr)}`,
        severity: 'warning',
      });
    });
    return issues;
  },
};
