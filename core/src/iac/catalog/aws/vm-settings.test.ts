import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/** Code on a VM finds the stores it is connected to, as a function does (decision 0033). */
describe('aws: connection settings of EC2 instances and Auto Scaling groups', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'web', service: 'aws.ec2', name: 'web', group: 'sn-0' },
      { id: 'fleet', service: 'aws.autoscaling-group', name: 'fleet', group: 'sn-0' },
      { id: 'lone', service: 'aws.ec2', name: 'lone', group: 'sn-1' },
      { id: 'orders', service: 'aws.rds-postgresql', name: 'orders', group: 'sn-0' },
      { id: 'jobs', service: 'aws.sqs', name: 'jobs' },
    ],
    connections: [
      { from: 'web', to: 'orders', type: 'data' },
      { from: 'web', to: 'jobs', type: 'data' },
      { from: 'fleet', to: 'jobs', type: 'data' },
      { from: 'orders', to: 'sn-1', type: 'placement' },
    ],
  });
  const hcl = mainTf(design);
  const block = (address: string) =>
    resourceBlock(hcl, ...(address.split('.') as [string, string]));

  it('writes each setting as a SecureString parameter under /config/<Name tag>/', () => {
    const host = block('aws_ssm_parameter.web_orders_host');
    expect(host).toMatch(
      /name\s+= "\/config\/acme-shop-\$\{var\.environment\}-ec2-web\/ORDERS_HOST"/,
    );
    expect(host).toMatch(/type\s+= "SecureString"/);
    expect(host).toMatch(/value\s+= aws_db_instance\.orders\.address/);
    expect(block('aws_ssm_parameter.web_orders_port')).toMatch(
      /value\s+= aws_db_instance\.orders\.port/,
    );
    expect(block('aws_ssm_parameter.web_jobs_queue_url')).toMatch(
      /value\s+= aws_sqs_queue\.jobs\.url/,
    );
    expect(block('aws_ssm_parameter.fleet_jobs_queue_url')).toMatch(
      /name\s+= "\/config\/acme-shop-\$\{var\.environment\}-asg-fleet\/JOBS_QUEUE_URL"/,
    );
    // The instance reads its Name tag, the path, from its metadata.
    expect(block('aws_instance.web')).toMatch(/instance_metadata_tags = "enabled"/);
    expect(block('aws_launch_template.fleet')).toMatch(/instance_metadata_tags = "enabled"/);
  });

  it('lets the role read its own path and nothing else', () => {
    const policy = block('aws_iam_role_policy.web_settings');
    expect(policy).toMatch(/role\s+= aws_iam_role\.web\.id/);
    expect(policy).toContain(
      '"arn:${data.aws_partition.current.partition}:ssm:${var.region}:${data.aws_caller_identity.current.account_id}:parameter/config/acme-shop-${var.environment}-ec2-web"',
    );
    expect(policy).toMatch(/Action\s+= \["ssm:GetParametersByPath"\]/);
    expect(policy).toMatch(/Action\s+= \["ssm:GetParameter", "ssm:GetParameters"\]/);
    expect(policy).toContain('parameter/config/acme-shop-${var.environment}-ec2-web/*"');
  });

  it('writes nothing for an instance without data connections', () => {
    expect(hcl).not.toMatch(/aws_ssm_parameter\.lone_|aws_iam_role_policy" "lone_settings"/);
  });

  it('says in the README where the instances that have settings read them', () => {
    const readme = terraformFiles(design).find((f) => f.path === 'README.md')!.content;
    expect(readme).toContain('## Connection settings');
    expect(readme).toContain('- `web` (EC2 instance)\n- `fleet` (Auto Scaling group)\n');
    expect(readme).not.toContain('`lone`');
    expect(readme).toContain(
      'aws ssm get-parameters-by-path --path "/config/$NAME" --with-decryption',
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
