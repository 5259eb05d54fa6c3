import { defineService, type TNode, type TTfBuildContext } from '../service';
import { boolProp, enumProp, numProp, strProp } from '../properties';
import { block, ref, tfVar, tpl, type TTfValue } from '../../ir/terraform-ir';
import { notificationChannels } from './alert-channels';

/** Google Cloud operations: Cloud Logging buckets and Cloud Monitoring alert policies. */

export const gcpLogBucket = defineService({
  id: 'gcp.log-bucket',
  cloud: 'gcp',
  kind: 'log-group',
  name: 'Cloud Logging bucket',
  category: 'monitoring',
  description:
    'Regional log bucket with a retention period and Log Analytics, and a sink routing the logs of the components it connects to.',
  icon: 'gcp-cloud-logging',
  properties: [
    numProp('retention', 'Retention (days)', 30, 1, 3650),
    boolProp('analytics', 'Log Analytics', true),
    strProp('filter', 'Sink filter (empty: the connected components)', ''),
  ],
  placement: 'none',
  naming: { rule: 'gcp-log-bucket', abbreviation: 'log' },
  emits: { terraform: ['google_logging_project_bucket_config', 'google_logging_project_sink'] },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const bucket = ctx.resource('google_logging_project_bucket_config', local, {
      project: tfVar('project_id'),
      location: tfVar('region'),
      bucket_id: ctx.name(),
      retention_days: ctx.prop('retention'),
      enable_analytics: ctx.prop('analytics'),
    });
    const sources = ctx.incoming().map((e) => e.node);
    const filter =
      ctx.value('filter') ||
      (sources.length > 0
        ? tpl(
            ...sources.flatMap((n, i) =>
              i > 0 ? [' OR ', logFilterOf(ctx, n)] : [logFilterOf(ctx, n)],
            ),
          )
        : 'severity>=WARNING');
    ctx.resource('google_logging_project_sink', local, {
      name: ctx.name('sink'),
      destination: tpl('logging.googleapis.com/', ref(bucket.address, 'id')),
      filter,
      unique_writer_identity: true,
    });
    ctx.output('bucket', `Log bucket ${ctx.node.name}`, ref(bucket.address, 'id'));
  },
});

/** Monitored resource type of a node's logs and metrics. */
const RESOURCE_TYPES: Readonly<Record<string, string>> = {
  vm: 'gce_instance',
  'autoscaling-group': 'gce_instance',
  kubernetes: 'k8s_container',
  'serverless-container': 'cloud_run_revision',
  function: 'cloud_run_revision',
  postgresql: 'cloudsql_database',
  mysql: 'cloudsql_database',
  sqlserver: 'cloudsql_database',
  'load-balancer': 'http_load_balancer',
  cache: 'redis_instance',
  queue: 'pubsub_subscription',
  topic: 'pubsub_topic',
};

/**
 * The label that names one component among the resources of its monitored type, and its
 * value: without it a filter matches every Cloud Run service, database or VM of the project.
 * An instance group's VMs are named after the group: its metrics carry `instance_name`.
 */
function scopeOf(ctx: TTfBuildContext, n: TNode): { label: string; value: TTfValue } | undefined {
  const at = (type: string, attr: string) => ref(ctx.address(n, type), attr);
  switch (n.service.kind) {
    case 'vm':
      return {
        label: 'resource.labels.instance_id',
        value: at('google_compute_instance', 'instance_id'),
      };
    case 'serverless-container':
      return {
        label: 'resource.labels.service_name',
        value: at('google_cloud_run_v2_service', 'name'),
      };
    case 'function':
      // A 2nd gen function runs as the Cloud Run service of its name.
      return {
        label: 'resource.labels.service_name',
        value: at('google_cloudfunctions2_function', 'name'),
      };
    case 'postgresql':
    case 'mysql':
    case 'sqlserver':
      return {
        label: 'resource.labels.database_id',
        value: tpl(tfVar('project_id'), ':', at('google_sql_database_instance', 'name')),
      };
    case 'load-balancer':
      return { label: 'resource.labels.url_map_name', value: at('google_compute_url_map', 'name') };
    case 'queue':
      return {
        label: 'resource.labels.subscription_id',
        value: at('google_pubsub_subscription', 'name'),
      };
    case 'kubernetes':
      return {
        label: 'resource.labels.cluster_name',
        value: at('google_container_cluster', 'name'),
      };
    default:
      return undefined;
  }
}

const logFilterOf = (ctx: TTfBuildContext, n: TNode): TTfValue => {
  const type = `resource.type="${RESOURCE_TYPES[n.service.kind] ?? 'global'}"`;
  // An instance group's logs carry no label of the group: its VMs stay matched by type.
  const scope = scopeOf(ctx, n);
  return scope ? tpl(`(${type} AND ${scope.label}="`, scope.value, '")') : type;
};

