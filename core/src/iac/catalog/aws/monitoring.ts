import { defineService, type TNode, type TTfBuildContext } from '../service';
import { enumProp, numProp } from '../properties';
import { obj, ref, type TTfValue } from '../../ir/terraform-ir';
import { kmsKeyOf, primaryRef } from './shared';

/** Retention periods CloudWatch Logs accepts (PutRetentionPolicy), in days. */
export const LOG_RETENTION_DAYS: readonly string[] = [
  '1',
  '3',
  '5',
  '7',
  '14',
  '30',
  '60',
  '90',
  '120',
  '150',
  '180',
  '365',
  '400',
  '545',
  '731',
  '1827',
  '3653',
];

/** AWS monitoring: CloudWatch log groups and metric alarms. */
export const awsLogGroup = defineService({
  id: 'aws.cloudwatch-log-group',
  cloud: 'aws',
  kind: 'log-group',
  name: 'CloudWatch log group',
  category: 'monitoring',
  description: 'Log group with a retention period, optionally KMS-encrypted.',
  icon: 'aws-cloudwatch',
  properties: [enumProp('retention', 'Retention (days)', LOG_RETENTION_DAYS, '30')],
  placement: 'none',
  naming: { rule: 'aws-generic', abbreviation: 'log' },
  emits: { terraform: ['aws_cloudwatch_log_group'] },
  dataActions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
  terraform: (ctx) => {
    const key = kmsKeyOf(ctx);
    const group = ctx.resource('aws_cloudwatch_log_group', ctx.node.local, {
      name: ctx.name(),
      retention_in_days: Number(ctx.value('retention')),
      ...(key ? { kms_key_id: key } : {}),
      tags: ctx.tags(),
    });
    ctx.output('log_group', `Log group ${ctx.node.name}`, ref(group.address, 'name'));
  },
});

/** The metric that says a watched component is unhealthy. */
function metricFor(ctx: TTfBuildContext, target: TNode | undefined) {
  const p = (attr: string) => (target ? primaryRef(ctx, target, attr) : '');
  const m = (namespace: string, metric: string, dimensions: Record<string, TTfValue>) => ({
    namespace,
    metric,
    dimensions,
  });
  switch (target?.service.kind) {
    case 'vm':
      return m('AWS/EC2', 'CPUUtilization', { InstanceId: p('id') });
    case 'autoscaling-group':
      return m('AWS/EC2', 'CPUUtilization', { AutoScalingGroupName: p('name') });
    case 'postgresql':
    case 'mysql':
    case 'sqlserver':
      return m('AWS/RDS', 'CPUUtilization', { DBInstanceIdentifier: p('identifier') });
    case 'load-balancer':
      return m('AWS/ApplicationELB', 'HTTPCode_Target_5XX_Count', {
        LoadBalancer: p('arn_suffix'),
      });
    case 'function':
      return m('AWS/Lambda', 'Errors', { FunctionName: p('function_name') });
    case 'queue':
      return m('AWS/SQS', 'ApproximateAgeOfOldestMessage', { QueueName: p('name') });
    case 'nosql':
      return m('AWS/DynamoDB', 'ThrottledRequests', { TableName: p('name') });
    default:
      return undefined;
  }
}

export const awsAlarm = defineService({
  id: 'aws.cloudwatch-alarm',
  cloud: 'aws',
  kind: 'alarm',
  name: 'CloudWatch alarm',
  category: 'monitoring',
  description:
    'Metric alarm on the component it watches; notifies the SNS topics it is connected to.',
  icon: 'aws-cloudwatch-alarm',
  properties: [
    enumProp(
      'comparison',
      'Comparison',
      [
        'GreaterThanOrEqualToThreshold',
        'GreaterThanThreshold',
        'LessThanThreshold',
        'LessThanOrEqualToThreshold',
      ],
      'GreaterThanOrEqualToThreshold',
    ),
    numProp('threshold', 'Threshold', 80, 0, 1e9),
    numProp('evaluationPeriods', 'Evaluation periods', 2, 1, 100),
    enumProp('period', 'Period (s)', ['60', '300', '900', '3600'], '300'),
    enumProp(
      'statistic',
      'Statistic',
      ['Average', 'Maximum', 'Minimum', 'Sum', 'SampleCount'],
      'Average',
    ),
  ],
  placement: 'none',
  naming: { rule: 'aws-generic', abbreviation: 'alarm' },
  emits: { terraform: ['aws_cloudwatch_metric_alarm'] },
  terraform: (ctx) => {
    const edges = ctx.outgoing();
    const watched = edges.find((e) => e.node.service.kind !== 'topic')?.node;
    const topics = edges
      .filter((e) => e.node.service.kind === 'topic')
      .map((e) => ref(ctx.address(e.node, 'aws_sns_topic'), 'arn'));
    const metric = metricFor(ctx, watched) ?? {
      namespace: 'AWS/EC2',
      metric: 'CPUUtilization',
      dimensions: {},
    };
    ctx.resource('aws_cloudwatch_metric_alarm', ctx.node.local, {
      alarm_name: ctx.name(),
      alarm_description: watched ? `${metric.metric} of ${watched.name}` : metric.metric,
      namespace: metric.namespace,
      metric_name: metric.metric,
      statistic: ctx.prop('statistic'),
      period: Number(ctx.value('period')),
      evaluation_periods: ctx.prop('evaluationPeriods'),
      threshold: ctx.prop('threshold'),
      comparison_operator: ctx.prop('comparison'),
      treat_missing_data: 'notBreaching',
      ...(Object.keys(metric.dimensions).length > 0 ? { dimensions: obj(metric.dimensions) } : {}),
      ...(topics.length > 0 ? { alarm_actions: topics, ok_actions: topics } : {}),
      tags: ctx.tags(),
    });
  },
});
