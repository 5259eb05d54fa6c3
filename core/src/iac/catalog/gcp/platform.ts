import { defineService, type TNode, type TTfBuildContext } from '../service';
import { boolProp, enumProp, listProp, numProp, strProp } from '../properties';
import { block, call, obj, ref, tfVar, tpl, type TTfRef } from '../../ir/terraform-ir';
import { connectionEnv } from './connection-env';
import { functionBuildAccount } from './function-build';
import { allowInvoke, grantData, grantInvoke, primaryRef, serviceAccount } from './shared';
import { allowAllInvokers } from './serverless-ingress';

/** Google Cloud serverless and platform services: functions, registry, messaging, security, operations. */
export const gcpArtifactRegistry = defineService({
  id: 'gcp.artifact-registry',
  cloud: 'gcp',
  kind: 'container-registry',
  name: 'Artifact Registry repository',
  category: 'containers',
  description:
    'Regional repository (Docker images by default) with immutable tags and a cleanup policy for untagged versions.',
  icon: 'gcp-artifact-registry',
  properties: [
    enumProp(
      'format',
      'Format',
      ['DOCKER', 'NPM', 'PYTHON', 'MAVEN', 'GO', 'APT', 'YUM'],
      'DOCKER',
    ),
    enumProp('tagMutability', 'Tag mutability (Docker)', ['IMMUTABLE', 'MUTABLE'], 'IMMUTABLE'),
    numProp('untaggedDays', 'Delete untagged after (days)', 30, 1, 3650),
  ],
  placement: 'none',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'gar' },
  emits: { terraform: ['google_artifact_registry_repository'] },
  terraform: (ctx) => {
    const isDocker = ctx.value('format') === 'DOCKER';
    const repo = ctx.resource('google_artifact_registry_repository', ctx.node.local, {
      repository_id: ctx.name(),
      location: tfVar('region'),
      format: ctx.value('format'),
      description: `Repository ${ctx.node.name}`,
      labels: ctx.tags(),
      ...(isDocker
        ? {
            docker_config: block({
              immutable_tags: ctx.prop('tagMutability', (v) => v === 'IMMUTABLE'),
            }),
          }
        : {}),
      cleanup_policies: block({
        id: 'delete-untagged',
        action: 'DELETE',
        condition: block({
          tag_state: 'UNTAGGED',
          older_than: ctx.prop('untaggedDays', (v) => `${Number(v) * 86400}s`),
        }),
      }),
    });
    ctx.output(
      'repository',
      `Repository ${ctx.node.name}`,
      tpl(
        ref(repo.address, 'location'),
        '-docker.pkg.dev/',
        ref(repo.address, 'project'),
        '/',
        ref(repo.address, 'repository_id'),
      ),
    );
  },
});

