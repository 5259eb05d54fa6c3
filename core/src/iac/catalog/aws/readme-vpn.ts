import type { TResolvedDesign } from '../../design/resolve';

/**
 * README section for site-to-site VPNs (vpn.ts): their tunnels accept strong proposals only, so
 * the on-premises device must be set to offer them, and where the tunnel logs that show a failed
 * negotiation are.
 * https://docs.aws.amazon.com/vpn/latest/s2svpn/VPNTunnels.html
 */
export function vpnReadme(resolved: TResolvedDesign): string[] {
  const vpns = resolved.nodes.filter((n) => n.service.id === 'aws.vpn');
  if (vpns.length === 0) return [];
  return [
    '## Site-to-site VPN tunnels',
    '',
    "Both tunnels of each VPN accept IKEv2 only, with AES-256 or AES-256-GCM-16, SHA2-256, SHA2-384 or SHA2-512 and Diffie-Hellman group 14 to 21, in phase 1 and in phase 2. Set the on-premises device to offer them: one that offers only IKEv1, AES-128, SHA-1 or group 2 (AWS's defaults accept them) cannot bring the tunnels up. The VPC console's 'Download configuration' for the connection, with IKEv2 chosen, gives the commands for common devices; check its proposals against these.",
    '',
    'Each tunnel logs its IKE negotiation and dead peer detection to a CloudWatch log group kept 90 days, the first place to look when a tunnel stays down:',
    '',
    ...vpns.map((n) => `- \`${n.name}\`: \`terraform output -raw ${n.local}_tunnel_log_group\``),
    '',
  ];
}
