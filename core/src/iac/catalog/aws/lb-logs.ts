import type { TTfBuildContext } from '../service';
import { block, call, obj, ref, tpl, type TTfRef, type TTfValue } from '../../ir/terraform-ir';

/**
 * Regions launched before August 2022, where load balancers write access logs as the region's
 * Elastic Load Balancing account (those `aws_elb_service_account` knows, ELB user guide "Enable
 * access logs": "Regions available before August 2022"). Later regions admit the log delivery
 * service principal instead, and the data source fails there ("unsupported AWS Region").
 */
const ELB_ACCOUNT_REGIONS: ReadonlySet<string> = new Set([
  'af-south-1',
  'ap-east-1',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-northeast-3',
  'ap-south-1',
  'ap-southeast-1',
  'ap-southeast-2',
  'ap-southeast-3',
  'ca-central-1',
  'cn-north-1',
  'cn-northwest-1',
  'eu-central-1',
  'eu-north-1',
  'eu-south-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'me-south-1',
  'sa-east-1',
  'us-east-1',
  'us-east-2',
  'us-gov-east-1',
  'us-gov-west-1',
  'us-west-1',
  'us-west-2',
]);

/** How long the access logs are kept, and a deleted one can still be restored. */
const LOG_DAYS = 90;
const DELETED_LOG_DAYS = 30;

/**
 * Who may write the load balancer's access logs into `arn`: an ALB delivers them as the
 * regional ELB account (older regions) or the ELB log delivery principal (newer ones); an NLB
 * through CloudWatch Logs' delivery service, from this account only (ELB user guides, "Enable
 * access logs", for Application and Network Load Balancers).
 */
function deliveryStatements(ctx: TTfBuildContext, arn: TTfRef, isAlb: boolean): TTfValue[] {
  const account = ref(ctx.data('aws_caller_identity', 'current', {}).address, 'account_id');
  const logs = tpl(arn, '/AWSLogs/', account, '/*');
  if (isAlb) {
    const principal = ELB_ACCOUNT_REGIONS.has(ctx.region)
      ? obj({ AWS: ref(ctx.data('aws_elb_service_account', 'current', {}).address, 'arn') })
      : obj({ Service: 'logdelivery.elasticloadbalancing.amazonaws.com' });
    return [
      obj({
        Sid: 'LoadBalancerWritesAccessLogs',
        Effect: 'Allow',
        Principal: principal,
        Action: 's3:PutObject',
        Resource: logs,
      }),
    ];
  }
  const partition = ref(ctx.data('aws_partition', 'current', {}).address, 'partition');
  const source = obj({
    'aws:SourceArn': tpl('arn:', partition, ':logs:', ref('var.region'), ':', account, ':*'),
  });
  const delivery = obj({ Service: 'delivery.logs.amazonaws.com' });
  return [
    obj({
      Sid: 'LogDeliveryChecksBucketAcl',
      Effect: 'Allow',
      Principal: delivery,
      Action: 's3:GetBucketAcl',
      Resource: arn,
      Condition: obj({
        StringEquals: obj({ 'aws:SourceAccount': account }),
        ArnLike: source,
      }),
    }),
    obj({
      Sid: 'LogDeliveryWritesAccessLogs',
      Effect: 'Allow',
      Principal: delivery,
      Action: 's3:PutObject',
      Resource: logs,
      Condition: obj({
        StringEquals: obj({
          's3:x-amz-acl': 'bucket-owner-full-control',
          'aws:SourceAccount': account,
        }),
        ArnLike: source,
      }),
    }),
  ];
}

/**
 * The access log bucket of one Application Load Balancer, or of a Network Load Balancer with a
 * TLS listener (an NLB logs TLS connections only), and the policy the load balancer must wait
 * for (ELB writes a test object when logging is turned on and fails with "Access Denied for
 * bucket" before the policy exists). One bucket per load balancer, not per design: it is declared
 * with the load balancer (in its module), its policy admits that load balancer type's writer, and
 * it goes when the load balancer goes (force_destroy where deletion protection is off, as for a
 * dev environment) while a protected one's logs stay. Encrypted with S3-managed keys, the only
 * encryption ALB access logs take (NLB's take them too); versioned, private and TLS-only as every
 * bucket; its logs expire after 90 days. It keeps no access log of its own (a second bucket).
 */
export function accessLogBucket(
  ctx: TTfBuildContext,
  isAlb: boolean,
): { bucket: TTfRef; policy: TTfRef } {
  const local = `${ctx.node.local}_logs`;
  const bucket = ctx.resource('aws_s3_bucket', local, {
    bucket: ctx.name('logs'),
    force_destroy: ctx.prop('deletionProtection', (v) => !v, 'logsForceDestroy'),
    tags: ctx.tags(),
  });
  const id = ref(bucket.address, 'id');
  const arn = ref(bucket.address, 'arn');
  const versioning = ctx.resource('aws_s3_bucket_versioning', local, {
    bucket: id,
    versioning_configuration: block({ status: 'Enabled' }),
  });
  ctx.resource(
    'aws_s3_bucket_lifecycle_configuration',
    local,
    {
      bucket: id,
      rule: [
        block({
          id: 'expire-access-logs',
          status: 'Enabled',
          filter: block({ prefix: '' }),
          expiration: block({ days: LOG_DAYS }),
          noncurrent_version_expiration: block({ noncurrent_days: DELETED_LOG_DAYS }),
          abort_incomplete_multipart_upload: block({ days_after_initiation: 7 }),
        }),
        // S3 takes no delete-marker cleanup in a rule that expires after days.
        block({
          id: 'remove-delete-markers',
          status: 'Enabled',
          filter: block({ prefix: '' }),
          expiration: block({ expired_object_delete_marker: true }),
        }),
      ],
    },
    [versioning.address],
  );
  ctx.resource('aws_s3_bucket_public_access_block', local, {
    bucket: id,
    block_public_acls: true,
    block_public_policy: true,
    ignore_public_acls: true,
    restrict_public_buckets: true,
  });
  ctx.resource('aws_s3_bucket_server_side_encryption_configuration', local, {
    bucket: id,
    rule: block({ apply_server_side_encryption_by_default: block({ sse_algorithm: 'AES256' }) }),
  });
  const policy = ctx.resource('aws_s3_bucket_policy', local, {
    bucket: id,
    policy: call(
      'jsonencode',
      obj({
        Version: '2012-10-17',
        Statement: [
          obj({
            Sid: 'DenyInsecureTransport',
            Effect: 'Deny',
            Principal: '*',
            Action: 's3:*',
            Resource: [arn, tpl(arn, '/*')],
            Condition: obj({ Bool: obj({ 'aws:SecureTransport': 'false' }) }),
          }),
          ...deliveryStatements(ctx, arn, isAlb),
        ],
      }),
    ),
  });
  return { bucket, policy };
}