export const gcpCloudFunction = defineService({
  id: 'gcp.cloud-function',
  cloud: 'gcp',
  kind: 'function',
  name: 'Cloud Run function',
  category: 'functions',
  description:
    'Cloud Functions (2nd gen) from a zip in a source bucket, with its own service account, and a Pub/Sub trigger from its queue connection.',
  icon: 'gcp-cloud-functions',
  properties: [
    enumProp(
      'runtime',
      'Runtime',
      ['nodejs22', 'nodejs20', 'python313', 'python312', 'go123', 'java21', 'dotnet8'],
      'nodejs22',
    ),
    strProp('handler', 'Entry point', 'handler'),
    numProp('memory', 'Memory (MB)', 256, 128, 4096),
    numProp('timeout', 'Timeout (s)', 60, 1, 540),
    numProp('maxInstances', 'Maximum instances', 100, 1, 1000),
  ],
  placement: 'none',
  port: 443,
  naming: { rule: 'gcp-rfc1035', abbreviation: 'fn' },
  emits: {
    terraform: [
      'google_cloudfunctions2_function',
      'google_service_account',
      'google_storage_bucket',
      'google_storage_bucket_object',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const sa = serviceAccount(ctx, '');
    const build = functionBuildAccount(ctx);
    grantData(ctx, ref(sa.address, 'email'));
    grantInvoke(ctx, ref(sa.address, 'email'));
    const env = connectionEnv(ctx);
    const sources = ctx.shared('google_storage_bucket', 'function_sources', {
      name: tpl(tfVar('project_id'), '-', ctx.designName('fn-src', 'gcp-bucket')),
      location: tfVar('region'),
      uniform_bucket_level_access: true,
      public_access_prevention: 'enforced',
      labels: ctx.tags(),
    });
    const pkg = ctx.variable({
      name: `${local}_package`,
      type: 'string',
      description: `Path of the source archive (.zip) of ${ctx.node.name}.`,
      default: `build/${ctx.node.name}.zip`,
    });
    const object = ctx.resource('google_storage_bucket_object', local, {
      name: tpl(`${ctx.node.name}-`, call('filemd5', pkg), '.zip'),
      bucket: ref(sources.address, 'name'),
      source: pkg,
    });
    const queue = ctx.outgoing('data').find((e) => e.node.service.kind === 'queue');
    const fn = ctx.resource(
      'google_cloudfunctions2_function',
      local,
      {
        name: ctx.name(),
        location: tfVar('region'),
        labels: ctx.tags(),
        build_config: block({
          runtime: ctx.prop('runtime'),
          entry_point: ctx.prop('handler'),
          service_account: build.account,
          source: block({
            storage_source: block({
              bucket: ref(sources.address, 'name'),
              object: ref(object.address, 'name'),
            }),
          }),
        }),
        service_config: block({
          available_memory: ctx.prop('memory', (v) => `${Number(v)}M`),
          timeout_seconds: ctx.prop('timeout'),
          max_instance_count: ctx.prop('maxInstances'),
          ingress_settings: 'ALLOW_INTERNAL_AND_GCLB',
          all_traffic_on_latest_revision: true,
          service_account_email: ref(sa.address, 'email'),
          ...(Object.keys(env).length > 0 ? { environment_variables: obj(env) } : {}),
        }),
        ...(queue
          ? {
              event_trigger: block({
                trigger_region: tfVar('region'),
                event_type: 'google.cloud.pubsub.topic.v1.messagePublished',
                pubsub_topic: primaryRef(ctx, queue.node, 'id'),
                retry_policy: 'RETRY_POLICY_RETRY',
                service_account_email: ref(sa.address, 'email'),
              }),
            }
          : {}),
      },
      [build.grant],
    );
    allowAllInvokers(ctx);
    if (queue) {
      // The trigger's push subscription invokes the function as its service account.
      ctx.resource('google_cloud_run_v2_service_iam_member', `${local}_trigger`, {
        name: ref(fn.address, 'name'),
        location: tfVar('region'),
        role: 'roles/run.invoker',
        member: tpl('serviceAccount:', ref(sa.address, 'email')),
      });
    }
    ctx.output('uri', `URL of ${ctx.node.name}`, ref(fn.address, 'url'));
  },
});

/** Pub/Sub push delivery to a Cloud Run service or function, authenticated by OIDC token. */
function pushEndpoint(ctx: TTfBuildContext, node: TNode): TTfRef | undefined {
  if (node.service.kind === 'serverless-container') return primaryRef(ctx, node, 'uri');
  if (node.service.kind === 'function') return primaryRef(ctx, node, 'url');
  return undefined;
}

export const gcpPubSubQueue = defineService({
  id: 'gcp.pubsub-queue',
  cloud: 'gcp',
  kind: 'queue',
  name: 'Pub/Sub queue (topic + pull subscription)',
  category: 'messaging',
  description:
    'Google Cloud has no separate queue service for pull consumers: a topic with one pull subscription (ack deadline, retention, retry backoff) and a dead-letter topic plays the role of a queue.',
  icon: 'gcp-pubsub',
  properties: [
    numProp('visibilityTimeout', 'Ack deadline (s)', 30, 10, 600),
    numProp('retention', 'Retention (s)', 604800, 600, 604800),
    boolProp('deadLetter', 'Dead-letter topic', true),
    numProp('maxReceiveCount', 'Deliveries before dead-letter', 5, 5, 100),
    boolProp('ordering', 'Message ordering', false),
  ],
  placement: 'none',
  naming: { rule: 'gcp-pubsub', abbreviation: 'q' },
  emits: { terraform: ['google_pubsub_topic', 'google_pubsub_subscription'] },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const topic = ctx.resource('google_pubsub_topic', local, {
      name: ctx.name(),
      labels: ctx.tags(),
    });
    const dlq = ctx.value<boolean>('deadLetter')
      ? ctx.resource('google_pubsub_topic', `${local}_dlq`, {
          name: ctx.name('dlq'),
          message_retention_duration: '604800s',
          labels: ctx.tags(),
        })
      : undefined;
    const sub = ctx.resource('google_pubsub_subscription', local, {
      name: ctx.name('sub'),
      topic: ref(topic.address, 'id'),
      ack_deadline_seconds: ctx.prop('visibilityTimeout'),
      message_retention_duration: ctx.prop('retention', (v) => `${Number(v)}s`),
      enable_message_ordering: ctx.prop('ordering'),
      labels: ctx.tags(),
      expiration_policy: block({ ttl: '' }),
      retry_policy: block({ minimum_backoff: '10s', maximum_backoff: '600s' }),
      ...(dlq
        ? {
            dead_letter_policy: block({
              dead_letter_topic: ref(dlq.address, 'id'),
              max_delivery_attempts: ctx.prop('maxReceiveCount'),
            }),
          }
        : {}),
    });
    if (dlq) {
      // Pub/Sub's service agent moves undeliverable messages: it publishes to the dead-letter
      // topic and acknowledges on the subscription.
      const project = ctx.data('google_project', 'current', {});
      const agent = tpl(
        'serviceAccount:service-',
        ref(project.address, 'number'),
        '@gcp-sa-pubsub.iam.gserviceaccount.com',
      );
      ctx.resource('google_pubsub_topic_iam_member', `${local}_dlq_publisher`, {
        topic: ref(dlq.address, 'name'),
        role: 'roles/pubsub.publisher',
        member: agent,
      });
      ctx.resource('google_pubsub_subscription_iam_member', `${local}_dlq_subscriber`, {
        subscription: ref(sub.address, 'name'),
        role: 'roles/pubsub.subscriber',
        member: agent,
      });
    }
    ctx.output('subscription', `Subscription of queue ${ctx.node.name}`, ref(sub.address, 'id'));
  },
});

