import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/** An ALB drops headers that are not valid HTTP (tfsec aws-elb-drop-invalid-headers). */
const design = (lb: string) =>
  smallDesign({
    cloud: 'aws',
    components: [
      { id: 'lb', service: lb, name: 'edge', group: 'sn-0' },
      { id: 'web', service: 'aws.ec2', name: 'web', group: 'sn-1' },
    ],
    connections: [
      { from: 'lb', to: 'sn-1', type: 'placement' },
      { from: 'lb', to: 'web', type: 'traffic', port: 8080 },
    ],
  });

describe('aws: invalid HTTP headers at the load balancer', () => {
  it('has every ALB drop them, with no finding, and passes the schema check', async () => {
    const files = terraformFiles(design('aws.alb'));
    const main = files.find((f) => f.path === 'main.tf')!.content;
    expect(resourceBlock(main, 'aws_lb', 'lb')).toMatch(/drop_invalid_header_fields = true/);
    const r = generate(design('aws.alb'), { format: 'terraform' });
    expect(r.ok ? r.policy.map((f) => f.rule) : r.issues).toEqual([]);
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
  });

  it('leaves the argument off network load balancers, which do not take it', () => {
    const main = terraformFiles(design('aws.nlb')).find((f) => f.path === 'main.tf')!.content;
    expect(resourceBlock(main, 'aws_lb', 'lb')).not.toMatch(/drop_invalid_header_fields/);
  });
});
