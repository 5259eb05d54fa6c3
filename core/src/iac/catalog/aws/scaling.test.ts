import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, smallDesign, terraformFiles } from '../../testing/small-design';

/** Fleets that scale by themselves, and applies that do not undo what the scaler did. */
describe('aws: scaling and redeploys', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'web', service: 'aws.autoscaling-group', name: 'web', group: 'sn-0' },
      { id: 'fn', service: 'aws.lambda', name: 'fn' },
    ],
    connections: [{ from: 'web', to: 'sn-1', type: 'placement' }],
  });

  it('gives an auto scaling group a CPU target tracking policy and leaves its size to it', async () => {
    const hcl = mainTf(design);
    expect(hcl).toMatch(/resource "aws_autoscaling_policy" "web_cpu"/);
    expect(hcl).toMatch(/policy_type\s+= "TargetTrackingScaling"/);
    expect(hcl).toMatch(/predefined_metric_type = "ASGAverageCPUUtilization"/);
    expect(hcl).toMatch(/target_value = 60/);
    expect(hcl).toMatch(/lifecycle \{\n\s+ignore_changes = \[desired_capacity\]\n\s+\}/);
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });

  it('redeploys a Lambda function when its package changes', () => {
    expect(mainTf(design)).toMatch(/source_code_hash\s+= filebase64sha256\(var\.fn_package\)/);
  });
});
