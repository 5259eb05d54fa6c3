import { describe, expect, it } from 'vitest';
import { mainTf, resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * A Lambda function is created after its role's managed policy is attached, as the provider's
 * documentation orders it: a function in a VPC is refused at creation while its role cannot yet
 * create network interfaces (AWSLambdaVPCAccessExecutionRole), and one outside logs nothing
 * until AWSLambdaBasicExecutionRole is attached. Before, both were created side by side.
 */
describe('aws: a Lambda function waits for its execution role policy', () => {
  const hcl = mainTf(
    smallDesign({
      cloud: 'aws',
      components: [
        { id: 'inside', service: 'aws.lambda', name: 'inside', group: 'sn-0' },
        { id: 'outside', service: 'aws.lambda', name: 'outside' },
      ],
    }),
  );

  it.each([
    ['inside', 'AWSLambdaVPCAccessExecutionRole'],
    ['outside', 'AWSLambdaBasicExecutionRole'],
  ])('%s a VPC: after %s is attached', (name, policy) => {
    expect(resourceBlock(hcl, 'aws_iam_role_policy_attachment', `${name}_1`)).toContain(policy);
    expect(resourceBlock(hcl, 'aws_lambda_function', name)).toContain(
      `depends_on = [aws_cloudwatch_log_group.${name}, aws_iam_role_policy_attachment.${name}_1]`,
    );
  });
});
