import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A site-to-site VPN's tunnels accept strong proposals only and keep logs: left unset, AWS accepts
 * IKEv1, AES-128, SHA-1 and DH group 2 too, and keeps no record of a failed negotiation.
 */
const design = (withKey: boolean) =>
  smallDesign({
    cloud: 'aws',
    components: [
      {
        id: 'dc',
        service: 'aws.vpn',
        name: 'datacentre',
        group: 'net',
        properties: { customerIp: '203.0.113.25', onPremCidr: '172.16.0.0/12' },
      },
      { id: 'vm', service: 'aws.ec2', name: 'app', group: 'sn-1' },
      ...(withKey ? [{ id: 'key', service: 'aws.kms', name: 'logs' }] : []),
    ],
    connections: [
      { from: 'dc', to: 'vm', type: 'traffic', port: 443 },
      ...(withKey ? [{ from: 'dc', to: 'key', type: 'data' }] : []),
    ],
  });

const mainOf = (d: unknown) => terraformFiles(d).find((f) => f.path === 'main.tf')!.content;

describe('aws: site-to-site VPN tunnel options', () => {
  const main = mainOf(design(false));
  const vpn = resourceBlock(main, 'aws_vpn_connection', 'dc');

  it('has both tunnels accept IKEv2, AES-256, SHA-2 and DH groups 14-21 only', () => {
    for (const t of ['tunnel1', 'tunnel2']) {
      expect(vpn).toMatch(new RegExp(`${t}_ike_versions\\s+= \\["ikev2"\\]`));
      for (const phase of ['phase1', 'phase2']) {
        expect(vpn).toMatch(
          new RegExp(`${t}_${phase}_encryption_algorithms\\s+= \\["AES256", "AES256-GCM-16"\\]`),
        );
        expect(vpn).toMatch(
          new RegExp(
            `${t}_${phase}_integrity_algorithms\\s+= \\["SHA2-256", "SHA2-384", "SHA2-512"\\]`,
          ),
        );
        expect(vpn).toMatch(
          new RegExp(`${t}_${phase}_dh_group_numbers\\s+= \\[14, 15, 16, 17, 18, 19, 20, 21\\]`),
        );
      }
    }
  });

  it('logs both tunnels to a log group of its own, kept 90 days', () => {
    const group = resourceBlock(main, 'aws_cloudwatch_log_group', 'dc_tunnels');
    expect(group).toMatch(/name\s+= "\/aws\/vendedlogs\/vpn\/acme-shop-\$\{var\.environment\}-/);
    expect(group).toMatch(/retention_in_days = 90/);
    expect(group).not.toMatch(/kms_key_id/);
    const options = [
      ...vpn.matchAll(/tunnel[12]_log_options \{\s+cloudwatch_log_options \{([^}]*)\}/g),
    ];
    expect(options).toHaveLength(2);
    for (const [, body] of options) {
      expect(body).toMatch(/log_enabled\s+= true/);
      expect(body).toMatch(/log_group_arn\s+= aws_cloudwatch_log_group\.dc_tunnels\.arn/);
      expect(body).toMatch(/log_output_format = "json"/);
    }
  });

  it('encrypts the log group with a connected key, which lets CloudWatch Logs use it', () => {
    const hcl = mainOf(design(true));
    expect(resourceBlock(hcl, 'aws_cloudwatch_log_group', 'dc_tunnels')).toMatch(
      /kms_key_id\s+= aws_kms_key\.key\.arn/,
    );
    expect(resourceBlock(hcl, 'aws_kms_key', 'key')).toMatch(/CloudWatchLogsEncryptsLogGroups/);
  });

  it('tells the README what the on-premises device must offer, and where the logs are', () => {
    const readme = terraformFiles(design(false)).find((f) => f.path === 'README.md')!.content;
    expect(readme).toContain('## Site-to-site VPN tunnels');
    expect(readme).toContain('IKEv2 only');
    expect(readme).toContain('`terraform output -raw dc_tunnel_log_group`');
  });

  it('raises no policy finding and passes the schema check', async () => {
    const r = generate(design(true), { format: 'terraform' });
    expect(r.ok ? r.policy.map((f) => f.rule) : r.issues).toEqual([]);
    expect(await checkOutput(terraformFiles(design(true)), sharedOrBundledSchemas())).toEqual([]);
  });
});