export const gcpPubSubTopic = defineService({
  id: 'gcp.pubsub-topic',
  cloud: 'gcp',
  kind: 'topic',
  name: 'Pub/Sub topic',
  category: 'messaging',
  description:
    'Fan-out topic: a push subscription (OIDC-authenticated) for each Cloud Run service or function it sends to, and a pull subscription for other consumers.',
  icon: 'gcp-pubsub',
  properties: [
    enumProp('retention', 'Message retention', ['600s', '86400s', '604800s'], '86400s'),
    numProp('ackDeadline', 'Ack deadline (s)', 30, 10, 600),
  ],
  placement: 'none',
  naming: { rule: 'gcp-pubsub', abbreviation: 'ps' },
  emits: { terraform: ['google_pubsub_topic', 'google_pubsub_subscription'] },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const topic = ctx.resource('google_pubsub_topic', local, {
      name: ctx.name(),
      message_retention_duration: ctx.prop('retention'),
      labels: ctx.tags(),
    });
    const targets = [...ctx.outgoing('traffic'), ...ctx.outgoing('data')];
    const pushes = targets.filter((e) => pushEndpoint(ctx, e.node) !== undefined);
    const invoker = pushes.length > 0 ? serviceAccount(ctx, 'push') : undefined;
    for (const edge of pushes) {
      ctx.resource('google_pubsub_subscription', `${local}_${edge.node.local}`, {
        name: ctx.name(edge.node.name),
        topic: ref(topic.address, 'id'),
        ack_deadline_seconds: ctx.prop('ackDeadline'),
        labels: ctx.tags(),
        push_config: block({
          push_endpoint: pushEndpoint(ctx, edge.node)!,
          oidc_token: block({ service_account_email: ref(invoker!.address, 'email') }),
        }),
      });
      allowInvoke(ctx, edge.node, ref(invoker!.address, 'email'));
    }
    if (pushes.length === 0) {
      ctx.resource('google_pubsub_subscription', local, {
        name: ctx.name('sub'),
        topic: ref(topic.address, 'id'),
        ack_deadline_seconds: ctx.prop('ackDeadline'),
        labels: ctx.tags(),
      });
    }
    ctx.output('topic', `Topic ${ctx.node.name}`, ref(topic.address, 'id'));
  },
});

