import { address, attr, blocks, ofType, policyStatements, refAddresses, tfHit } from '../query';
import { defineRule } from '../types';
import type { TTfResource, TTfValue } from '../../ir/terraform-ir';

/** The AWS baseline a reviewer expects of every resource the engine emits. */

const BLOCK_FLAGS = [
  'block_public_acls',
  'block_public_policy',
  'ignore_public_acls',
  'restrict_public_buckets',
] as const;

export const s3PublicAccessBlock = defineRule({
  id: 'aws-s3-public-access-block',
  clouds: ['aws'],
  title: 'S3 buckets block public access',
  checks: 'Every bucket has a public access block with all four settings on.',
  severity: 'high',
  docs: 'https://docs.aws.amazon.com/AmazonS3/latest/userguide/access-control-block-public-access.html',
  source:
    'tfsec aws-s3-block-public-acls (and the three siblings); Checkov CKV_AWS_53–56; CIS AWS 2.1.4',
  terraform: (resources) => {
    const guarded = new Set(
      ofType(resources, 'aws_s3_bucket_public_access_block')
        .filter((g) => BLOCK_FLAGS.every((f) => attr(g.body, f) === true))
        .flatMap((g) => refAddresses(attr(g.body, 'bucket'))),
    );
    return ofType(resources, 'aws_s3_bucket')
      .filter((b) => !guarded.has(address(b)))
      .map((b) => tfHit(b, 'no public access block with all four settings on'));
  },
});

/** An entry of an object value (`Condition`, `Bool`), if it is one. */
const entry = (o: TTfValue | undefined, key: string): TTfValue | undefined =>
  typeof o === 'object' && o !== null && '$' in o && o.$ === 'obj' ? o.entries[key] : undefined;

/**
 * Addresses of what a resource policy of `policyType` (naming its target in `targetArg`) guards
 * with a statement denying requests whose aws:SecureTransport is false.
 */
function tlsGuarded(
  resources: readonly TTfResource[],
  policyType: string,
  targetArg: string,
): Set<string> {
  return new Set(
    ofType(resources, policyType)
      .filter((p) =>
        policyStatements(attr(p.body, 'policy')).some(
          (s) =>
            s.entries['Effect'] === 'Deny' &&
            entry(entry(s.entries['Condition'], 'Bool'), 'aws:SecureTransport') === 'false',
        ),
      )
      .flatMap((p) => refAddresses(attr(p.body, targetArg))),
  );
}

export const s3TlsOnly = defineRule({
  id: 'aws-s3-tls-only',
  clouds: ['aws'],
  title: 'S3 buckets refuse requests without TLS',
  checks: 'Every bucket has a bucket policy denying requests whose aws:SecureTransport is false.',
  severity: 'medium',
  docs: 'https://docs.aws.amazon.com/AmazonS3/latest/userguide/security-best-practices.html',
  source: 'Security Hub S3.5 (AWS Foundational Security Best Practices)',
  terraform: (resources) => {
    const guarded = tlsGuarded(resources, 'aws_s3_bucket_policy', 'bucket');
    return ofType(resources, 'aws_s3_bucket')
      .filter((b) => !guarded.has(address(b)))
      .map((b) => tfHit(b, 'no bucket policy refuses requests without TLS (aws:SecureTransport)'));
  },
});

export const efsTlsOnly = defineRule({
  id: 'aws-efs-tls-only',
  clouds: ['aws'],
  title: 'EFS file systems refuse clients without TLS',
  checks:
    'Every file system has a file system policy denying access whose aws:SecureTransport is false.',
  severity: 'medium',
  docs: 'https://docs.aws.amazon.com/efs/latest/ug/iam-access-control-nfs-efs.html',
  source: 'Powerpipe aws_compliance efs_file_system_enforces_ssl',
  terraform: (resources) => {
    const guarded = tlsGuarded(resources, 'aws_efs_file_system_policy', 'file_system_id');
    return ofType(resources, 'aws_efs_file_system')
      .filter((f) => !guarded.has(address(f)))
      .map((f) =>
        tfHit(f, 'no file system policy refuses clients without TLS (aws:SecureTransport)'),
      );
  },
});

export const ec2Imdsv2 = defineRule({
  id: 'aws-ec2-imdsv2',
  clouds: ['aws'],
  title: 'Instances require IMDSv2',
  checks: 'Instances and launch templates set metadata_options.http_tokens = "required".',
  severity: 'high',
  docs: 'https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/configuring-IMDS-new-instances.html',
  source: 'tfsec aws-ec2-enforce-http-token-imds; Checkov CKV_AWS_79; Security Hub EC2.8',
  terraform: (resources) =>
    ofType(resources, 'aws_instance', 'aws_launch_template')
      .filter(
        (r) =>
          !blocks(r.body, 'metadata_options').some(
            (m) => attr(m.body, 'http_tokens') === 'required',
          ),
      )
      .map((r) => tfHit(r, 'instance metadata answers IMDSv1 requests (http_tokens not required)')),
});

export const awsEncryptedAtRest = defineRule({
  id: 'aws-encrypted-at-rest',
  clouds: ['aws'],
  title: 'Databases and volumes are encrypted at rest',
  checks:
    'RDS instances and Aurora clusters set storage_encrypted, EBS volumes encrypted, ElastiCache at_rest_encryption_enabled.',
  severity: 'high',
  docs: 'https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/Overview.Encryption.html',
  source:
    'tfsec aws-rds-encrypt-instance-storage-data, aws-ec2-enable-volume-encryption; Checkov CKV_AWS_16, CKV_AWS_3, CKV_AWS_29',
  terraform: (resources) => [
    ...ofType(resources, 'aws_db_instance', 'aws_rds_cluster')
      .filter((r) => attr(r.body, 'storage_encrypted') !== true)
      .map((r) => tfHit(r, 'storage is not encrypted')),
    ...ofType(resources, 'aws_ebs_volume')
      .filter((r) => attr(r.body, 'encrypted') !== true)
      .map((r) => tfHit(r, 'the volume is not encrypted')),
    ...ofType(resources, 'aws_elasticache_replication_group')
      .filter((r) => attr(r.body, 'at_rest_encryption_enabled') !== true)
      .map((r) => tfHit(r, 'the cache is not encrypted at rest')),
  ],
});
