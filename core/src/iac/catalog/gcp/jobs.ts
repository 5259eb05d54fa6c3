import { defineService, type TNode, type TTfBuildContext } from '../service';
import { numProp } from '../properties';
import { block, call, ref, tfVar, tpl, type TTfValue } from '../../ir/terraform-ir';
import { primaryRef, serviceAccount } from './shared';

/** Google Cloud background work: Cloud Tasks queues (and Cloud Scheduler jobs, below). */

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
    let httpTarget: Record<string, TTfValue> = {};
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
