import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A WAF web ACL logs the requests it inspects: AWS WAF keeps no logs unless told, so a blocked
 * attack or a legitimate client blocked by a managed rule left nothing to look at.
 */
describe('aws: WAF request logs', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'waf', service: 'aws.waf', name: 'edge' },
      { id: 'lb', service: 'aws.alb', name: 'web', group: 'sn-0' },
      { id: 'vm', service: 'aws.ec2', name: 'web', group: 'sn-0' },
    ],
    connections: [
      { from: 'waf', to: 'lb', type: 'traffic' },
      { from: 'lb', to: 'sn-1', type: 'placement' },
      { from: 'lb', to: 'vm', type: 'traffic' },
    ],
  });
  const hcl = mainTf(design);

  it('writes them to a log group named as WAF requires, with a retention', () => {
    const group = resourceBlock(hcl, 'aws_cloudwatch_log_group', 'waf_requests');
    expect(group).toMatch(/name\s+= "aws-waf-logs-acme-shop-\$\{var\.environment\}-waf-edge"/);
    expect(group).toMatch(/retention_in_days = 90/);
    const logging = resourceBlock(hcl, 'aws_wafv2_web_acl_logging_configuration', 'waf');
    expect(logging).toMatch(/resource_arn\s+= aws_wafv2_web_acl\.waf\.arn/);
    expect(logging).toMatch(
      /log_destination_configs = \[aws_cloudwatch_log_group\.waf_requests\.arn\]/,
    );
  });

  it('keeps credentials out of them', () => {
    const logging = resourceBlock(hcl, 'aws_wafv2_web_acl_logging_configuration', 'waf');
    expect(logging).toMatch(/single_header \{\n\s+name = "authorization"/);
    expect(logging).toMatch(/single_header \{\n\s+name = "cookie"/);
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
