import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A site-to-site VPN's on-premises range reaches the subnets only if the virtual private gateway
 * propagates it into their route tables: without it, replies to on-premises follow the default
 * route to the NAT or internet gateway and never enter the tunnel.
 */
const subnet = (id: string, cidr: string, zone: string, isPublic = false) => ({
  id,
  service: 'aws.subnet',
  name: id,
  parent: 'net',
  properties: { cidr, zone, public: isPublic },
});

const design = (nat: boolean) =>
  smallDesign({
    cloud: 'aws',
    groups: [
      { id: 'net', service: 'aws.vpc', name: 'main', properties: { cidr: '10.20.0.0/16' } },
      subnet('edge-a', '10.20.0.0/24', '0', true),
      subnet('app-a', '10.20.10.0/24', '0'),
      subnet('app-b', '10.20.11.0/24', '1'),
    ],
    components: [
      { id: 'igw', service: 'aws.internet-gateway', name: 'main', group: 'net' },
      ...(nat ? [{ id: 'nat', service: 'aws.nat-gateway', name: 'egress', group: 'edge-a' }] : []),
      {
        id: 'dc',
        service: 'aws.vpn',
        name: 'datacentre',
        group: 'net',
        properties: { customerIp: '203.0.113.25', onPremCidr: '172.16.0.0/12' },
      },
    ],
  });

const propagations = (main: string) =>
  [...main.matchAll(/resource "aws_vpn_gateway_route_propagation" "(\w+)" \{\n([^}]*)\}/g)].map(
    (m) => `${m[1]}: ${m[2]!.replace(/\s+/g, ' ').trim()}`,
  );

describe('aws: site-to-site VPN routes in the subnets’ route tables', () => {
  it('propagates the on-premises route into the private and public route tables', () => {
    const main = terraformFiles(design(true)).find((f) => f.path === 'main.tf')!.content;
    expect(propagations(main)).toEqual([
      'dc_igw: vpn_gateway_id = aws_vpn_gateway.dc.id route_table_id = aws_route_table.igw_public.id',
      'dc_nat: vpn_gateway_id = aws_vpn_gateway.dc.id route_table_id = aws_route_table.nat_private.id',
    ]);
  });

  it('uses the VPC’s main route table for subnets without a table of their own', () => {
    const main = terraformFiles(design(false)).find((f) => f.path === 'main.tf')!.content;
    expect(propagations(main)).toEqual([
      'dc_igw: vpn_gateway_id = aws_vpn_gateway.dc.id route_table_id = aws_route_table.igw_public.id',
      'dc_main: vpn_gateway_id = aws_vpn_gateway.dc.id route_table_id = aws_vpc.net.main_route_table_id',
    ]);
  });

  it('passes the schema check in the modules layout', async () => {
    const files = terraformFiles(design(true), 'modules');
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
  });
});
