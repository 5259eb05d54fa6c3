import { vpnTargetsRule } from './vpn-targets';

/** On-premises traffic is admitted only into what the VPN is connected to (oci/client-rules.ts). */
export const ociVpnTargets = vpnTargetsRule({
  id: 'oci-vpn-targets',
  source:
    'OCI Networking, "Site-to-Site VPN" and "Security Rules" (a route to the DRG carries on-premises traffic; only a security list or NSG rule admits it)',
  service: 'oci.site-to-site-vpn',
  network: 'this network',
  admitter: 'nothing',
});