export const gcpEventarcBus = defineService({
  id: 'gcp.eventarc-bus',
  cloud: 'gcp',
  kind: 'event-bus',
  name: 'Eventarc Advanced message bus',
  category: 'messaging',
  description:
    'Message bus with, for each consumer, an enrollment matching the event source and a pipeline delivering to it (HTTP with OIDC for Cloud Run and functions, or a Pub/Sub topic).',
  icon: 'gcp-eventarc',
  properties: [strProp('source', 'Event source matched by enrollments', 'app.orders')],
  placement: 'none',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'bus' },
  emits: {
    terraform: [
      'google_eventarc_message_bus',
      'google_eventarc_pipeline',
      'google_eventarc_enrollment',
      'google_service_account',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const bus = ctx.resource('google_eventarc_message_bus', local, {
      message_bus_id: ctx.name(),
      location: tfVar('region'),
      labels: ctx.tags(),
      logging_config: block({ log_severity: 'ERROR' }),
    });
    const targets = [...ctx.outgoing('traffic'), ...ctx.outgoing('data')].filter((e) =>
      ['serverless-container', 'function', 'queue', 'topic'].includes(e.node.service.kind),
    );
    const invoker = targets.length > 0 ? serviceAccount(ctx, 'pipeline') : undefined;
    for (const edge of targets) {
      const t = edge.node;
      const endpoint = pushEndpoint(ctx, t);
      const destination = endpoint
        ? block({
            http_endpoint: block({ uri: endpoint }),
            authentication_config: block({
              google_oidc: block({ service_account: ref(invoker!.address, 'email') }),
            }),
          })
        : block({ topic: primaryRef(ctx, t, 'id') });
      if (endpoint) allowInvoke(ctx, edge.node, ref(invoker!.address, 'email'));
      else {
        ctx.resource('google_pubsub_topic_iam_member', `${local}_${t.local}_publisher`, {
          topic: primaryRef(ctx, t, 'name'),
          role: 'roles/pubsub.publisher',
          member: tpl('serviceAccount:', ref(invoker!.address, 'email')),
        });
      }
      const pipeline = ctx.resource('google_eventarc_pipeline', `${local}_${t.local}`, {
        pipeline_id: ctx.name(t.name),
        location: tfVar('region'),
        labels: ctx.tags(),
        destinations: destination,
        retry_policy: block({ max_attempts: 5, min_retry_delay: '1s', max_retry_delay: '60s' }),
      });
      ctx.resource('google_eventarc_enrollment', `${local}_${t.local}`, {
        enrollment_id: ctx.name(t.name),
        location: tfVar('region'),
        message_bus: ref(bus.address, 'id'),
        destination: ref(pipeline.address, 'id'),
        cel_match: `message.source == "${ctx.value('source')}"`,
        labels: ctx.tags(),
      });
    }
    ctx.output('bus', `Message bus ${ctx.node.name}`, ref(bus.address, 'id'));
  },
});

export const gcpKms = defineService({
  id: 'gcp.cloud-kms',
  cloud: 'gcp',
  kind: 'kms',
  name: 'Cloud KMS key',
  category: 'security',
  description:
    'Key ring and symmetric encryption key with automatic rotation (key rings and key versions are never deleted by Google Cloud; destroying schedules destruction).',
  icon: 'gcp-cloud-kms',
  properties: [
    enumProp(
      'rotation',
      'Rotation period',
      ['2592000s', '7776000s', '15552000s', '31536000s'],
      '7776000s',
    ),
    enumProp('protectionLevel', 'Protection level', ['SOFTWARE', 'HSM'], 'SOFTWARE'),
    numProp('deletionWindow', 'Destroy scheduled after (days)', 30, 1, 120),
  ],
  placement: 'none',
  naming: { rule: 'gcp-kms', abbreviation: 'kms' },
  emits: { terraform: ['google_kms_crypto_key', 'google_kms_key_ring'] },
  terraform: (ctx) => {
    const ring = ctx.resource('google_kms_key_ring', ctx.node.local, {
      name: ctx.name(),
      location: tfVar('region'),
    });
    const key = ctx.resource('google_kms_crypto_key', ctx.node.local, {
      name: ctx.name('key'),
      key_ring: ref(ring.address, 'id'),
      purpose: 'ENCRYPT_DECRYPT',
      rotation_period: ctx.prop('rotation'),
      destroy_scheduled_duration: ctx.prop('deletionWindow', (v) => `${Number(v) * 86400}s`),
      labels: ctx.tags(),
      version_template: block({
        algorithm: 'GOOGLE_SYMMETRIC_ENCRYPTION',
        protection_level: ctx.prop('protectionLevel'),
      }),
      lifecycle: block({ prevent_destroy: true }),
    });
    ctx.output('key_id', `Id of key ${ctx.node.name}`, ref(key.address, 'id'));
  },
});

