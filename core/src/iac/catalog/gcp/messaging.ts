import { defineService, type TNode, type TTfBuildContext } from '../service';
import { boolProp, enumProp, numProp, strProp } from '../properties';
import { sendersProp } from '../senders';
import {
  block,
  ref,
  tfVar,
  tpl,
  type TTfBlock,
  type TTfRef,
  type TTfValue,
} from '../../ir/terraform-ir';
import { allowInvoke, primaryRef, serviceAccount } from './shared';
import { pushedFunctions } from './queue-push';
import { deadLetterTopic } from './dead-letter';
import { allowPushTokens } from './pubsub-agent';
import { allowWorkflowRuns } from './orchestration';
import { triggerWorkflow } from './workflow-triggers';
import { valuesAcrossEnvironments } from '../environment-values';
import { pullConsumers, pullSubscriptionLocal } from './topic-pull';
import { exportSubscription, exportTargets } from './topic-exports';

/** Google Cloud messaging: Pub/Sub queues and topics, Eventarc Advanced message buses. */

/** Pub/Sub push delivery to a Cloud Run service or function, authenticated by OIDC token. */
function pushEndpoint(ctx: TTfBuildContext, node: TNode): TTfRef | undefined {
  if (node.service.kind === 'serverless-container') return primaryRef(ctx, node, 'uri');
  if (node.service.kind === 'function') return primaryRef(ctx, node, 'url');
  return undefined;
}

/** Eventarc's service agent of the project, as an IAM member: it runs every bus pipeline. */
function eventarcAgent(ctx: TTfBuildContext): TTfValue {
  return tpl(
    'serviceAccount:service-',
    ref(ctx.data('google_project', 'current', {}).address, 'number'),
    '@gcp-sa-eventarc.iam.gserviceaccount.com',
  );
}

/** What a pull subscription keeps unacknowledged: 7 days, as long as its dead-letter topic. */
const PULL_RETENTION = '604800s';

/** Retries of a delivery that failed: from 10 s, doubling to 10 minutes (not at once). */
const RETRY_BACKOFF = () => block({ minimum_backoff: '10s', maximum_backoff: '600s' });

