import { BuildError } from '../../build/terraform-build';
import { defineService, type TNode, type TTfBuildContext } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { block, call, obj, ref, tfVar, tpl, type TTfValue } from '../../ir/terraform-ir';
import { primaryRef } from './shared';
import { notificationChannels } from './alert-channels';
import { runIngressOf } from './serverless-ingress';

/** The public host an uptime check probes: the front end it connects to, or its property. */
function hostOf(ctx: TTfBuildContext): TTfValue {
  const target = ctx
    .outgoing()
    .map((e) => e.node)
    .find((n) => ['load-balancer', 'cdn', 'serverless-container'].includes(n.service.kind));
  if (target && target.service.kind !== 'serverless-container') {
    // The first domain of the front end's Google-managed certificate (a literal or a variable).
    return ref(
      ctx.address(target, 'google_compute_managed_ssl_certificate'),
      'managed[0].domains[0]',
    );
  }
  if (target) return runHost(ctx, target);
  const host = ctx.value('host');
  if (host) return host;
  return ctx.variable({
    name: `${ctx.node.local}_host`,
    type: 'string',
    description: `Public host name that uptime check ${ctx.node.name} probes over HTTPS.`,
  });
}

/** Uptime checkers come from the internet: a Cloud Run service must accept all ingress. */
function runHost(ctx: TTfBuildContext, run: TNode): TTfValue {
  if (runIngressOf(ctx, run) !== 'INGRESS_TRAFFIC_ALL') {
    throw new BuildError(
      `${ctx.node.id} -> ${run.id}: uptime checkers come from the internet, and ${run.id} accepts internal or load balancer traffic only: connect the check to its load balancer`,
    );
  }
  return call('trimprefix', primaryRef(ctx, run, 'uri'), 'https://');
}

export const gcpUptimeCheck = defineService({
  id: 'gcp.uptime-check',
  cloud: 'gcp',
  kind: 'apm',
  name: 'Cloud Monitoring uptime check',
  category: 'monitoring',
  description:
    'HTTPS check of the load balancer, CDN or Cloud Run service it connects to (certificate validated, 2xx expected) from the global checker regions, with an alert policy when it fails, notifying the Pub/Sub topics it connects to.',
  icon: 'gcp-cloud-monitoring',
  properties: [
    strProp('path', 'Path', '/'),
    strProp('host', 'Host (when connected to no front end)', ''),
    enumProp('period', 'Check every', ['60s', '300s', '600s', '900s'], '60s'),
    numProp('timeout', 'Timeout (s)', 10, 1, 60),
  ],
  placement: 'none',
  naming: { rule: 'gcp-display', abbreviation: 'uptime' },
  emits: {
    terraform: [
      'google_monitoring_uptime_check_config',
      'google_monitoring_alert_policy',
      'google_monitoring_notification_channel',
      'google_pubsub_topic_iam_member',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const check = ctx.resource('google_monitoring_uptime_check_config', local, {
      display_name: ctx.name(),
      timeout: ctx.prop('timeout', (v) => `${Number(v)}s`),
      period: ctx.prop('period'),
      checker_type: 'STATIC_IP_CHECKERS',
      log_check_failures: true,
      user_labels: ctx.tags(),
      http_check: block({
        path: ctx.prop('path'),
        port: 443,
        use_ssl: true,
        validate_ssl: true,
        request_method: 'GET',
        accepted_response_status_codes: block({ status_class: 'STATUS_CLASS_2XX' }),
      }),
      monitored_resource: block({
        type: 'uptime_url',
        labels: obj({ project_id: tfVar('project_id'), host: hostOf(ctx) }),
      }),
    });
    const channels = notificationChannels(ctx);
    // "Alerting on uptime checks": fails when more than one checker region fails.
    ctx.resource('google_monitoring_alert_policy', local, {
      display_name: ctx.name('down'),
      combiner: 'OR',
      severity: 'CRITICAL',
      user_labels: ctx.tags(),
      ...(channels.length > 0 ? { notification_channels: channels } : {}),
      documentation: block({
        content: `Uptime check ${ctx.node.name} fails from more than one region.`,
        mime_type: 'text/markdown',
      }),
      conditions: block({
        display_name: `Uptime check ${ctx.node.name} failing`,
        condition_threshold: block({
          filter: tpl(
            'metric.type="monitoring.googleapis.com/uptime_check/check_passed" AND resource.type="uptime_url" AND metric.label.check_id="',
            ref(check.address, 'uptime_check_id'),
            '"',
          ),
          comparison: 'COMPARISON_GT',
          threshold_value: 1,
          duration: '60s',
          aggregations: block({
            alignment_period: '1200s',
            per_series_aligner: 'ALIGN_NEXT_OLDER',
            cross_series_reducer: 'REDUCE_COUNT_FALSE',
            group_by_fields: ['resource.label.*'],
          }),
        }),
      }),
    });
    ctx.output(
      'uptime_check_id',
      `Id of uptime check ${ctx.node.name}`,
      ref(check.address, 'uptime_check_id'),
    );
  },
});
