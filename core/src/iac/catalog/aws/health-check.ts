import { BuildError } from '../../build/terraform-build';
import { defineService, type TNode, type TTfBuildContext } from '../service';
import { numProp, strProp } from '../properties';
import { call, obj, ref, tpl, type TTfValue } from '../../ir/terraform-ir';
import { CLOUDWATCH_STATEMENT, keyPolicy } from './key-policy';
import { primaryRef } from './shared';

/** Kinds with a public HTTPS host name a Route 53 health checker can reach. */
const PROBED = ['load-balancer', 'network-load-balancer', 'cdn', 'api-gateway', 'web-app'];

/** The host name of a connected endpoint: its record in a Route 53 zone, else its AWS name. */
function hostOf(ctx: TTfBuildContext, target: TNode): TTfValue {
  if (target.service.kind.endsWith('load-balancer') && target.properties['public'] === false)
    throw new BuildError(
      `health check ${ctx.node.id} cannot probe ${target.id}: it is internal, and Route 53 health checkers are on the internet`,
    );
  const zone = ctx.incomingOf(target, 'traffic').find((e) => e.node.service.kind === 'dns-zone');
  // The zone's alias record matches the endpoint's certificate, which the SNI name selects.
  if (zone) return ref(ctx.address(zone.node, 'aws_route53_record', `_${target.local}`), 'fqdn');
  switch (target.service.kind) {
    case 'cdn':
      return primaryRef(ctx, target, 'domain_name');
    case 'api-gateway':
      return call('replace', primaryRef(ctx, target, 'api_endpoint'), 'https://', '');
    case 'web-app':
      return primaryRef(ctx, target, 'service_url');
    default:
      return primaryRef(ctx, target, 'dns_name');
  }
}

function fqdnOf(ctx: TTfBuildContext): TTfValue {
  const targets = ctx
    .outgoing('traffic')
    .map((e) => e.node)
    .filter((n) => PROBED.includes(n.service.kind));
  if (targets.length > 1)
    throw new BuildError(
      `health check ${ctx.node.id} probes one endpoint: connect it to one of ${targets.map((t) => t.id).join(', ')} and add a health check for each other`,
    );
  if (targets[0]) return hostOf(ctx, targets[0]);
  if (ctx.value('fqdn')) return ctx.prop('fqdn');
  return ctx.variable({
    name: `${ctx.node.local}_fqdn`,
    type: 'string',
    description: `Public host name that health check ${ctx.node.name} probes over HTTPS.`,
  });
}

/**
 * Route 53 health check of a public HTTPS endpoint, with its CloudWatch alarm. Route 53 publishes
 * health-check metrics only in us-east-1 (Route 53 developer guide, "Monitoring health check
 * status and getting notifications"), and an alarm notifies SNS topics of its own region only:
 * the alarm and a relay topic live in us-east-1, and the relay delivers to the subscription
 * endpoint of each connected alert topic.
 */
