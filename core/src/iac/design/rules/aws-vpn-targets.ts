import { vpnTargetsRule } from './vpn-targets';

/** On-premises traffic is admitted only into what the VPN is connected to (aws/security-groups.ts). */
export const awsVpnTargets = vpnTargetsRule({
  id: 'aws-vpn-targets',
  source:
    'Amazon VPC User Guide, "Route propagation" and "Control traffic to your AWS resources using security groups" (a propagated route carries on-premises traffic; only a security group rule admits it)',
  service: 'aws.vpn',
  network: 'this VPC',
  admitter: 'no security group',
});
