import { defineService, type TNode, type TTfBuildContext } from '../service';
import { numProp, strProp } from '../properties';
import { block, obj, ref, tfVar, tpl, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { BuildError } from '../../build/terraform-build';
import { keyOfStore } from './key-policy';
import { primaryRef } from './shared';
import { assumeRolePolicy, policyDocument } from './iam';

/** Amazon Data Firehose: log delivery from CloudWatch log groups to an S3 bucket. */

const account = (ctx: TTfBuildContext) =>
  ref(ctx.data('aws_caller_identity', 'current', {}).address, 'account_id');
const partition = (ctx: TTfBuildContext) =>
  ref(ctx.data('aws_partition', 'current', {}).address, 'partition');

/**
 * The delivery role may write to its bucket and nowhere else (Firehose developer guide, "Grant
 * Firehose access to an Amazon S3 destination"): the bucket's key only through S3, for it.
 */
function deliveryStatements(ctx: TTfBuildContext, bucket: TNode, errorStream: TTfRef): TTfValue[] {
  const bucketArn = primaryRef(ctx, bucket, 'arn');
  const key = keyOfStore(ctx, bucket);
  return [
    obj({
      Effect: 'Allow',
      Action: [
        's3:AbortMultipartUpload',
        's3:GetBucketLocation',
        's3:GetObject',
        's3:ListBucket',
        's3:ListBucketMultipartUploads',
        's3:PutObject',
      ],
      Resource: [bucketArn, tpl(bucketArn, '/*')],
    }),
    ...(key
      ? [
          obj({
            Effect: 'Allow',
            Action: ['kms:Decrypt', 'kms:GenerateDataKey'],
            Resource: [key],
            Condition: obj({
              StringEquals: obj({
                'kms:ViaService': tpl('s3.', tfVar('region'), '.amazonaws.com'),
              }),
              StringLike: obj({ 'kms:EncryptionContext:aws:s3:arn': tpl(bucketArn, '/*') }),
            }),
          }),
        ]
      : []),
    obj({
      Effect: 'Allow',
      Action: ['logs:PutLogEvents'],
      Resource: [ref(errorStream.address, 'arn')],
    }),
  ];
}

export const awsFirehose = defineService({
  id: 'aws.firehose',
  cloud: 'aws',
  kind: 'log-router',
  name: 'Data Firehose stream',
  category: 'monitoring',
  description:
    'Firehose delivery stream to the S3 bucket it is connected to: buffered, GZIP-compressed, encrypted (with the bucket’s KMS key when it has one), failed records under an error prefix, delivery errors logged to CloudWatch. The CloudWatch log groups it is connected to send it their events through subscription filters; connected compute may put records.',
  icon: 'aws-firehose',
  properties: [
    strProp('prefix', 'Object key prefix', 'logs/'),
    strProp('errorPrefix', 'Error output prefix', 'errors/!{firehose:error-output-type}/'),
    // Extended S3 destination: 1-128 MiB, 0-900 seconds.
    numProp('bufferSize', 'Buffer size (MiB)', 5, 1, 128),
    numProp('bufferInterval', 'Buffer interval (s)', 300, 0, 900),
    strProp('filterPattern', 'Log filter pattern (empty: every event)', ''),
  ],
  placement: 'none',
  naming: { rule: 'aws-firehose', abbreviation: 'fh' },
  emits: {
    terraform: [
      'aws_kinesis_firehose_delivery_stream',
      'aws_iam_role',
      'aws_iam_role_policy',
      'aws_cloudwatch_log_group',
      'aws_cloudwatch_log_stream',
      'aws_cloudwatch_log_subscription_filter',
    ],
  },
  dataActions: ['firehose:PutRecord', 'firehose:PutRecordBatch'],
  terraform: (ctx) => {
    const local = ctx.node.local;
    const out = ctx.outgoing('data');
    const bucket = out.find((e) => e.node.service.kind === 'object-storage')?.node;
    if (!bucket) {
      throw new BuildError(
        `Firehose stream ${ctx.node.id} has nowhere to deliver: connect it to an S3 bucket`,
      );
    }
    const sources = out.filter((e) => e.node.service.kind === 'log-group').map((e) => e.node);
    const errors = ctx.resource('aws_cloudwatch_log_group', `${local}_errors`, {
      name: ctx.name('errors'),
      retention_in_days: 30,
      tags: ctx.tags(),
    });
    const errorStream = ctx.resource('aws_cloudwatch_log_stream', `${local}_errors`, {
      name: 'DestinationDelivery',
      log_group_name: ref(errors.address, 'name'),
    });
    const role = ctx.resource('aws_iam_role', local, {
      name: ctx.name('role'),
      assume_role_policy: assumeRolePolicy(
        'firehose.amazonaws.com',
        obj({ StringEquals: obj({ 'sts:ExternalId': account(ctx) }) }),
      ),
      tags: ctx.tags(),
    });
    const policy = ctx.resource('aws_iam_role_policy', local, {
      name: 'deliver-to-bucket',
      role: ref(role.address, 'id'),
      policy: policyDocument(deliveryStatements(ctx, bucket, errorStream)),
    });
    const key = keyOfStore(ctx, bucket);
    const stream = ctx.resource(
      'aws_kinesis_firehose_delivery_stream',
      local,
      {
        name: ctx.name(),
        destination: 'extended_s3',
        server_side_encryption: block({ enabled: true, key_type: 'AWS_OWNED_CMK' }),
        extended_s3_configuration: block({
          role_arn: ref(role.address, 'arn'),
          bucket_arn: primaryRef(ctx, bucket, 'arn'),
          prefix: ctx.prop('prefix'),
          error_output_prefix: ctx.prop('errorPrefix'),
          buffering_size: ctx.prop('bufferSize'),
          buffering_interval: ctx.prop('bufferInterval'),
          compression_format: 'GZIP',
          ...(key ? { kms_key_arn: key } : {}),
          cloudwatch_logging_options: block({
            enabled: true,
            log_group_name: ref(errors.address, 'name'),
            log_stream_name: ref(errorStream.address, 'name'),
          }),
          // CloudWatch Logs sends GZIP batches: decompressed first, so objects are gzipped once.
          ...(sources.length > 0
            ? {
                processing_configuration: block({
                  enabled: true,
                  processors: [
                    block({
                      type: 'Decompression',
                      parameters: [
                        block({ parameter_name: 'CompressionFormat', parameter_value: 'GZIP' }),
                      ],
                    }),
                  ],
                }),
              }
            : {}),
        }),
        tags: ctx.tags(),
      },
      [policy.address],
    );
    ctx.output('stream_arn', `ARN of Firehose stream ${ctx.node.name}`, ref(stream.address, 'arn'));
    if (sources.length === 0) return;
    // CloudWatch Logs puts the records with a role of its own, for this account's log groups.
    const logsRole = ctx.resource('aws_iam_role', `${local}_logs`, {
      name: ctx.name('logs'),
      assume_role_policy: assumeRolePolicy(
        'logs.amazonaws.com',
        obj({
          StringLike: obj({
            'aws:SourceArn': tpl(
              'arn:',
              partition(ctx),
              ':logs:',
              tfVar('region'),
              ':',
              account(ctx),
              ':*',
            ),
          }),
        }),
      ),
      tags: ctx.tags(),
    });
    const logsPolicy = ctx.resource('aws_iam_role_policy', `${local}_logs`, {
      name: 'put-to-stream',
      role: ref(logsRole.address, 'id'),
      policy: policyDocument([
        obj({
          Effect: 'Allow',
          Action: ['firehose:PutRecord', 'firehose:PutRecordBatch'],
          Resource: [ref(stream.address, 'arn')],
        }),
      ]),
    });
    for (const group of sources) {
      ctx.resource(
        'aws_cloudwatch_log_subscription_filter',
        `${local}_from_${group.local}`,
        {
          name: ctx.name(group.name),
          log_group_name: primaryRef(ctx, group, 'name'),
          filter_pattern: ctx.prop('filterPattern'),
          destination_arn: ref(stream.address, 'arn'),
          role_arn: ref(logsRole.address, 'arn'),
        },
        [logsPolicy.address],
      );
    }
  },
});
