import { defineService, type TNode, type TTfBuildContext } from '../service';
import { boolProp, numProp, strProp } from '../properties';
import { block, obj, ref, tpl, type TTfBody, type TTfValue } from '../../ir/terraform-ir';
import { keyOfStore } from './key-policy';
import { primaryRef } from './shared';
import { assumeRolePolicy, policyDocument } from './iam';
import { deadLetterAlarm } from './messaging';

/** Kinds a schedule can start, and the one action its role needs on each (least privilege). */
const TARGET_KINDS = ['function', 'workflow', 'queue', 'topic', 'serverless-container'];

/** The statements that let the schedule's role start `target`, and nothing more. */
function grantsFor(ctx: TTfBuildContext, target: TNode): TTfValue[] {
  const arn = primaryRef(ctx, target, 'arn');
  const allow = (Action: TTfValue, Resource: TTfValue, extra: Record<string, TTfValue> = {}) =>
    obj({ Effect: 'Allow', Action, Resource, ...extra });
  // Encrypted queues and topics: sending takes their customer-managed key too.
  const key = keyOfStore(ctx, target);
  const kms = key ? [allow(['kms:Decrypt', 'kms:GenerateDataKey'], key)] : [];
  switch (target.service.kind) {
    case 'function':
      return [allow('lambda:InvokeFunction', [arn, tpl(arn, ':*')])];
    case 'workflow':
      return [allow('states:StartExecution', arn)];
    case 'queue':
      return [allow('sqs:SendMessage', arn), ...kms];
    case 'topic':
      return [allow('sns:Publish', arn), ...kms];
    default: {
      // ECS RunTask on the task definition in its own cluster, and passing its two roles to ECS
      // ("Set up the execution role": Amazon ECS RunTask permissions).
      const roles = [
        ref(ctx.address(target, 'aws_iam_role', '_execution'), 'arn'),
        ref(ctx.address(target, 'aws_iam_role', '_task'), 'arn'),
      ];
      return [
        allow('ecs:RunTask', ref(ctx.address(target, 'aws_ecs_task_definition'), 'arn'), {
          Condition: obj({
            ArnEquals: obj({ 'ecs:cluster': ref(ctx.address(target, 'aws_ecs_cluster'), 'arn') }),
          }),
        }),
        allow('iam:PassRole', roles, {
          Condition: obj({
            StringLike: obj({ 'iam:PassedToService': 'ecs-tasks.amazonaws.com' }),
          }),
        }),
      ];
    }
  }
}

/** The target block of one schedule: what it calls, with its role, retries and dead letters. */
function targetOf(ctx: TTfBuildContext, target: TNode, role: TTfValue, dlq: TTfValue): TTfBody {
  const isEcs = target.service.kind === 'serverless-container';
  const common: TTfBody = {
    role_arn: role,
    input: ctx.prop('input'),
    retry_policy: block({
      maximum_retry_attempts: ctx.prop('retryAttempts'),
      maximum_event_age_in_seconds: ctx.prop('maxEventAge'),
    }),
    dead_letter_config: block({ arn: dlq }),
  };
  if (!isEcs) {
    return {
      arn: primaryRef(ctx, target, 'arn'),
      ...common,
      // FIFO queues only accept messages with a group id.
      ...(target.properties['fifo'] === true
        ? { sqs_parameters: block({ message_group_id: ctx.node.name }) }
        : {}),
    };
  }
  return {
    arn: ref(ctx.address(target, 'aws_ecs_cluster'), 'arn'),
    ...common,
    ecs_parameters: block({
      task_definition_arn: ref(ctx.address(target, 'aws_ecs_task_definition'), 'arn'),
      launch_type: 'FARGATE',
      task_count: 1,
      network_configuration: block({
        subnets: ctx.subnetsOf(target).map((s) => ref(ctx.address(s, 'aws_subnet'), 'id')),
        security_groups: [ref(ctx.address(target, 'aws_security_group', '_sg'), 'id')],
        assign_public_ip: false,
      }),
    }),
  };
}

/**
 * EventBridge Scheduler: a schedule per component it sends traffic to (Lambda functions, Step
 * Functions state machines, SQS queues, SNS topics, ECS tasks), run by a role of its own that
 * may start exactly those, with retries and a dead-letter queue for what still fails.
 */
