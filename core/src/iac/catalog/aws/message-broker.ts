import { defineService } from '../service';
import { enumProp } from '../properties';
import { block, call, ref, tfVar, type TTfValue } from '../../ir/terraform-ir';
import { ownSecurityGroup } from './security-groups';
import { BROKER_USERNAME, writeClientSecret } from './client-secret';

/**
 * Amazon MQ for RabbitMQ. 3.13 is named by major.minor only and needs automatic minor version
 * upgrades (Amazon MQ "Managing Amazon MQ for RabbitMQ engine versions"); mq.m5 sizes run both
 * single-instance and cluster brokers ("Broker instance types").
 */
const MQ_INSTANCE_TYPES = [
  'mq.m5.large',
  'mq.m5.xlarge',
  'mq.m5.2xlarge',
  'mq.m5.4xlarge',
] as const;

/** AMQP over TLS: Amazon MQ for RabbitMQ accepts TLS connections only. */
const AMQPS_PORT = 5671;

export const awsMqRabbit = defineService({
  id: 'aws.mq-rabbitmq',
  cloud: 'aws',
  kind: 'message-broker',
  name: 'Amazon MQ for RabbitMQ',
  category: 'messaging',
  description:
    'Managed RabbitMQ broker in private subnets: AMQP over TLS only, encrypted at rest, general logs to CloudWatch, a three-node cluster across zones or a single instance.',
  icon: 'aws-mq',
  properties: [
    enumProp('mode', 'Deployment', ['CLUSTER_MULTI_AZ', 'SINGLE_INSTANCE'], 'CLUSTER_MULTI_AZ'),
    enumProp('instanceType', 'Broker instance type', MQ_INSTANCE_TYPES, 'mq.m5.large'),
  ],
  placement: 'subnet',
  port: AMQPS_PORT,
  isNetworked: true,
  naming: { rule: 'aws-mq', abbreviation: 'mq' },
  emits: {
    terraform: ['aws_mq_broker', 'aws_secretsmanager_secret', 'aws_secretsmanager_secret_version'],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const groups = ownSecurityGroup(ctx, `Message broker ${ctx.node.name}`);
    // One subnet per zone: a single instance takes the first, a private cluster one or more.
    const zones = new Map<unknown, TTfValue>();
    for (const s of ctx.subnets()) {
      if (!zones.has(s.properties['zone']))
        zones.set(s.properties['zone'], ref(ctx.address(s, 'aws_subnet'), 'id'));
    }
    const subnets = [...zones.values()];
    const modes = [
      ctx.value('mode'),
      ...ctx.environments.map((e) => ctx.node.overrides[e]?.['mode']),
    ];
    const subnetsOf = (mode: unknown) =>
      mode === 'SINGLE_INSTANCE' ? subnets.slice(0, 1) : subnets;
    const subnetIds = modes.every((m) => m === undefined || m === modes[0])
      ? subnetsOf(modes[0])
      : call(
          'slice',
          subnets,
          0,
          ctx.prop('mode', (v) => subnetsOf(v).length, 'subnetCount'),
        );
    // No managed password for RabbitMQ brokers: a sensitive variable, checked against the
    // broker's rules (12-250 characters, no commas, colons or equal signs; CreateUser API).
    const password = ctx.variable({
      name: `${local}_admin_password`,
      type: 'string',
      description: `Admin password of broker ${ctx.node.name} (set TF_VAR_${local}_admin_password).`,
      sensitive: true,
      validation: {
        condition: call('can', call('regex', '^[^,:=]{12,250}$', tfVar(`${local}_admin_password`))),
        errorMessage:
          'The broker password needs 12 to 250 characters without commas, colons or equal signs.',
      },
    });
    const broker = ctx.resource('aws_mq_broker', local, {
      broker_name: ctx.name(),
      engine_type: 'RabbitMQ',
      engine_version: '3.13',
      auto_minor_version_upgrade: true,
      host_instance_type: ctx.prop('instanceType'),
      deployment_mode: ctx.prop('mode'),
      publicly_accessible: false,
      subnet_ids: subnetIds,
      security_groups: groups,
      // RabbitMQ brokers export general logs only (audit logs are an ActiveMQ feature).
      logs: block({ general: true }),
      maintenance_window_start_time: block({
        day_of_week: 'SUNDAY',
        time_of_day: '03:00',
        time_zone: 'UTC',
      }),
      user: block({ username: BROKER_USERNAME, password }),
      tags: ctx.tags(),
    });
    // Clients sign in as that user, with its password read from a secret (client-secret.ts).
    writeClientSecret(
      ctx,
      password,
      `Password of user ${BROKER_USERNAME} of broker ${ctx.node.name}`,
      `${broker.address}.user`,
    );
    ctx.output(
      'amqps_endpoint',
      `AMQPS endpoint of broker ${ctx.node.name}`,
      ref(broker.address, 'instances[0].endpoints[0]'),
    );
  },
});