export const gcpSecret = defineService({
  id: 'gcp.secret-manager',
  cloud: 'gcp',
  kind: 'secret',
  name: 'Secret Manager secret',
  category: 'security',
  description:
    'Secret replicated in the design’s region (user-managed); its value comes from a sensitive variable.',
  icon: 'gcp-secret-manager',
  properties: [],
  placement: 'none',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'sec' },
  emits: { terraform: ['google_secret_manager_secret', 'google_secret_manager_secret_version'] },
  terraform: (ctx) => {
    const secret = ctx.resource('google_secret_manager_secret', ctx.node.local, {
      secret_id: ctx.name(),
      labels: ctx.tags(),
      replication: block({
        user_managed: block({ replicas: block({ location: tfVar('region') }) }),
      }),
    });
    ctx.resource('google_secret_manager_secret_version', ctx.node.local, {
      secret: ref(secret.address, 'id'),
      // Write-only: the value never enters the state (policy no-secret-in-state); raise the
      // version to rotate it.
      secret_data_wo: ctx.variable({
        name: `${ctx.node.local}_value`,
        type: 'string',
        description: `Value of secret ${ctx.node.name}.`,
        sensitive: true,
      }),
      secret_data_wo_version: 1,
    });
    ctx.output('secret', `Secret ${ctx.node.name}`, ref(secret.address, 'id'));
  },
});

export const gcpServiceAccount = defineService({
  id: 'gcp.service-account',
  cloud: 'gcp',
  kind: 'identity',
  name: 'Service account',
  category: 'security',
  description:
    'Service account with project roles and access to the stores it connects to (the identity of jobs and CI).',
  icon: 'gcp-iam',
  properties: [listProp('roles', 'Project roles', ['roles/monitoring.viewer'])],
  placement: 'none',
  naming: { rule: 'gcp-service-account', abbreviation: 'sa' },
  emits: { terraform: ['google_service_account', 'google_project_iam_member'] },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const sa = ctx.resource('google_service_account', local, {
      account_id: ctx.name(),
      display_name: `Stratum ${ctx.node.name}`,
    });
    const member = tpl('serviceAccount:', ref(sa.address, 'email'));
    for (const role of ctx.value<string[]>('roles')) {
      ctx.resource(
        'google_project_iam_member',
        `${local}_${role.replace(/^roles\//, '').replace(/[^A-Za-z0-9]+/g, '_')}`,
        { project: tfVar('project_id'), role, member },
      );
    }
    grantData(ctx, ref(sa.address, 'email'));
    grantInvoke(ctx, ref(sa.address, 'email'));
    ctx.output('email', `Email of ${ctx.node.name}`, ref(sa.address, 'email'));
  },
});

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
      (sources.length > 0 ? sources.map((n) => logFilterOf(n)).join(' OR ') : 'severity>=WARNING');
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
const logFilterOf = (n: TNode) => `resource.type="${RESOURCE_TYPES[n.service.kind] ?? 'global'}"`;

/** The metric that says a watched component is unhealthy, as a Cloud Monitoring filter. */
function metricFor(node: TNode | undefined): { filter: string; what: string } {
  const f = (resource: string, metric: string) => ({
    filter: `resource.type = "${resource}" AND metric.type = "${metric}"`,
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
      return f('k8s_container', 'kubernetes.io/container/restart_count');
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
    const metric = metricFor(watched);
    const topics = edges.filter((e) => e.node.service.kind === 'topic');
    const project = topics.length > 0 ? ctx.data('google_project', 'current', {}) : undefined;
    const channels = topics.map((e) => {
      const topic = primaryRef(ctx, e.node, 'name');
      ctx.resource('google_pubsub_topic_iam_member', `${local}_${e.node.local}_notifications`, {
        topic,
        role: 'roles/pubsub.publisher',
        member: tpl(
          'serviceAccount:service-',
          ref(project!.address, 'number'),
          '@gcp-sa-monitoring-notification.iam.gserviceaccount.com',
        ),
      });
      return ref(
        ctx.resource('google_monitoring_notification_channel', `${local}_${e.node.local}`, {
          display_name: tpl(ctx.name(), ` to ${e.node.name}`),
          type: 'pubsub',
          labels: obj({ topic: primaryRef(ctx, e.node, 'id') }),
          user_labels: ctx.tags(),
        }).address,
        'id',
      );
    });
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
            per_series_aligner: ctx.prop('aligner'),
          }),
        }),
      }),
    });
  },
});