export const awsEventBridgeScheduler = defineService({
  id: 'aws.eventbridge-scheduler',
  cloud: 'aws',
  kind: 'scheduler',
  name: 'EventBridge Scheduler schedule',
  category: 'functions',
  description:
    'Cron or rate schedule that invokes the functions, state machines, queues, topics or ECS tasks it connects to, with a role limited to them, retries and a dead-letter queue.',
  icon: 'aws-eventbridge-scheduler',
  properties: [
    strProp(
      'schedule',
      'Schedule expression',
      'cron(0 3 * * ? *)',
      'cron(minutes hours day-of-month month day-of-week year) or rate(value unit), as EventBridge Scheduler reads them.',
    ),
    strProp('timeZone', 'Time zone (IANA)', 'Etc/UTC'),
    strProp('input', 'Input (JSON)', '{}'),
    // CreateSchedule RetryPolicy: 0-185 attempts, events 60 s to 24 h old.
    numProp('retryAttempts', 'Retries', 3, 0, 185),
    numProp('maxEventAge', 'Retry for at most (s)', 3600, 60, 86400),
    // FlexibleTimeWindow: OFF, or FLEXIBLE with 1-1440 minutes.
    numProp('flexibleWindow', 'Flexible time window (min, 0 = off)', 0, 0, 1440),
    boolProp('enabled', 'Enabled', true),
  ],
  placement: 'none',
  naming: { rule: 'aws-scheduler', abbreviation: 'sched' },
  emits: {
    terraform: [
      'aws_scheduler_schedule',
      'aws_scheduler_schedule_group',
      'aws_iam_role',
      'aws_iam_role_policy',
      'aws_sqs_queue',
      'aws_cloudwatch_metric_alarm',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const targets = ctx
      .outgoing('traffic')
      .filter((e) => TARGET_KINDS.includes(e.node.service.kind))
      .map((e) => e.node);
    const group = ctx.resource('aws_scheduler_schedule_group', local, {
      name: ctx.name(),
      tags: ctx.tags(),
    });
    const dlq = ctx.resource('aws_sqs_queue', `${local}_dlq`, {
      name: ctx.name('dlq'),
      message_retention_seconds: 1209600,
      sqs_managed_sse_enabled: true,
      tags: ctx.tags(),
    });
    // A run that failed every retry lands there: someone has to hear of it.
    deadLetterAlarm(ctx, dlq);
    // Nothing to start yet: the schedule sends its input to a queue of its own, for consumers.
    const ticks =
      targets.length === 0
        ? ctx.resource('aws_sqs_queue', local, {
            name: ctx.name('ticks'),
            message_retention_seconds: 345600,
            sqs_managed_sse_enabled: true,
            tags: ctx.tags(),
          })
        : undefined;
    const account = ctx.data('aws_caller_identity', 'current', {});
    // The confused-deputy guard of "Set up the execution role": only this account's schedules.
    const role = ctx.resource('aws_iam_role', local, {
      name: ctx.name('role', 'aws-generic'),
      assume_role_policy: assumeRolePolicy(
        'scheduler.amazonaws.com',
        obj({ StringEquals: obj({ 'aws:SourceAccount': ref(account.address, 'account_id') }) }),
      ),
      tags: ctx.tags(),
    });
    const policy = ctx.resource('aws_iam_role_policy', local, {
      name: 'invoke-targets',
      role: ref(role.address, 'id'),
      policy: policyDocument([
        obj({
          Effect: 'Allow',
          Action: 'sqs:SendMessage',
          Resource: [ref(dlq.address, 'arn'), ...(ticks ? [ref(ticks.address, 'arn')] : [])],
        }),
        ...targets.flatMap((t) => grantsFor(ctx, t)),
      ]),
    });
    const windowMinutes = ctx.value<number>('flexibleWindow');
    const schedule = (name: string, suffix: string, target: TTfBody) =>
      ctx.resource(
        'aws_scheduler_schedule',
        name,
        {
          name: ctx.name(suffix || undefined),
          group_name: ref(group.address, 'name'),
          description: `Schedule ${ctx.node.name}`,
          schedule_expression: ctx.prop('schedule'),
          schedule_expression_timezone: ctx.prop('timeZone'),
          state: ctx.prop('enabled', (v) => (v === true ? 'ENABLED' : 'DISABLED'), 'state'),
          flexible_time_window: block(
            windowMinutes > 0
              ? { mode: 'FLEXIBLE', maximum_window_in_minutes: windowMinutes }
              : { mode: 'OFF' },
          ),
          target: block(target),
        },
        // The role may start the targets before the first run.
        [policy.address],
      );
    if (ticks) {
      schedule(local, '', {
        arn: ref(ticks.address, 'arn'),
        role_arn: ref(role.address, 'arn'),
        input: ctx.prop('input'),
        retry_policy: block({
          maximum_retry_attempts: ctx.prop('retryAttempts'),
          maximum_event_age_in_seconds: ctx.prop('maxEventAge'),
        }),
        dead_letter_config: block({ arn: ref(dlq.address, 'arn') }),
      });
    }
    for (const t of targets) {
      const one = targets.length === 1;
      schedule(
        one ? local : `${local}_${t.local}`,
        one ? '' : t.name,
        targetOf(ctx, t, ref(role.address, 'arn'), ref(dlq.address, 'arn')),
      );
    }
    ctx.output('schedule_group', `Schedule group of ${ctx.node.name}`, ref(group.address, 'name'));
    ctx.output(
      'dead_letter_queue_url',
      `Dead-letter queue of ${ctx.node.name}`,
      ref(dlq.address, 'url'),
    );
  },
});