export const gcpPubSubQueue = defineService({
  id: 'gcp.pubsub-queue',
  cloud: 'gcp',
  kind: 'queue',
  name: 'Pub/Sub queue (topic + pull subscription)',
  category: 'messaging',
  description:
    'Google Cloud has no separate queue service for pull consumers: a topic with one pull subscription (ack deadline, retention, retry backoff) and a dead-letter topic plays the role of a queue; a function it triggers gets a push subscription with the same settings and dead-letter topic, and a workflow it sends to an Eventarc trigger.',
  icon: 'gcp-pubsub',
  properties: [
    numProp('visibilityTimeout', 'Ack deadline (s)', 30, 10, 600),
    numProp('retention', 'Retention (s)', 604800, 600, 604800),
    boolProp('deadLetter', 'Dead-letter topic', true),
    numProp('maxReceiveCount', 'Deliveries before dead-letter', 5, 5, 100),
    boolProp('ordering', 'Message ordering', false),
    sendersProp('not pushed its messages, publisher role only'),
  ],
  placement: 'none',
  naming: { rule: 'gcp-pubsub', abbreviation: 'q' },
  emits: {
    terraform: [
      'google_pubsub_topic',
      'google_pubsub_subscription',
      'google_monitoring_alert_policy',
      'google_eventarc_trigger',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const topic = ctx.resource('google_pubsub_topic', local, {
      name: ctx.name(),
      labels: ctx.tags(),
    });
    const dlq = deadLetterTopic(ctx, 'maxReceiveCount');
    // What every subscription of the queue shares: pulled by its consumers or pushed to a function.
    const delivery = {
      topic: ref(topic.address, 'id'),
      ack_deadline_seconds: ctx.prop('visibilityTimeout'),
      message_retention_duration: ctx.prop('retention', (v) => `${Number(v)}s`),
      enable_message_ordering: ctx.prop('ordering'),
      labels: ctx.tags(),
      expiration_policy: block({ ttl: '' }),
      retry_policy: RETRY_BACKOFF(),
    };
    const sub = ctx.resource('google_pubsub_subscription', local, {
      name: ctx.name('sub'),
      ...delivery,
      ...dlq.policy,
    });
    // A function it triggers is pushed to as its own account (OIDC), which may invoke it.
    const subs = new Map([[local, sub]]);
    for (const fn of pushedFunctions(ctx)) {
      allowPushTokens(ctx, ctx.address(fn, 'google_service_account'));
      subs.set(
        `${local}_${fn.local}`,
        ctx.resource('google_pubsub_subscription', `${local}_${fn.local}`, {
          name: ctx.name(fn.name),
          ...delivery,
          // A push is acknowledged by the function's response: wait as long as it may run in
          // any environment (Pub/Sub takes 10 to 600 seconds; a function runs at most 540), or
          // a longer production timeout has its message redelivered while it still runs.
          ack_deadline_seconds: Math.max(
            10,
            ...valuesAcrossEnvironments(fn, 'timeout', ctx.environments).map(Number),
          ),
          push_config: block({
            push_endpoint: primaryRef(ctx, fn, 'url'),
            oidc_token: block({
              service_account_email: ref(ctx.address(fn, 'google_service_account'), 'email'),
            }),
          }),
          ...dlq.policy,
        }),
      );
    }
    dlq.grant(subs);
    // A workflow it sends to is started by an Eventarc trigger on the queue's topic, as the
    // queue's push account (a function is pushed to as its own account, above).
    const workflows = [
      ...new Set(
        [...ctx.outgoing('traffic'), ...ctx.outgoing('data')]
          .filter((e) => e.node.service.kind === 'workflow')
          .map((e) => e.node),
      ),
    ];
    if (workflows.length > 0) {
      const account = serviceAccount(ctx, 'push');
      allowPushTokens(ctx, account.address);
      for (const workflow of workflows) triggerWorkflow(ctx, topic, workflow, account);
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
    'Fan-out topic: a push subscription (OIDC-authenticated) for each Cloud Run service or function it sends to, a pull subscription of its own for each VM, instance group or GKE cluster (whose account may consume it, and which is told its name), a BigQuery subscription writing to a table of each dataset it sends to and a Cloud Storage subscription writing to each bucket (as the Pub/Sub service agent, granted to write there), and one pull subscription for consumers outside the design when it sends to none, each retrying with backoff and moving a message that keeps failing to a dead-letter topic; an Eventarc trigger starts each workflow it sends to.',
  icon: 'gcp-pubsub',
  properties: [
    enumProp('retention', 'Message retention', ['600s', '86400s', '604800s'], '86400s'),
    numProp('ackDeadline', 'Ack deadline (s)', 30, 10, 600),
    boolProp('deadLetter', 'Dead-letter topic', true),
    numProp('maxDeliveryAttempts', 'Deliveries before dead-letter', 5, 5, 100),
  ],
  placement: 'none',
  naming: { rule: 'gcp-pubsub', abbreviation: 'ps' },
  emits: {
    terraform: [
      'google_pubsub_topic',
      'google_pubsub_subscription',
      'google_monitoring_alert_policy',
      'google_eventarc_trigger',
      'google_bigquery_table',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const topic = ctx.resource('google_pubsub_topic', local, {
      name: ctx.name(),
      message_retention_duration: ctx.prop('retention'),
      labels: ctx.tags(),
    });
    const targets = [...ctx.outgoing('traffic'), ...ctx.outgoing('data')];
    const pushes = targets.filter((e) => pushEndpoint(ctx, e.node) !== undefined);
    const workflows = [
      ...new Set(targets.filter((e) => e.node.service.kind === 'workflow').map((e) => e.node)),
    ];
    const invoker = pushes.length + workflows.length > 0 ? serviceAccount(ctx, 'push') : undefined;
    if (invoker) allowPushTokens(ctx, invoker.address);
    for (const workflow of workflows) triggerWorkflow(ctx, topic, workflow, invoker!);
    // What every subscription of the topic shares. Pub/Sub deletes a subscription after 31 days
    // without a consuming subscriber (or a successful push) unless told it never expires; what
    // the topic receives then is lost. A delivery that keeps failing backs off, then goes to the
    // dead-letter topic.
    const dlq = deadLetterTopic(ctx, 'maxDeliveryAttempts');
    const delivery = {
      topic: ref(topic.address, 'id'),
      ack_deadline_seconds: ctx.prop('ackDeadline'),
      labels: ctx.tags(),
      expiration_policy: block({ ttl: '' }),
      retry_policy: RETRY_BACKOFF(),
    };
    const subs = new Map<string, TTfRef>();
    for (const edge of pushes) {
      const name = `${local}_${edge.node.local}`;
      subs.set(
        name,
        ctx.resource('google_pubsub_subscription', name, {
          name: ctx.name(edge.node.name),
          ...delivery,
          push_config: block({
            push_endpoint: pushEndpoint(ctx, edge.node)!,
            oidc_token: block({ service_account_email: ref(invoker!.address, 'email') }),
          }),
          ...dlq.policy,
        }),
      );
      allowInvoke(ctx, edge.node, ref(invoker!.address, 'email'));
    }
    // A VM, instance group or GKE cluster pulls from a subscription of its own, which its
    // account may consume (grantData) and which it is told of (connection-env.ts): what one
    // leaves unacknowledged while it is down waits 7 days for it.
    const pulls = pullConsumers(ctx);
    for (const consumer of pulls) {
      const name = pullSubscriptionLocal(ctx.node, consumer);
      subs.set(
        name,
        ctx.resource('google_pubsub_subscription', name, {
          name: ctx.name(consumer.name),
          ...delivery,
          message_retention_duration: PULL_RETENTION,
          ...dlq.policy,
        }),
      );
    }
    // A BigQuery dataset or a bucket is written to by Pub/Sub itself (topic-exports.ts).
    const exports = exportTargets(ctx);
    for (const target of exports) {
      const name = `${local}_${target.local}`;
      subs.set(name, exportSubscription(ctx, target, name, delivery, dlq.policy));
    }
    // A topic that delivers to nothing in the design keeps one pull subscription for consumers
    // outside it: without any, what is published is dropped.
    if (pushes.length + workflows.length + pulls.length + exports.length === 0) {
      subs.set(
        local,
        ctx.resource('google_pubsub_subscription', local, {
          name: ctx.name('sub'),
          ...delivery,
          ...dlq.policy,
        }),
      );
    }
    dlq.grant(subs);
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
    'Message bus with, for each consumer, an enrollment matching the event source and a pipeline delivering to it (HTTP with OIDC for Cloud Run and functions, a workflow execution, or a Pub/Sub topic).',
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
      ['serverless-container', 'function', 'queue', 'topic', 'workflow'].includes(
        e.node.service.kind,
      ),
    );
    // The pipeline account signs HTTP deliveries and workflow runs only: a topic destination
    // has no identity of its own, so Eventarc's service agent publishes (Pipeline.Destination
    // names no account for a topic; authentication_config authenticates its requests).
    const isSigned = (t: TNode) =>
      pushEndpoint(ctx, t) !== undefined || t.service.kind === 'workflow';
    const invoker = targets.some((e) => isSigned(e.node))
      ? serviceAccount(ctx, 'pipeline')
      : undefined;
    // A pipeline signs its deliveries with OIDC or OAuth tokens of its account, which Eventarc's
    // service agent must be allowed to create ("Eventarc service agents must have
    // roles/iam.serviceAccountTokenCreator", Pipeline.Destination.AuthenticationConfig):
    // without it every delivery to a Cloud Run service, function or workflow failed.
    if (invoker) {
      ctx.resource('google_service_account_iam_member', `${local}_pipeline_eventarc_tokens`, {
        service_account_id: ref(invoker.address, 'name'),
        role: 'roles/iam.serviceAccountTokenCreator',
        member: eventarcAgent(ctx),
      });
    }
    for (const edge of targets) {
      const t = edge.node;
      const endpoint = pushEndpoint(ctx, t);
      const email = invoker ? ref(invoker.address, 'email') : undefined;
      let destination: TTfBlock;
      if (endpoint) {
        destination = block({
          http_endpoint: block({ uri: endpoint }),
          authentication_config: block({ google_oidc: block({ service_account: email! }) }),
        });
        allowInvoke(ctx, t, email!);
      } else if (t.service.kind === 'workflow') {
        // Starts an execution through the Workflow Executions API (a Google API: an OAuth
        // token), the event as its argument; the account may start executions of the project.
        destination = block({
          workflow: primaryRef(ctx, t, 'id'),
          authentication_config: block({ oauth_token: block({ service_account: email! }) }),
        });
        allowWorkflowRuns(ctx, tpl('serviceAccount:', email!));
      } else {
        destination = block({ topic: primaryRef(ctx, t, 'id') });
        ctx.resource('google_pubsub_topic_iam_member', `${local}_${t.local}_publisher`, {
          topic: primaryRef(ctx, t, 'name'),
          role: 'roles/pubsub.publisher',
          member: eventarcAgent(ctx),
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
