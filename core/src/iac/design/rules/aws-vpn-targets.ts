import { vpnTargetsRule } from './vpn-targets';

/**
 * On-premises traffic is admitted only into what the VPN is connected to, and only where that
 * has a security group of its own in the VPN's VPC (aws/security-groups.ts, `onPremisesCidr`).
 */
export const awsVpnTargets = vpnTargetsRule({
  id: 'aws-vpn-targets',
  source:
    'Amazon VPC User Guide, "Route propagation" and "Control traffic to your AWS resources using security groups" (a propagated route carries on-premises traffic; only a security group rule admits it)',
  service: 'aws.vpn',
  network: 'this VPC',
  admitter: 'no security group',
  // A data connection to a KMS key encrypts the VPN's tunnel logs (aws/vpn.ts).
  notTargets: ['kms'],
  admits: {
    refusal: (target, vpn, view) => {
      if (!view.service(target.id)?.isNetworked)
        return 'has no security group (it is reached through the AWS API, not the VPC)';
      const network = view.networkOf(target);
      if (!network) return 'is not placed in a VPC';
      const own = view.networkOf(vpn);
      return network.id === own?.id ? undefined : `is in another VPC (“${network.name}”)`;
    },
    instead: 'a component in this VPC that has a security group',
  },
});
