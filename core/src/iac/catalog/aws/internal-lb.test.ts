import { describe, expect, it } from 'vitest';
import { readExample } from '@stratum/cli/testing/fixtures';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/** A load balancer that is not public is internal and opens no listener to the internet. */
const allTf = (design: unknown): string =>
  terraformFiles(design, 'single')
    .filter((f) => f.path.endsWith('.tf'))
    .map((f) => f.content)
    .join('\n');

describe('aws: internal load balancers', () => {
  it.each(['aws.alb', 'aws.nlb'])('%s with public false is internal, with no 0.0.0.0/0', (lb) => {
    const hcl = allTf(
      smallDesign({
        cloud: 'aws',
        components: [
          { id: 'lb', service: lb, name: 'edge', group: 'sn-0', properties: { public: false } },
          { id: 'web', service: 'aws.ec2', name: 'web', group: 'sn-1' },
        ],
        connections: [
          { from: 'lb', to: 'sn-1', type: 'placement' },
          { from: 'lb', to: 'web', type: 'traffic', port: 8080 },
        ],
      }),
    );
    expect(resourceBlock(hcl, 'aws_lb', 'lb')).toMatch(/internal\s+= true/);
    const ingress = hcl
      .split('\n\n')
      .filter((b) => b.includes('security_group_id = aws_security_group.lb_sg.id'))
      .filter((b) => b.startsWith('resource "aws_vpc_security_group_ingress_rule"'));
    expect(ingress.join('\n')).not.toContain('0.0.0.0/0');
  });

  it("keeps aws-kubernetes-platform's internal gateway off the internet, reached from on-premises", () => {
    const hcl = allTf(readExample('aws-kubernetes-platform.json'));
    const nlb = resourceBlock(hcl, 'aws_lb', 'gateway_nlb');
    expect(nlb).toMatch(/internal\s+= true/);
    // In the private node subnets, not the public edge ones.
    expect(nlb).toMatch(/subnets\s+= \[aws_subnet\.nodes_a\.id, aws_subnet\.nodes_b\.id\]/);
    const ingress = [
      ...hcl.matchAll(/resource "aws_vpc_security_group_ingress_rule" "(gateway_nlb_[^"]+)"/g),
    ];
    expect(ingress.map(([, name]) => name)).toEqual(['gateway_nlb_from_dc_vpn_443']);
    expect(
      resourceBlock(hcl, 'aws_vpc_security_group_ingress_rule', 'gateway_nlb_from_dc_vpn_443'),
    ).toMatch(/cidr_ipv4\s+= aws_vpn_connection_route\.dc_vpn\.destination_cidr_block/);
  });
});
