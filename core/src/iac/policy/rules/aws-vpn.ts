import { attr, isLiteral, ofType, tfHit } from '../query';
import { defineRule, type TPolicyHit } from '../types';

/**
 * The IKE and IPsec proposals each tunnel of a site-to-site VPN accepts. Left unset, AWS accepts
 * IKEv1, AES-128, SHA-1 and Diffie-Hellman group 2 (1024-bit) as well, and a customer gateway
 * offering them first gets them. Groups 22–24 are left out with 2 and 5: RFC 8247 says SHOULD NOT
 * (MODP groups with small prime-order subgroups, RFC 5114, one of them 1024-bit).
 */
export const STRONG_TUNNEL_PROPOSALS = {
  ike_versions: ['ikev2'],
  phase1_encryption_algorithms: ['AES256', 'AES256-GCM-16'],
  phase1_integrity_algorithms: ['SHA2-256', 'SHA2-384', 'SHA2-512'],
  phase1_dh_group_numbers: [14, 15, 16, 17, 18, 19, 20, 21],
  phase2_encryption_algorithms: ['AES256', 'AES256-GCM-16'],
  phase2_integrity_algorithms: ['SHA2-256', 'SHA2-384', 'SHA2-512'],
  phase2_dh_group_numbers: [14, 15, 16, 17, 18, 19, 20, 21],
} as const satisfies Record<string, readonly (string | number)[]>;

export const VPN_TUNNELS = ['tunnel1', 'tunnel2'] as const;

export const vpnStrongTunnels = defineRule({
  id: 'aws-vpn-strong-tunnels',
  clouds: ['aws'],
  title: 'Site-to-site VPN tunnels accept IKEv2 and strong proposals only',
  checks:
    'Both tunnels of every aws_vpn_connection list IKEv2 only, AES-256 (or AES-256-GCM-16), SHA2-256/384/512 and Diffie-Hellman groups 14–21 for phase 1 and phase 2: unset, AWS also accepts IKEv1, AES-128, SHA-1 and group 2.',
  severity: 'medium',
  docs: 'https://docs.aws.amazon.com/vpn/latest/s2svpn/VPNTunnels.html',
  source: 'RFC 8247 (IKEv2 algorithm requirements); AWS Site-to-Site VPN tunnel options',
  terraform: (resources) =>
    ofType(resources, 'aws_vpn_connection').flatMap((r): TPolicyHit[] =>
      VPN_TUNNELS.flatMap((tunnel) => {
        const weak = Object.entries(STRONG_TUNNEL_PROPOSALS).filter(([option, strong]) => {
          const value = attr(r.body, `${tunnel}_${option}`);
          // A variable or expression is the user's choice, not a default AWS fills in.
          if (value !== undefined && !Array.isArray(value) && !isLiteral(value)) return false;
          const list = Array.isArray(value) ? value : [];
          return list.length === 0 || list.some((v) => !(strong as readonly unknown[]).includes(v));
        });
        return weak.length === 0
          ? []
          : [
              tfHit(
                r,
                `${tunnel} accepts weak or default proposals (${weak.map(([o]) => `${tunnel}_${o}`).join(', ')})`,
              ),
            ];
      }),
    ),
});
