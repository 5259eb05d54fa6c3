import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An IAM role connected to an ECR repository pulls from it: a pull starts with a registry token,
 * which IAM grants on `*` only, beside the pull actions the connection grants on the repository.
 */
const design = smallDesign({
  cloud: 'aws',
  components: [
    { id: 'ci', service: 'aws.iam-role', name: 'ci-deploy' },
    { id: 'images', service: 'aws.ecr', name: 'images' },
  ],
  connections: [{ from: 'ci', to: 'images', type: 'data' }],
});

describe('aws: an IAM role connected to an ECR repository', () => {
  const hcl = mainTf(design);

  it('gets the registry token a pull starts with', () => {
    expect(resourceBlock(hcl, 'aws_iam_role_policy', 'ci_registry')).toMatch(
      /Action\s+= \["ecr:GetAuthorizationToken"\]\n\s+Resource = "\*"/,
    );
  });

  it('and the pull itself on that repository', () => {
    expect(hcl).toMatch(
      /Action\s+= \["ecr:BatchGetImage", "ecr:GetDownloadUrlForLayer", "ecr:BatchCheckLayerAvailability"\]\n\s+Resource = \[aws_ecr_repository\.images\.arn\]/,
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
