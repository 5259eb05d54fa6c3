import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A VM or scaling group with a data connection to an ECR repository pulls from it with its own
 * role, and a pull starts with a registry token (`aws ecr get-login-password`), which IAM grants
 * on `*` only. ECS tasks and App Runner services do not pull with the role that has the data
 * connection (the execution role, the access role do), so theirs gets no token.
 */
describe('aws: VMs pulling from a connected ECR repository', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'vm', service: 'aws.ec2', name: 'vm', group: 'sn-0' },
      { id: 'web', service: 'aws.autoscaling-group', name: 'web', group: 'sn-0' },
      { id: 'api', service: 'aws.ecs-fargate', name: 'api', group: 'sn-0' },
      { id: 'repo', service: 'aws.ecr', name: 'repo' },
    ],
    connections: ['vm', 'web', 'api'].map((from) => ({ from, to: 'repo', type: 'data' })),
  });
  const hcl = mainTf(design);

  it('lets each VM role get a registry token, beside pulling from the repository', () => {
    for (const vm of ['vm', 'web']) {
      expect(resourceBlock(hcl, 'aws_iam_role_policy', `${vm}_data`)).toMatch(
        /"ecr:BatchGetImage"/,
      );
      expect(resourceBlock(hcl, 'aws_iam_role_policy', `${vm}_registry`)).toMatch(
        /Action\s+= \["ecr:GetAuthorizationToken"\]\n\s+Resource = "\*"/,
      );
    }
  });

  it('gives an ECS task role no token and no pull: its execution role pulls', () => {
    expect(hcl).not.toMatch(/resource "aws_iam_role_policy" "api_task_registry"/);
    expect(hcl).not.toMatch(/resource "aws_iam_role_policy" "api_task_data"/);
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
