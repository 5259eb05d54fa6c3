import { describe, expect, it } from 'vitest';
import { block, call, obj, ref, type TTfValue } from '../../ir/terraform-ir';
import { tf, tfAddresses } from '../testing/ir';
import {
  awsEncryptedAtRest,
  ec2Imdsv2,
  efsTlsOnly,
  s3PublicAccessBlock,
  s3TlsOnly,
} from './baseline';

describe('aws-s3-public-access-block', () => {
  const bucket = tf('aws_s3_bucket', 'assets', {});
  const guard = (flags: Record<string, boolean>) =>
    tf('aws_s3_bucket_public_access_block', 'assets', {
      bucket: ref('aws_s3_bucket.assets', 'id'),
      ...flags,
    });
  const all = {
    block_public_acls: true,
    block_public_policy: true,
    ignore_public_acls: true,
    restrict_public_buckets: true,
  };

  it('flags a bucket with no block, or with one setting off', () => {
    expect(tfAddresses(s3PublicAccessBlock, [bucket])).toEqual(['aws_s3_bucket.assets']);
    expect(
      tfAddresses(s3PublicAccessBlock, [bucket, guard({ ...all, block_public_policy: false })]),
    ).toEqual(['aws_s3_bucket.assets']);
  });

  it('passes a bucket with all four settings on', () => {
    expect(tfAddresses(s3PublicAccessBlock, [bucket, guard(all)])).toEqual([]);
  });
});

/** A store and its resource policy, whose one statement has this effect on aws:SecureTransport. */
const TLS_ONLY = [
  {
    rule: s3TlsOnly,
    store: tf('aws_s3_bucket', 'assets', {}),
    policy: (statement: Record<string, TTfValue>) =>
      tf('aws_s3_bucket_policy', 'assets', {
        bucket: ref('aws_s3_bucket.assets', 'id'),
        policy: call('jsonencode', obj({ Version: '2012-10-17', Statement: [obj(statement)] })),
      }),
    principal: '*' as TTfValue,
    action: 's3:*',
  },
  {
    rule: efsTlsOnly,
    store: tf('aws_efs_file_system', 'shared', {}),
    policy: (statement: Record<string, TTfValue>) =>
      tf('aws_efs_file_system_policy', 'shared', {
        file_system_id: ref('aws_efs_file_system.shared', 'id'),
        policy: call('jsonencode', obj({ Version: '2012-10-17', Statement: [obj(statement)] })),
      }),
    principal: obj({ AWS: '*' }) as TTfValue,
    action: '*',
  },
];

describe.each(TLS_ONLY)('$rule.id', ({ rule, store, policy, principal, action }) => {
  const address = `${store.type}.${store.name}`;
  const withStatement = (effect: string, secure: string) =>
    policy({
      Effect: effect,
      Principal: principal,
      Action: action,
      Condition: obj({ Bool: obj({ 'aws:SecureTransport': secure }) }),
    });

  it('flags a store with no policy, or one that does not deny requests without TLS', () => {
    expect(tfAddresses(rule, [store])).toEqual([address]);
    expect(tfAddresses(rule, [store, withStatement('Allow', 'false')])).toEqual([address]);
    expect(tfAddresses(rule, [store, withStatement('Deny', 'true')])).toEqual([address]);
  });

  it('passes a store whose policy denies aws:SecureTransport false', () => {
    expect(tfAddresses(rule, [store, withStatement('Deny', 'false')])).toEqual([]);
  });
});

describe('aws-ec2-imdsv2', () => {
  it('flags instances and launch templates that answer IMDSv1', () => {
    const vm = tf('aws_instance', 'vm', {});
    const lt = tf('aws_launch_template', 'lt', {
      metadata_options: block({ http_tokens: 'optional' }),
    });
    expect(tfAddresses(ec2Imdsv2, [vm, lt])).toEqual(['aws_instance.vm', 'aws_launch_template.lt']);
  });

  it('passes http_tokens = required', () => {
    const vm = tf('aws_instance', 'vm', { metadata_options: block({ http_tokens: 'required' }) });
    expect(tfAddresses(ec2Imdsv2, [vm])).toEqual([]);
  });
});

describe('aws-encrypted-at-rest', () => {
  it('flags unencrypted databases, volumes and caches', () => {
    const found = tfAddresses(awsEncryptedAtRest, [
      tf('aws_db_instance', 'db', {}),
      tf('aws_ebs_volume', 'disk', { encrypted: false }),
      tf('aws_elasticache_replication_group', 'cache', {}),
    ]);
    expect(found).toEqual([
      'aws_db_instance.db',
      'aws_ebs_volume.disk',
      'aws_elasticache_replication_group.cache',
    ]);
  });

  it('passes encrypted ones', () => {
    const found = tfAddresses(awsEncryptedAtRest, [
      tf('aws_db_instance', 'db', { storage_encrypted: true }),
      tf('aws_ebs_volume', 'disk', { encrypted: true }),
      tf('aws_elasticache_replication_group', 'cache', { at_rest_encryption_enabled: true }),
    ]);
    expect(found).toEqual([]);
  });
});
