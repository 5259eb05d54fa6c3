import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, smallDesign, terraformFiles } from '../../testing/small-design';

/** A Keyspaces table: its schema, capacity and encryption, and what connected compute may do. */
describe('aws: Keyspaces', () => {
  const design = (properties: Record<string, unknown>, withKey: boolean) =>
    smallDesign({
      cloud: 'aws',
      components: [
        { id: 'fn', service: 'aws.lambda', name: 'fn' },
        { id: 'ks', service: 'aws.keyspaces', name: 'telemetry', properties },
        { id: 'key', service: 'aws.kms', name: 'key' },
      ],
      connections: [
        { from: 'fn', to: 'ks', type: 'data' },
        ...(withKey ? [{ from: 'ks', to: 'key', type: 'data' }] : []),
      ],
    });
  const provisioned = design(
    {
      capacityMode: 'PROVISIONED',
      readCapacity: 10,
      writeCapacity: 20,
      ttl: true,
      defaultTtl: 3600,
    },
    true,
  );

  it('creates the table with its schema, recovery and the connected key', () => {
    const hcl = mainTf(provisioned);
    expect(hcl).toMatch(/keyspace_name\s+= aws_keyspaces_keyspace\.ks\.name/);
    expect(hcl).toMatch(/column \{\s+name = "device_id"\s+type = "text"\s+\}/);
    expect(hcl).toMatch(/partition_key \{\s+name = "device_id"\s+\}/);
    expect(hcl).toMatch(/clustering_key \{\s+name\s+= "ts"\s+order_by = "DESC"\s+\}/);
    expect(hcl).toMatch(
      /capacity_specification \{\s+throughput_mode\s+= "PROVISIONED"\s+read_capacity_units\s+= 10\s+write_capacity_units = 20/,
    );
    expect(hcl).toMatch(/point_in_time_recovery \{\s+status = "ENABLED"/);
    expect(hcl).toMatch(
      /encryption_specification \{\s+type\s+= "CUSTOMER_MANAGED_KMS_KEY"\s+kms_key_identifier = aws_kms_key\.key\.arn/,
    );
    expect(hcl).toMatch(/ttl \{\s+status = "ENABLED"/);
    expect(hcl).toMatch(/default_time_to_live = 3600/);
  });

  it('uses an AWS-owned key and on-demand capacity by default, without TTL', () => {
    const hcl = mainTf(design({}, false));
    expect(hcl).toMatch(/encryption_specification \{\s+type = "AWS_OWNED_KMS_KEY"/);
    expect(hcl).toMatch(/throughput_mode = "PAY_PER_REQUEST"/);
    expect(hcl).not.toMatch(/ttl \{|default_time_to_live/);
  });

  it('lets connected compute select and modify rows of the table, and read the system tables', () => {
    const hcl = mainTf(provisioned);
    expect(hcl).toMatch(
      /Action\s+= \["cassandra:Select", "cassandra:Modify"\]\s+Resource = \[aws_keyspaces_table\.ks\.arn\]/,
    );
    expect(hcl).toMatch(
      /Action\s+= \["cassandra:Select"\]\s+Resource = \["arn:[^"]*:\/keyspace\/system\*"\]/,
    );
    expect(hcl).not.toMatch(/cassandra:\*/);
    expect(hcl).toMatch(/KS_TABLE\s+= aws_keyspaces_table\.ks\.table_name/);
  });

  it('validates against the pinned provider schema', async () => {
    expect(await checkOutput(terraformFiles(provisioned))).toEqual([]);
  });
});
