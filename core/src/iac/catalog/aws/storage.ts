import { defineService, type TTfBuildContext } from '../service';
import { boolProp, enumProp, numProp } from '../properties';
import { block, call, obj, ref, tpl, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { azElement, cdnOrigin, kmsKeyOf } from './shared';
import { ownSecurityGroup } from './security-groups';
import { pascal } from '../../build/camel';
import { dataRoleArn, policyDocument } from './iam';

/** AWS storage: S3, EFS, EBS. */

/**
 * The bucket's one policy (a bucket has one: a second resource would overwrite the first):
 * requests without TLS are refused (Security Hub S3.5, "S3 general purpose buckets should require
 * requests to use SSL"), and each CloudFront distribution whose origin it is may read its objects
 * through origin access control, from that distribution's ARN only (CloudFront developer guide,
 * "Restrict access to an Amazon S3 origin").
 */
function bucketPolicy(ctx: TTfBuildContext, bucket: TTfRef): void {
  const arn = ref(bucket.address, 'arn');
  const cdns = [...ctx.incoming('traffic'), ...ctx.incoming('data')]
    .map((e) => e.node)
    .filter((n) => n.service.kind === 'cdn')
    .filter((cdn) => cdnOrigin(ctx, cdn)?.node.id === ctx.node.id);
  const statements: TTfValue[] = [
    obj({
      Sid: 'DenyInsecureTransport',
      Effect: 'Deny',
      Principal: '*',
      Action: 's3:*',
      Resource: [arn, tpl(arn, '/*')],
      Condition: obj({ Bool: obj({ 'aws:SecureTransport': 'false' }) }),
    }),
    ...[...new Set(cdns)].map((cdn) =>
      obj({
        Sid: `CloudFront${pascal(cdn.local)}Reads`,
        Effect: 'Allow',
        Principal: obj({ Service: 'cloudfront.amazonaws.com' }),
        Action: 's3:GetObject',
        Resource: tpl(arn, '/*'),
        Condition: obj({
          StringEquals: obj({
            'AWS:SourceArn': ref(ctx.address(cdn, 'aws_cloudfront_distribution'), 'arn'),
          }),
        }),
      }),
    ),
  ];
  ctx.resource('aws_s3_bucket_policy', ctx.node.local, {
    bucket: ref(bucket.address, 'id'),
    policy: call('jsonencode', obj({ Version: '2012-10-17', Statement: statements })),
  });
}
/**
 * A versioned bucket keeps every overwritten or deleted version, and S3 keeps the parts of an
 * upload that never completed, both billed and invisible in a listing, until a lifecycle rule
 * removes them (S3 User Guide, "Managing the lifecycle of objects"; Checkov CKV2_AWS_61): replaced
 * versions go after `noncurrentDays`, delete markers with no versions left, unfinished uploads
 * after a week. The filter's empty prefix is the whole bucket (an empty filter block draws a
 * provider warning).
 */
function lifecycle(ctx: TTfBuildContext, bucket: TTfValue, versioning: string): void {
  ctx.resource(
    'aws_s3_bucket_lifecycle_configuration',
    ctx.node.local,
    {
      bucket,
      rule: block({
        id: 'noncurrent-versions-and-uploads',
        status: 'Enabled',
        filter: block({ prefix: '' }),
        noncurrent_version_expiration: block({
          noncurrent_days: ctx.prop('noncurrentDays'),
        }),
        expiration: block({ expired_object_delete_marker: true }),
        abort_incomplete_multipart_upload: block({ days_after_initiation: 7 }),
      }),
    },
    // Rules on a bucket whose versioning changes in the same apply must follow it (provider docs).
    [versioning],
  );
}

export const awsS3 = defineService({
  id: 'aws.s3',
  cloud: 'aws',
  kind: 'object-storage',
  name: 'S3 bucket',
  category: 'storage',
  description: 'Private, encrypted, versioned object storage.',
  icon: 'aws-s3',
  properties: [
    boolProp('versioning', 'Versioning', true),
    boolProp('forceDestroy', 'Delete with objects', false),
    numProp(
      'noncurrentDays',
      'Keep replaced versions (days)',
      90,
      1,
      3650,
      'Days an overwritten or deleted object version is kept before S3 deletes it.',
    ),
  ],
  placement: 'none',
  naming: { rule: 'aws-s3-bucket', abbreviation: 's3' },
  emits: {
    terraform: [
      'aws_s3_bucket',
      'aws_s3_bucket_versioning',
      'aws_s3_bucket_lifecycle_configuration',
      'aws_s3_bucket_public_access_block',
      'aws_s3_bucket_server_side_encryption_configuration',
      'aws_s3_bucket_policy',
      'aws_s3_bucket_notification',
    ],
  },
  dataActions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:ListBucket'],
  terraform: (ctx) => {
    const local = ctx.node.local;
    const bucket = ctx.resource('aws_s3_bucket', local, {
      bucket: ctx.name(),
      force_destroy: ctx.prop('forceDestroy'),
      tags: ctx.tags(),
    });
    const id = ref(bucket.address, 'id');
    const versioning = ctx.resource('aws_s3_bucket_versioning', local, {
      bucket: id,
      versioning_configuration: block({
        status: ctx.value<boolean>('versioning') ? 'Enabled' : 'Suspended',
      }),
    });
    lifecycle(ctx, id, versioning.address);
    ctx.resource('aws_s3_bucket_public_access_block', local, {
      bucket: id,
      block_public_acls: true,
      block_public_policy: true,
      ignore_public_acls: true,
      restrict_public_buckets: true,
    });
    const key = kmsKeyOf(ctx);
    ctx.resource('aws_s3_bucket_server_side_encryption_configuration', local, {
      bucket: id,
      rule: block({
        bucket_key_enabled: key !== undefined,
        apply_server_side_encryption_by_default: block(
          key ? { sse_algorithm: 'aws:kms', kms_master_key_id: key } : { sse_algorithm: 'AES256' },
        ),
      }),
    });
    bucketPolicy(ctx, bucket);
    // Object events reach EventBridge only when the bucket sends them there (S3 User Guide,
    // "Using EventBridge"): for a bus it has a data connection to.
    if (ctx.outgoing('data').some((e) => e.node.service.id === 'aws.eventbridge'))
      ctx.resource('aws_s3_bucket_notification', local, { bucket: id, eventbridge: true });
    ctx.output('bucket', `Name of bucket ${ctx.node.name}`, id);
  },
});

/**
 * The file system's one policy: NFS clients without TLS are refused (EFS user guide, "Using IAM
 * to control file system data access", in-transit encryption example), and the roles of the
 * components with a data connection to it may mount and write: the actions that connection grants
 * on the role's side (dataAccessPolicy), never root access. With a policy in effect EFS admits no
 * anonymous client: clients mount with the EFS mount helper's `tls` and `iam` options.
 */
function fileSystemPolicy(ctx: TTfBuildContext, fs: TTfRef): void {
  const arn = ref(fs.address, 'arn');
  const roles = ctx.incoming('data').flatMap((e) => dataRoleArn(ctx, e.node, ctx.node) ?? []);
  const unique = [...new Map(roles.map((r) => [r.address, r])).values()];
  const statements: TTfValue[] = [
    obj({
      Sid: 'DenyInsecureTransport',
      Effect: 'Deny',
      Principal: obj({ AWS: '*' }),
      Action: '*',
      Resource: arn,
      Condition: obj({ Bool: obj({ 'aws:SecureTransport': 'false' }) }),
    }),
    ...(unique.length > 0
      ? [
          obj({
            Sid: 'ConnectedRolesMountAndWrite',
            Effect: 'Allow',
            Principal: obj({ AWS: unique }),
            Action: [...(ctx.node.service.dataActions ?? [])],
            Resource: arn,
          }),
        ]
      : []),
  ];
  ctx.resource('aws_efs_file_system_policy', ctx.node.local, {
    file_system_id: ref(fs.address, 'id'),
    policy: policyDocument(statements),
  });
}

export const awsEfs = defineService({
  id: 'aws.efs',
  cloud: 'aws',
  kind: 'file-storage',
  name: 'EFS file system',
  category: 'storage',
  description: 'Elastic NFS file system with a mount target in each subnet.',
  icon: 'aws-efs',
  properties: [
    enumProp('performanceMode', 'Performance mode', ['generalPurpose', 'maxIO'], 'generalPurpose'),
    enumProp('throughputMode', 'Throughput mode', ['elastic', 'bursting'], 'elastic'),
  ],
  placement: 'subnet',
  port: 2049,
  isNetworked: true,
  naming: { rule: 'aws-tag', abbreviation: 'efs' },
  emits: {
    terraform: ['aws_efs_file_system', 'aws_efs_mount_target', 'aws_efs_file_system_policy'],
  },
  dataActions: ['elasticfilesystem:ClientMount', 'elasticfilesystem:ClientWrite'],
  terraform: (ctx) => {
    const local = ctx.node.local;
    const groups = ownSecurityGroup(ctx, `EFS ${ctx.node.name}`);
    const key = kmsKeyOf(ctx);
    const fs = ctx.resource('aws_efs_file_system', local, {
      creation_token: ctx.name(),
      encrypted: true,
      ...(key ? { kms_key_id: key } : {}),
      performance_mode: ctx.prop('performanceMode'),
      throughput_mode: ctx.prop('throughputMode'),
      tags: ctx.tags(),
    });
    for (const subnet of ctx.subnets()) {
      ctx.resource('aws_efs_mount_target', `${local}_${subnet.local}`, {
        file_system_id: ref(fs.address, 'id'),
        subnet_id: ref(ctx.address(subnet, 'aws_subnet'), 'id'),
        security_groups: groups,
      });
    }
    fileSystemPolicy(ctx, fs);
    ctx.output('dns_name', `DNS name of ${ctx.node.name}`, ref(fs.address, 'dns_name'));
    // What a Kubernetes StorageClass of the EFS CSI driver names it by (readme-eks.ts).
    ctx.output('file_system_id', `ID of ${ctx.node.name}`, ref(fs.address, 'id'));
  },
});

export const awsEbs = defineService({
  id: 'aws.ebs',
  cloud: 'aws',
  kind: 'block-storage',
  name: 'EBS volume',
  category: 'storage',
  description: 'Encrypted block volume, attached to the EC2 instance that connects to it.',
  icon: 'aws-ebs',
  properties: [
    numProp('size', 'Size (GiB)', 100, 1, 16384),
    enumProp('type', 'Volume type', ['gp3', 'gp2', 'io2', 'st1', 'sc1'], 'gp3'),
    enumProp('device', 'Device name', ['/dev/sdf', '/dev/sdg', '/dev/sdh', '/dev/sdi'], '/dev/sdf'),
  ],
  placement: 'optional-subnet',
  naming: { rule: 'aws-tag', abbreviation: 'ebs' },
  emits: { terraform: ['aws_ebs_volume', 'aws_volume_attachment'] },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const vm = ctx.incoming('data').find((e) => e.node.service.kind === 'vm')?.node;
    const subnet = ctx.subnets()[0];
    const key = kmsKeyOf(ctx);
    const volume = ctx.resource('aws_ebs_volume', local, {
      availability_zone: vm
        ? ref(ctx.address(vm, 'aws_instance'), 'availability_zone')
        : subnet
          ? ref(ctx.address(subnet, 'aws_subnet'), 'availability_zone')
          : azElement(ctx, 0),
      size: ctx.prop('size'),
      type: ctx.prop('type'),
      encrypted: true,
      ...(key ? { kms_key_id: key } : {}),
      tags: ctx.tags(),
    });
    if (vm) {
      ctx.resource('aws_volume_attachment', local, {
        device_name: ctx.prop('device'),
        volume_id: ref(volume.address, 'id'),
        instance_id: ref(ctx.address(vm, 'aws_instance'), 'id'),
      });
    }
  },
});
