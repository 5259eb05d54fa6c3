import { describe, expect, it } from 'vitest';
import { mainTf, smallDesign } from '../../testing/small-design';

/** A load balancer's group reaches its targets in the VPC, not the internet (tfsec aws-ec2-no-public-egress-sgr). */
const block = (tf: string, type: string, name: string) =>
  new RegExp(`resource "${type}" "${name}" \\{[\\s\\S]*?\\n\\}`).exec(tf)?.[0];

describe('aws: load balancer egress', () => {
  it.each(['aws.alb', 'aws.nlb'])(
    '%s sends only to the VPC; its target keeps open egress',
    (lb) => {
      const tf = mainTf(
        smallDesign({
          cloud: 'aws',
          components: [
            { id: 'lb', service: lb, name: 'edge', group: 'sn-0', properties: { public: true } },
            { id: 'web', service: 'aws.ec2', name: 'web', group: 'sn-1' },
          ],
          connections: [
            { from: 'lb', to: 'sn-1', type: 'placement' },
            { from: 'lb', to: 'web', type: 'traffic', port: 8080 },
          ],
        }),
      );
      expect(block(tf, 'aws_vpc_security_group_egress_rule', 'lb_all_out')).toBeUndefined();
      expect(block(tf, 'aws_vpc_security_group_egress_rule', 'lb_to_vpc')).toMatch(
        /cidr_ipv4\s+= aws_vpc\.net\.cidr_block/,
      );
      expect(block(tf, 'aws_vpc_security_group_egress_rule', 'web_all_out')).toMatch(
        /cidr_ipv4\s+= "0\.0\.0\.0\/0"/,
      );
    },
  );
});
