import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An account has one OpenSearch service-linked role: every environment's stack managing it fails
 * where it exists, and destroying one environment would delete it under the others.
 */
const design = (properties: Record<string, unknown> = {}) =>
  smallDesign({
    cloud: 'aws',
    components: [
      { id: 'search', service: 'aws.opensearch', name: 'logs', group: 'sn-0', properties },
    ],
  });
const readmeOf = (d: unknown) => terraformFiles(d).find((f) => f.path === 'README.md')!.content;

describe('aws: the OpenSearch service-linked role', () => {
  it('is left to the account: no stack creates it, the domain waits for its log policy only', () => {
    const hcl = mainTf(design());
    expect(hcl).not.toContain('aws_iam_service_linked_role');
    expect(resourceBlock(hcl, 'aws_opensearch_domain', 'search')).toMatch(
      /depends_on = \[aws_cloudwatch_log_resource_policy\.opensearch\]/,
    );
  });

  it('says in the README how OpenSearch gets it, and how to create it once per account', () => {
    const readme = readmeOf(design());
    expect(readme).toContain('## Account setup');
    expect(readme).toContain('`iam:CreateServiceLinkedRole`');
    expect(readme).toContain(
      'aws iam create-service-linked-role --aws-service-name opensearchservice.amazonaws.com',
    );
    expect(readme.indexOf('## Account setup')).toBeLessThan(readme.indexOf('## Use'));
  });

  it('is managed by the stack only on request, and the domain then waits for it', () => {
    const d = design({ createServiceLinkedRole: true });
    const hcl = mainTf(d);
    expect(resourceBlock(hcl, 'aws_iam_service_linked_role', 'opensearch')).toContain(
      'aws_service_name = "opensearchservice.amazonaws.com"',
    );
    expect(resourceBlock(hcl, 'aws_opensearch_domain', 'search')).toContain(
      'depends_on = [aws_iam_service_linked_role.opensearch, aws_cloudwatch_log_resource_policy.opensearch]',
    );
    expect(readmeOf(d)).not.toContain('## Account setup');
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design()))).toEqual([]);
  });
});
