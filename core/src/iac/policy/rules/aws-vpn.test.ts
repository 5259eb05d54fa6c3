import { describe, expect, it } from 'vitest';
import { tfVar } from '../../ir/terraform-ir';
import { tf, tfAddresses } from '../testing/ir';
import { STRONG_TUNNEL_PROPOSALS, vpnStrongTunnels } from './aws-vpn';

const strong = (tunnel: string) =>
  Object.fromEntries(
    Object.entries(STRONG_TUNNEL_PROPOSALS).map(([o, v]) => [`${tunnel}_${o}`, [...v]]),
  );

describe('aws-vpn-strong-tunnels', () => {
  it('flags a connection left to AWS defaults, on each tunnel', () => {
    const bare = tf('aws_vpn_connection', 'bare', { type: 'ipsec.1' });
    expect(vpnStrongTunnels.terraform?.([bare]).map((h) => h.message)).toEqual([
      expect.stringContaining('tunnel1 accepts weak or default proposals (tunnel1_ike_versions'),
      expect.stringContaining('tunnel2 accepts weak or default proposals (tunnel2_ike_versions'),
    ]);
  });

  it('flags IKEv1, SHA-1, AES-128 or DH group 2 or 22 on one tunnel', () => {
    const weak = (option: string, value: (string | number)[]) =>
      tf('aws_vpn_connection', option, {
        ...strong('tunnel1'),
        ...strong('tunnel2'),
        [`tunnel2_${option}`]: value,
      });
    const hits = [
      weak('ike_versions', ['ikev1', 'ikev2']),
      weak('phase1_integrity_algorithms', ['SHA1', 'SHA2-256']),
      weak('phase2_encryption_algorithms', ['AES128']),
      weak('phase1_dh_group_numbers', [2, 14]),
      weak('phase2_dh_group_numbers', [14, 22]),
    ];
    expect(vpnStrongTunnels.terraform?.(hits).map((h) => `${h.address}: ${h.message}`)).toEqual([
      'aws_vpn_connection.ike_versions: tunnel2 accepts weak or default proposals (tunnel2_ike_versions)',
      'aws_vpn_connection.phase1_integrity_algorithms: tunnel2 accepts weak or default proposals (tunnel2_phase1_integrity_algorithms)',
      'aws_vpn_connection.phase2_encryption_algorithms: tunnel2 accepts weak or default proposals (tunnel2_phase2_encryption_algorithms)',
      'aws_vpn_connection.phase1_dh_group_numbers: tunnel2 accepts weak or default proposals (tunnel2_phase1_dh_group_numbers)',
      'aws_vpn_connection.phase2_dh_group_numbers: tunnel2 accepts weak or default proposals (tunnel2_phase2_dh_group_numbers)',
    ]);
  });

  it('passes strong tunnels, a subset of the proposals, and a variable', () => {
    const ok = tf('aws_vpn_connection', 'ok', { ...strong('tunnel1'), ...strong('tunnel2') });
    const narrow = tf('aws_vpn_connection', 'narrow', {
      ...strong('tunnel1'),
      ...strong('tunnel2'),
      tunnel1_phase1_dh_group_numbers: [20],
      tunnel2_phase2_encryption_algorithms: ['AES256-GCM-16'],
    });
    const chosen = tf('aws_vpn_connection', 'chosen', {
      ...strong('tunnel1'),
      ...strong('tunnel2'),
      tunnel1_ike_versions: tfVar('ike_versions'),
    });
    expect(tfAddresses(vpnStrongTunnels, [ok, narrow, chosen])).toEqual([]);
  });
});
