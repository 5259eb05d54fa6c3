import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A Redshift cluster keeps audit logs (connections, user changes, queries) in CloudWatch Logs:
 * Redshift logs nothing by default, so no one could tell who signed in or what they ran.
 */
describe('aws: Redshift audit logs', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'dw', service: 'aws.redshift', name: 'clicks', group: 'sn-0' },
      { id: 'key', service: 'aws.kms', name: 'key' },
    ],
    connections: [{ from: 'dw', to: 'key', type: 'data' }],
  });
  const hcl = mainTf(design);

  it('exports the connection, user and user activity logs to CloudWatch', () => {
    const logging = resourceBlock(hcl, 'aws_redshift_logging', 'dw');
    expect(logging).toMatch(/cluster_identifier\s+= aws_redshift_cluster\.dw\.cluster_identifier/);
    expect(logging).toMatch(/log_destination_type = "cloudwatch"/);
    expect(logging).toMatch(/log_exports\s+= \["connectionlog", "userlog", "useractivitylog"\]/);
    expect(resourceBlock(hcl, 'aws_redshift_parameter_group', 'dw')).toMatch(
      /name\s+= "enable_user_activity_logging"\n\s+value = "true"/,
    );
  });

  it('makes the log groups first, with a retention and the connected key', () => {
    const group = resourceBlock(hcl, 'aws_cloudwatch_log_group', 'dw_useractivitylog');
    expect(group).toMatch(
      /name\s+= "\/aws\/redshift\/cluster\/acme-shop-\$\{var\.environment\}-dw-clicks\/useractivitylog"/,
    );
    expect(group).toMatch(/retention_in_days = 90/);
    expect(group).toMatch(/kms_key_id\s+= aws_kms_key\.key\.arn/);
    expect(resourceBlock(hcl, 'aws_redshift_logging', 'dw')).toMatch(
      /depends_on\s+= \[aws_cloudwatch_log_group\.dw_connectionlog, aws_cloudwatch_log_group\.dw_userlog, aws_cloudwatch_log_group\.dw_useractivitylog\]/,
    );
    // CloudWatch Logs may use the key for them.
    expect(resourceBlock(hcl, 'aws_kms_key', 'key')).toContain('CloudWatchLogsEncryptsLogGroups');
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
