import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, smallDesign, terraformFiles } from '../../testing/small-design';

/** An Aurora DSQL cluster: IAM authentication only, protected, encrypted with its key. */
describe('aws: Aurora DSQL', () => {
  const design = (withKey: boolean) =>
    smallDesign({
      cloud: 'aws',
      components: [
        { id: 'fn', service: 'aws.lambda', name: 'fn' },
        { id: 'db', service: 'aws.dsql', name: 'ledger' },
        { id: 'key', service: 'aws.kms', name: 'key' },
      ],
      connections: [
        { from: 'fn', to: 'db', type: 'data' },
        ...(withKey ? [{ from: 'db', to: 'key', type: 'data' }] : []),
      ],
    });

  it('protects the cluster and encrypts it with the connected key, which lets DSQL use it', () => {
    const hcl = mainTf(design(true));
    expect(hcl).toMatch(
      /resource "aws_dsql_cluster" "db" \{\s+deletion_protection_enabled = true\s+kms_encryption_key\s+= aws_kms_key\.key\.arn/,
    );
    expect(hcl).toMatch(/Service = "dsql\.amazonaws\.com"[\s\S]*"aws:SourceAccount"/);
  });

  it('uses an AWS-owned key without one, and leaves the key policy alone', () => {
    const hcl = mainTf(design(false));
    expect(hcl).toMatch(/kms_encryption_key\s+= "AWS_OWNED_KMS_KEY"/);
    expect(hcl).not.toMatch(/dsql\.amazonaws\.com/);
  });

  it('lets connected compute connect as a custom role, never as admin, and outputs the endpoint', () => {
    const hcl = mainTf(design(true));
    expect(hcl).toMatch(
      /Action\s+= \["dsql:DbConnect"\]\s+Resource = \[aws_dsql_cluster\.db\.arn\]/,
    );
    expect(hcl).not.toMatch(/DbConnectAdmin/);
    expect(hcl).toMatch(
      /DB_HOST\s+= "\$\{aws_dsql_cluster\.db\.identifier\}\.dsql\.\$\{var\.region\}\.on\.aws"/,
    );
    expect(hcl).toMatch(
      /output "db_endpoint" \{\s+description[^\n]*\s+value\s+= "\$\{aws_dsql_cluster\.db\.identifier\}\.dsql\.\$\{var\.region\}\.on\.aws"/,
    );
  });

  it('validates against the pinned provider schema', async () => {
    expect(await checkOutput(terraformFiles(design(true)))).toEqual([]);
  });
});