export const awsRoute53HealthCheck = defineService({
  id: 'aws.route53-health-check',
  cloud: 'aws',
  kind: 'health-check',
  name: 'Route 53 health check',
  category: 'monitoring',
  description:
    'HTTPS health check (SNI, latency measured) of the load balancer, CloudFront distribution, API or App Runner service it connects to, or of a host name, from the default checker regions; an alarm fires when it fails. Route 53 health-check metrics exist only in us-east-1, and an alarm can notify only a topic in its own region, so the alarm and a relay SNS topic (encrypted with a us-east-1 key CloudWatch may use) live there, and the relay notifies the subscription endpoint of each connected alert topic.',
  icon: 'aws-route53-health-check',
  properties: [
    strProp(
      'fqdn',
      'Host name (when connected to no endpoint)',
      '',
      'Public host name probed over HTTPS; empty: a required variable <component>_fqdn.',
    ),
    strProp('path', 'Path', '/'),
    // CreateHealthCheck RequestInterval: 10 (fast) or 30 seconds (rule aws-health-check-interval).
    numProp('requestInterval', 'Request interval (s)', 30, 10, 30),
    numProp('failureThreshold', 'Failures before unhealthy', 3, 1, 10),
  ],
  placement: 'none',
  naming: { rule: 'aws-tag', abbreviation: 'hc' },
  emits: {
    terraform: [
      'aws_route53_health_check',
      'aws_cloudwatch_metric_alarm',
      'aws_sns_topic',
      'aws_sns_topic_subscription',
      'aws_kms_key',
      'aws_kms_alias',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const check = ctx.resource('aws_route53_health_check', local, {
      type: 'HTTPS',
      fqdn: fqdnOf(ctx),
      port: 443,
      resource_path: ctx.prop('path'),
      enable_sni: true,
      request_interval: ctx.prop('requestInterval'),
      failure_threshold: ctx.prop('failureThreshold'),
      measure_latency: true,
      tags: ctx.tags(),
    });
    const usEast1 = ctx.providerAlias('us_east_1', { region: 'us-east-1' });
    const topics = ctx
      .outgoing('data')
      .map((e) => e.node)
      .filter(
        (n) => n.service.id === 'aws.sns' && String(n.properties['subscriptionEndpoint'] ?? ''),
      );
    let actions: TTfValue[] = [];
    if (topics.length > 0) {
      const key = ctx.resource(
        'aws_kms_key',
        `${local}_relay`,
        {
          description: tpl('Alarm relay of ', ctx.name()),
          deletion_window_in_days: 30,
          enable_key_rotation: true,
          policy: keyPolicy(ctx, [CLOUDWATCH_STATEMENT]),
          tags: ctx.tags(),
        },
        undefined,
        { provider: usEast1 },
      );
      ctx.resource(
        'aws_kms_alias',
        `${local}_relay`,
        { name: tpl('alias/', ctx.name('relay')), target_key_id: ref(key.address, 'key_id') },
        undefined,
        { provider: usEast1 },
      );
      const relay = ctx.resource(
        'aws_sns_topic',
        `${local}_relay`,
        { name: ctx.name('relay'), kms_master_key_id: ref(key.address, 'id'), tags: ctx.tags() },
        undefined,
        { provider: usEast1 },
      );
      for (const topic of topics) {
        // SNS cannot subscribe a topic to a topic: the relay notifies the topic's own subscriber.
        const own = `aws_sns_topic_subscription.${topic.local}_notify`;
        const sub = ctx.resource(
          'aws_sns_topic_subscription',
          `${local}_relay_${topic.local}`,
          {
            topic_arn: ref(relay.address, 'arn'),
            protocol: ref(own, 'protocol'),
            endpoint: ref(own, 'endpoint'),
          },
          undefined,
          { provider: usEast1 },
        );
        ctx.output(
          `relay_${topic.local}_subscription_arn`,
          `Subscription of the endpoint of topic ${topic.name} to the us-east-1 alarm relay of ${ctx.node.name}: pending until confirmed, as the topic's own is`,
          ref(sub.address, 'arn'),
        );
      }
      actions = [ref(relay.address, 'arn')];
    }
    ctx.resource(
      'aws_cloudwatch_metric_alarm',
      local,
      {
        alarm_name: ctx.name('down'),
        alarm_description: `Health check ${ctx.node.name} reports the endpoint unhealthy`,
        namespace: 'AWS/Route53',
        metric_name: 'HealthCheckStatus',
        dimensions: obj({ HealthCheckId: ref(check.address, 'id') }),
        statistic: 'Minimum',
        period: 60,
        evaluation_periods: 1,
        threshold: 1,
        comparison_operator: 'LessThanThreshold',
        treat_missing_data: 'breaching',
        ...(actions.length > 0 ? { alarm_actions: actions, ok_actions: actions } : {}),
        tags: ctx.tags(),
      },
      undefined,
      { provider: usEast1 },
    );
    ctx.output(
      'health_check_id',
      `Id of Route 53 health check ${ctx.node.name}`,
      ref(check.address, 'id'),
    );
  },
});