/** The clause of a metric filter that keeps the watched component's time series only. */
function metricScope(ctx: TTfBuildContext, n: TNode): TTfValue | undefined {
  if (n.service.kind === 'autoscaling-group') {
    const group = ref(
      ctx.address(n, 'google_compute_region_instance_group_manager'),
      'base_instance_name',
    );
    return tpl('metric.labels.instance_name = starts_with("', group, '-")');
  }
  const scope = scopeOf(ctx, n);
  return scope && tpl(`${scope.label} = "`, scope.value, '"');
}

/** The metric that says a watched component is unhealthy, as a Cloud Monitoring filter. */
function metricFor(
  ctx: TTfBuildContext,
  node: TNode | undefined,
): { filter: TTfValue; what: string; aligner?: string } {
  const scope = node && metricScope(ctx, node);
  const f = (resource: string, metric: string) => ({
    filter: scope
      ? tpl(`resource.type = "${resource}" AND metric.type = "${metric}" AND `, scope)
      : `resource.type = "${resource}" AND metric.type = "${metric}"`,
    what: metric.split('/').slice(1).join('/'),
  });
  switch (node?.service.kind) {
    case 'autoscaling-group':
    case 'vm':
      return f('gce_instance', 'compute.googleapis.com/instance/cpu/utilization');
    case 'postgresql':
    case 'mysql':
    case 'sqlserver':
      return f('cloudsql_database', 'cloudsql.googleapis.com/database/cpu/utilization');
    case 'serverless-container':
    case 'function':
      return f('cloud_run_revision', 'run.googleapis.com/request_latencies');
    case 'load-balancer':
      return f('https_lb_rule', 'loadbalancing.googleapis.com/https/backend_latencies');
    case 'queue':
      return f(
        'pubsub_subscription',
        'pubsub.googleapis.com/subscription/oldest_unacked_message_age',
      );
    case 'cache':
      return f('redis_instance', 'redis.googleapis.com/stats/memory/usage_ratio');
    case 'kubernetes':
      // A cumulative count: no gauge aligner applies; restarts within each period are compared.
      return {
        ...f('k8s_container', 'kubernetes.io/container/restart_count'),
        aligner: 'ALIGN_DELTA',
      };
    default:
      return f('gce_instance', 'compute.googleapis.com/instance/cpu/utilization');
  }
}

export const gcpAlertPolicy = defineService({
  id: 'gcp.alert-policy',
  cloud: 'gcp',
  kind: 'alarm',
  name: 'Cloud Monitoring alert policy',
  category: 'monitoring',
  description:
    'Threshold alert on the component it watches; notifies the Pub/Sub topics it is connected to through notification channels.',
  icon: 'gcp-cloud-monitoring',
  properties: [
    enumProp(
      'comparison',
      'Comparison',
      ['COMPARISON_GT', 'COMPARISON_GE', 'COMPARISON_LT', 'COMPARISON_LE'],
      'COMPARISON_GT',
    ),
    numProp('threshold', 'Threshold', 0.8, 0, 1e9),
    enumProp('duration', 'For at least', ['60s', '300s', '900s', '3600s'], '300s'),
    enumProp(
      'aligner',
      'Aligner',
      ['ALIGN_MEAN', 'ALIGN_MAX', 'ALIGN_MIN', 'ALIGN_SUM', 'ALIGN_PERCENTILE_99'],
      'ALIGN_MEAN',
    ),
  ],
  placement: 'none',
  naming: { rule: 'gcp-display', abbreviation: 'alert' },
  emits: {
    terraform: ['google_monitoring_alert_policy', 'google_monitoring_notification_channel'],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const edges = ctx.outgoing();
    const watched = edges.find((e) => e.node.service.kind !== 'topic')?.node;
    const metric = metricFor(ctx, watched);
    const channels = notificationChannels(ctx);
    ctx.resource('google_monitoring_alert_policy', local, {
      display_name: ctx.name(),
      combiner: 'OR',
      severity: 'WARNING',
      user_labels: ctx.tags(),
      ...(channels.length > 0 ? { notification_channels: channels } : {}),
      documentation: block({
        content: watched ? `${metric.what} of ${watched.name}` : metric.what,
        mime_type: 'text/markdown',
      }),
      conditions: block({
        display_name: watched ? `${metric.what} of ${watched.name}` : metric.what,
        condition_threshold: block({
          filter: metric.filter,
          comparison: ctx.prop('comparison'),
          threshold_value: ctx.prop('threshold'),
          duration: ctx.prop('duration'),
          aggregations: block({
            alignment_period: '60s',
            per_series_aligner: metric.aligner ?? ctx.prop('aligner'),
          }),
        }),
      }),
    });
  },
});
