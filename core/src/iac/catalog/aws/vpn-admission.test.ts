import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * On-premises traffic a site-to-site VPN routes into the VPC is admitted where the VPN is
 * connected, on that component's ports, and nowhere else: the route alone admits nothing.
 */
const subnet = (id: string, cidr: string, zone: string) => ({
  id,
  service: 'aws.subnet',
  name: id,
  parent: 'net',
  properties: { cidr, zone },
});

const design = (connections: Record<string, unknown>[]) =>
  smallDesign({
    cloud: 'aws',
    groups: [
      { id: 'net', service: 'aws.vpc', name: 'main', properties: { cidr: '10.20.0.0/16' } },
      subnet('sn-0', '10.20.10.0/24', '0'),
      subnet('sn-1', '10.20.11.0/24', '1'),
    ],
    components: [
      {
        id: 'office',
        service: 'aws.vpn',
        name: 'office',
        group: 'net',
        properties: { customerIp: '203.0.113.25', onPremCidr: '172.16.0.0/12' },
      },
      { id: 'k8s', service: 'aws.eks', name: 'apps', group: 'sn-0' },
      { id: 'ledger', service: 'aws.rds-postgresql', name: 'ledger', group: 'sn-1' },
      { id: 'cache', service: 'aws.elasticache', name: 'cache', group: 'sn-1' },
      { id: 'vm', service: 'aws.ec2', name: 'worker', group: 'sn-0' },
    ],
    connections: [{ from: 'k8s', to: 'sn-1', type: 'placement' }, ...connections],
  });

const ON_PREMISES = 'aws_vpn_connection_route.office.destination_cidr_block';

/** Every security group ingress rule: `<rule>: <group> <source> <from>-<to>`. */
function ingress(hcl: string): string[] {
  return [
    ...hcl.matchAll(/resource "aws_vpc_security_group_ingress_rule" "(\w+)" \{\n([\s\S]*?)\n\}\n/g),
  ].map(([, name, body]) => {
    const field = (key: string) => new RegExp(`\\b${key}\\s+= (.+)`).exec(body!)?.[1];
    const source = field('cidr_ipv4') ?? field('referenced_security_group_id');
    return `${name}: ${field('security_group_id')} ${source} ${field('from_port')}-${field('to_port')}`;
  });
}

describe('aws: traffic from on-premises through a site-to-site VPN', () => {
  const connected = design([
    { from: 'office', to: 'k8s', type: 'traffic' },
    { from: 'office', to: 'k8s', type: 'traffic', port: 30080 },
    { from: 'office', to: 'ledger', type: 'data' },
    { from: 'vm', to: 'cache', type: 'data' },
  ]);
  const hcl = mainTf(connected);

  it('is admitted by the components the VPN is connected to, on their ports only', () => {
    expect(ingress(hcl).filter((r) => r.includes(ON_PREMISES))).toEqual([
      // The cluster's own group admits its API; a node port is the nodes' (the cluster group).
      `k8s_from_office_443: aws_security_group.k8s_sg.id ${ON_PREMISES} 443-443`,
      `k8s_from_office_30080: aws_eks_cluster.k8s.vpc_config[0].cluster_security_group_id ${ON_PREMISES} 30080-30080`,
      `ledger_from_office_5432: aws_security_group.ledger_sg.id ${ON_PREMISES} 5432-5432`,
    ]);
    expect(
      resourceBlock(hcl, 'aws_vpc_security_group_ingress_rule', 'ledger_from_office_5432'),
    ).toContain('description       = "From on-premises through office on 5432"');
  });

  it('is admitted nowhere the VPN is not connected to, and never from anywhere', () => {
    const rules = ingress(hcl);
    expect(rules.filter((r) => r.startsWith('cache_'))).toEqual([
      'cache_from_vm_6379: aws_security_group.cache_sg.id aws_security_group.vm_sg.id 6379-6379',
    ]);
    const wide = rules.filter((r) => / ("0\.0\.0\.0\/0"|aws_vpc\.net\.cidr_block) /.test(r));
    expect(wide).toEqual([]);
    const unconnected = mainTf(design([]));
    expect(ingress(unconnected).filter((r) => r.includes(ON_PREMISES))).toEqual([]);
  });

  it('still propagates the on-premises route', () => {
    expect(hcl).toContain('resource "aws_vpn_gateway_route_propagation" "office_main"');
  });

  it('passes the schema check in the modules layout', async () => {
    const files = terraformFiles(connected, 'modules');
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
  });
});
