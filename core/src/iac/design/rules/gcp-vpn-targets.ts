import { vpnTargetsRule } from './vpn-targets';

/**
 * On-premises traffic is admitted only into what the HA VPN is connected to: firewall rules from
 * its on-premises range to those VMs, groups or clusters (gcp/ha-vpn.ts), none to the network.
 */
export const gcpVpnTargets = vpnTargetsRule({
  id: 'gcp-vpn-targets',
  source:
    'Google Cloud VPC, "VPC firewall rules" (the implied ingress rule denies what no allow rule admits) and Cloud VPN, "Configure firewall rules" (for traffic from the peer network)',
  service: 'gcp.ha-vpn',
  network: 'this VPC network',
  admitter: 'no firewall rule',
});
