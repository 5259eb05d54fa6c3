import { defineService, type TNode, type TTfBuildContext } from '../service';
import { numProp, strProp } from '../properties';
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
import { primaryRef, serviceAccount } from './shared';

/** Google Cloud background work: Cloud Tasks queues and Cloud Scheduler jobs. */

/** The HTTPS URL of a Cloud Run service or function (2nd gen runs on Cloud Run), if it is one. */
export function runUri(ctx: TTfBuildContext, node: TNode): TTfValue | undefined {
  if (node.service.kind === 'serverless-container') return primaryRef(ctx, node, 'uri');
  if (node.service.kind === 'function')
    return ref(ctx.address(node, 'google_cloudfunctions2_function'), 'service_config[0].uri');
  return undefined;
}

/** The Cloud Run service or function a queue dispatches to (its first traffic connection). */
export function tasksTarget(ctx: TTfBuildContext, queue: TNode): TNode | undefined {
  return ctx.outgoingOf(queue, 'traffic').find((e) => runUri(ctx, e.node) !== undefined)?.node;
}

export const gcpCloudTasks = defineService({
  id: 'gcp.cloud-tasks',
  cloud: 'gcp',
  kind: 'task-queue',
  name: 'Cloud Tasks queue',
  category: 'messaging',
  description:
    'Push queue with rate limits, retries with exponential backoff and sampled task logging; dispatches to the Cloud Run service or function it connects to with an OIDC token, and lets the components connected to it enqueue.',
  icon: 'gcp-cloud-tasks',
  properties: [
    numProp('maxDispatchesPerSecond', 'Maximum dispatches per second', 50, 1, 500),
    numProp('maxConcurrent', 'Maximum concurrent dispatches', 100, 1, 5000),
    numProp('maxAttempts', 'Attempts per task (-1: unlimited)', 10, -1, 1000),
    numProp('maxBackoff', 'Maximum backoff (s)', 3600, 1, 3600),
    numProp('logSampling', 'Logged task attempts (%)', 10, 0, 100),
  ],
  placement: 'none',
  naming: { rule: 'gcp-tasks', abbreviation: 'tq' },
  emits: {
    terraform: [
      'google_cloud_tasks_queue',
      'google_service_account',
      'google_cloud_run_v2_service_iam_member',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const target = tasksTarget(ctx, ctx.node);
    let httpTarget: TTfBody = {};
    if (target) {
      // Every task goes to the target's host with an OIDC token of the queue's own account,
      // which alone may invoke the service (queue-level routing, "Configure Cloud Tasks queues").
      const sa = serviceAccount(ctx, 'dispatch');
      const email = ref(sa.address, 'email');
      const uri = runUri(ctx, target)!;
      ctx.resource('google_cloud_run_v2_service_iam_member', `${local}_${target.local}`, {
        name: primaryRef(ctx, target, 'name'),
        location: tfVar('region'),
        role: 'roles/run.invoker',
        member: tpl('serviceAccount:', email),
      });
      httpTarget = {
        http_target: block({
          http_method: 'POST',
          uri_override: block({
            scheme: 'HTTPS',
            host: call('trimprefix', uri, 'https://'),
            uri_override_enforce_mode: 'ALWAYS',
          }),
          oidc_token: block({ service_account_email: email, audience: uri }),
        }),
      };
    }
    const queue = ctx.resource('google_cloud_tasks_queue', local, {
      name: ctx.name(),
      location: tfVar('region'),
      rate_limits: block({
        max_dispatches_per_second: ctx.prop('maxDispatchesPerSecond'),
        max_concurrent_dispatches: ctx.prop('maxConcurrent'),
      }),
      retry_config: block({
        max_attempts: ctx.prop('maxAttempts'),
        min_backoff: '1s',
        max_backoff: ctx.prop('maxBackoff', (v) => `${Number(v)}s`),
        max_doublings: 16,
      }),
      stackdriver_logging_config: block({
        sampling_ratio: ctx.prop('logSampling', (v) => Number(v) / 100),
      }),
      ...httpTarget,
    });
    ctx.output('queue', `Id of queue ${ctx.node.name}`, ref(queue.address, 'id'));
  },
});

export const gcpCloudScheduler = defineService({
  id: 'gcp.cloud-scheduler',
  cloud: 'gcp',
  kind: 'scheduler',
  name: 'Cloud Scheduler job',
  category: 'functions',
  description:
    'Cron job for each component it connects to: Cloud Run services and functions called with an OIDC token, Workflows executions started with an OAuth token, Pub/Sub topics and queues published to; its own topic when it connects to none. Retries with backoff.',
  icon: 'gcp-cloud-scheduler',
  properties: [
    strProp('schedule', 'Schedule (cron)', '0 3 * * *'),
    strProp('timeZone', 'Time zone (IANA)', 'Etc/UTC'),
    strProp('body', 'Message or request body (JSON)', '{}'),
    numProp('retryCount', 'Retries', 3, 0, 5),
    // HTTP targets: 15 seconds to 30 minutes.
    numProp('attemptDeadline', 'Attempt deadline (s)', 180, 15, 1800),
  ],
  placement: 'none',
  naming: { rule: 'gcp-scheduler', abbreviation: 'cron' },
  emits: {
    terraform: [
      'google_cloud_scheduler_job',
      'google_service_account',
      'google_cloud_run_v2_service_iam_member',
      'google_project_iam_member',
      'google_pubsub_topic',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const targets = ctx
      .outgoing('traffic')
      .filter((e) =>
        ['serverless-container', 'function', 'workflow', 'topic', 'queue'].includes(
          e.node.service.kind,
        ),
      )
      .map((e) => e.node);
    const http = targets.filter((t) => t.service.kind !== 'topic' && t.service.kind !== 'queue');
    const sa = http.length > 0 ? serviceAccount(ctx, '') : undefined;
    const email = sa ? ref(sa.address, 'email') : undefined;
    const member = email ? tpl('serviceAccount:', email) : undefined;
    const body = call('base64encode', ctx.prop('body'));
    const job = (name: string, suffix: string, target: TTfBody) =>
      ctx.resource('google_cloud_scheduler_job', name, {
        name: ctx.name(suffix),
        region: tfVar('region'),
        description: `Schedule ${ctx.node.name}`,
        schedule: ctx.prop('schedule'),
        time_zone: ctx.prop('timeZone'),
        attempt_deadline: ctx.prop('attemptDeadline', (v) => `${Number(v)}s`),
        retry_config: block({
          retry_count: ctx.prop('retryCount'),
          min_backoff_duration: '10s',
          max_backoff_duration: '300s',
          max_doublings: 3,
        }),
        ...target,
      });
    if (targets.length === 0) {
      // Nothing to call: the job publishes ticks to a topic of its own for subscribers.
      const topic = ctx.resource('google_pubsub_topic', local, {
        name: ctx.name('ticks'),
        labels: ctx.tags(),
      });
      job(local, '', {
        pubsub_target: block({ topic_name: ref(topic.address, 'id'), data: body }),
      });
    }
    for (const t of targets) {
      const name = targets.length === 1 ? local : `${local}_${t.local}`;
      const suffix = targets.length === 1 ? '' : t.name;
      const uri = runUri(ctx, t);
      if (t.service.kind === 'topic' || t.service.kind === 'queue') {
        job(name, suffix, {
          pubsub_target: block({ topic_name: primaryRef(ctx, t, 'id'), data: body }),
        });
      } else if (uri) {
        ctx.resource('google_cloud_run_v2_service_iam_member', `${local}_${t.local}`, {
          name: primaryRef(ctx, t, 'name'),
          location: tfVar('region'),
          role: 'roles/run.invoker',
          member: member!,
        });
        job(name, suffix, {
          http_target: block({
            uri,
            http_method: 'POST',
            body,
            headers: obj({ 'Content-Type': 'application/json' }),
            oidc_token: block({ service_account_email: email!, audience: uri }),
          }),
        });
      } else {
        // Workflows has no IAM on one workflow: the invoker role on the project starts executions.
        ctx.shared('google_project_iam_member', `${local}_workflows_invoker`, {
          project: tfVar('project_id'),
          role: 'roles/workflows.invoker',
          member: member!,
        });
        job(name, suffix, {
          http_target: block({
            uri: tpl(
              'https://workflowexecutions.googleapis.com/v1/',
              primaryRef(ctx, t, 'id'),
              '/executions',
            ),
            http_method: 'POST',
            // An execution's argument is the JSON text of the body's "argument" field.
            body: call('base64encode', call('jsonencode', obj({ argument: ctx.prop('body') }))),
            headers: obj({ 'Content-Type': 'application/json' }),
            oauth_token: block({
              service_account_email: email!,
              scope: 'https://www.googleapis.com/auth/cloud-platform',
            }),
          }),
        });
      }
    }
  },
});
