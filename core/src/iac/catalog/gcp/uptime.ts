import { BuildError } from '../../build/terraform-build';
import { defineService, type TNode, type TTfBuildContext } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import {
  block,
  call,
  obj,
  ref,
  tfVar,
  tpl,
  type TTfBody,
  type TTfValue,
} from '../../ir/terraform-ir';
import { primaryRef } from './shared';
import { monitoringAgent, notificationChannels } from './alert-channels';
import { isOpenToAll, runIngressOf } from './serverless-ingress';

/** What an uptime check can probe: a front end, or a Cloud Run service or function. */
const PROBED = ['load-balancer', 'cdn', 'serverless-container', 'function'];

/** The front end or service the check connects to (the first), if any. */
const probedOf = (ctx: TTfBuildContext): TNode | undefined =>
  ctx
    .outgoing()
    .map((e) => e.node)
    .find((n) => PROBED.includes(n.service.kind));

/** The public host an uptime check probes: the front end it connects to, or its property. */
function hostOf(ctx: TTfBuildContext, target: TNode | undefined): TTfValue {
  if (target && ['load-balancer', 'cdn'].includes(target.service.kind)) {
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

/**
 * Uptime checkers come from the internet: a Cloud Run service must accept all ingress, and a
 * function never does (it takes internal and load balancer traffic only: platform.ts).
 */
function runHost(ctx: TTfBuildContext, run: TNode): TTfValue {
  if (run.service.kind === 'function' || runIngressOf(ctx, run) !== 'INGRESS_TRAFFIC_ALL') {
    const accepts =
      run.service.kind === 'function' ? 'internal and load balancer' : 'internal or load balancer';
    throw new BuildError(
      `${ctx.node.id} -> ${run.id}: uptime checkers come from the internet, and ${run.id} accepts ${accepts} traffic only: connect the check to its load balancer`,
    );
  }
  return call('trimprefix', primaryRef(ctx, run, 'uri'), 'https://');
}

/**
 * A Cloud Run service that not everyone may invoke answers an anonymous probe with 403: the
 * check then sends an OIDC token of Cloud Monitoring's service agent, which may invoke it
 * ("Create public uptime checks", service agent authentication).
 */
function probeAuthentication(ctx: TTfBuildContext, target: TNode | undefined): TTfBody {
  if (target?.service.kind !== 'serverless-container' || isOpenToAll(ctx, target)) return {};
  const project = ctx.data('google_project', 'current', {});
  ctx.resource('google_cloud_run_v2_service_iam_member', `${ctx.node.local}_probe`, {
    name: primaryRef(ctx, target, 'name'),
    location: tfVar('region'),
    role: 'roles/run.invoker',
    member: monitoringAgent(project.address),
  });
  return { service_agent_authentication: block({ type: 'OIDC_TOKEN' }) };
}

export const gcpUptimeCheck = defineService({
  id: 'gcp.uptime-check',
  cloud: 'gcp',
  kind: 'apm',
  name: 'Cloud Monitoring uptime check',
  category: 'monitoring',
  description:
    'HTTPS check of the load balancer, CDN or Cloud Run service it connects to (certificate validated, 2xx expected; a service that checks its callers gets the OIDC token of Cloud Monitoring’s agent, which may invoke it) from the global checker regions, with an alert policy when it fails, notifying the Pub/Sub topics it connects to.',
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
      'google_cloud_run_v2_service_iam_member',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const target = probedOf(ctx);
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
        ...probeAuthentication(ctx, target),
      }),
      monitored_resource: block({
        type: 'uptime_url',
        labels: obj({ project_id: tfVar('project_id'), host: hostOf(ctx, target) }),
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
