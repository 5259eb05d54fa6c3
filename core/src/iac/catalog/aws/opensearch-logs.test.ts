import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/** OpenSearch domains publish their error and slow logs to CloudWatch, which lets them write. */
const design = (withKey: boolean) =>
  smallDesign({
    cloud: 'aws',
    components: [
      { id: 'search', service: 'aws.opensearch', name: 'logs', group: 'sn-0' },
      { id: 'other', service: 'aws.opensearch', name: 'docs', group: 'sn-0' },
      ...(withKey ? [{ id: 'key', service: 'aws.kms', name: 'main' }] : []),
    ],
    connections: withKey ? [{ from: 'search', to: 'key', type: 'data' }] : [],
  });

const LOGS = [
  ['ES_APPLICATION_LOGS', 'application'],
  ['SEARCH_SLOW_LOGS', 'search'],
  ['INDEX_SLOW_LOGS', 'index'],
] as const;

describe('aws: OpenSearch domain logs', () => {
  it('publishes application, search-slow and index-slow logs to groups kept 90 days', async () => {
    const hcl = mainTf(design(false));
    const domain = resourceBlock(hcl, 'aws_opensearch_domain', 'search');
    for (const [type, log] of LOGS) {
      expect(domain).toMatch(
        new RegExp(
          `log_publishing_options \\{\\s+log_type\\s+= "${type}"\\s+cloudwatch_log_group_arn = aws_cloudwatch_log_group\\.search_${log}_logs\\.arn\\s+enabled\\s+= true`,
        ),
      );
      const group = resourceBlock(hcl, 'aws_cloudwatch_log_group', `search_${log}_logs`);
      expect(group).toContain(
        `name              = "/aws/OpenSearchService/domains/acme-shop-\${var.environment}-search-logs/${log}-logs"`,
      );
      expect(group).toMatch(/retention_in_days = 90/);
      expect(group).not.toContain('kms_key_id');
    }
    // Audit logs need fine-grained access control, which the domain does not turn on.
    expect(domain).not.toContain('AUDIT_LOGS');
    expect(await checkOutput(terraformFiles(design(false)), sharedOrBundledSchemas())).toEqual([]);
  });

  it('lets OpenSearch write through one resource policy for every domain, which they wait for', () => {
    const hcl = mainTf(design(false));
    expect(hcl.match(/resource "aws_cloudwatch_log_resource_policy"/g)).toHaveLength(1);
    const policy = resourceBlock(hcl, 'aws_cloudwatch_log_resource_policy', 'opensearch');
    expect(policy).toContain('Service = "es.amazonaws.com"');
    expect(policy).toContain('Action   = ["logs:PutLogEvents", "logs:CreateLogStream"]');
    expect(policy).toContain(':log-group:/aws/OpenSearchService/domains/*"');
    expect(policy).toMatch(/"aws:SourceAccount" = data\.aws_caller_identity\.current\.account_id/);
    expect(policy).toContain(
      ':es:${var.region}:${data.aws_caller_identity.current.account_id}:domain/*"',
    );
    for (const domain of ['search', 'other'])
      expect(resourceBlock(hcl, 'aws_opensearch_domain', domain)).toMatch(
        /depends_on = \[aws_cloudwatch_log_resource_policy\.opensearch\]/,
      );
  });

  it("encrypts the groups with the domain's key, which lets CloudWatch Logs use it", async () => {
    const hcl = mainTf(design(true));
    for (const [, log] of LOGS)
      expect(resourceBlock(hcl, 'aws_cloudwatch_log_group', `search_${log}_logs`)).toMatch(
        /kms_key_id\s+= aws_kms_key\.key\.arn/,
      );
    expect(resourceBlock(hcl, 'aws_kms_key', 'key')).toContain(
      'Sid    = "CloudWatchLogsEncryptsLogGroups"',
    );
    expect(await checkOutput(terraformFiles(design(true)), sharedOrBundledSchemas())).toEqual([]);
  });
});
