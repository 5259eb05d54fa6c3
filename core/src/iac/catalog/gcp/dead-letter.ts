import type { TNode, TTfBuildContext } from '../service';
import { block, ref, tpl, type TTfBody, type TTfRef } from '../../ir/terraform-ir';
import { channelsOf } from './alert-channels';
import { perDesign } from '../per-design';
import { pubsubAgent } from './pubsub-agent';

/** Seven days: what the dead-letter topic keeps too, so a seek reaches as far back. */
const KEPT = '604800s';

/** Per design (its node list): its alert policies and uptime checks, found once for every queue. */
const alertingOf = new WeakMap<readonly TNode[], readonly TNode[]>();

/**
 * The notification channels of the alert policies watching the queue, else of every alert
 * policy and uptime check of the design (a topic is not watched: an alert policy connected to
 * a topic notifies it). None when the design notifies no one: the alert still opens an incident
 * in Cloud Monitoring.
 */
function deadLetterChannels(ctx: TTfBuildContext): TTfRef[] {
  const watching =
    ctx.node.service.kind === 'topic'
      ? []
      : ctx
          .incoming()
          .map((e) => e.node)
          .filter((n) => n.service.id === 'gcp.alert-policy');
  const own = channelsOf(ctx, watching);
  if (own.length > 0) return own;
  const alerting = perDesign(alertingOf, ctx, (nodes) =>
    nodes.filter((n) => n.service.id === 'gcp.alert-policy' || n.service.id === 'gcp.uptime-check'),
  );
  return channelsOf(ctx, alerting);
}

/**
 * A pull subscription on the dead-letter topic, and an alert when it holds a message. A topic
 * delivers to its subscriptions only (its retention lets a subscription made later seek back 7
 * days, no further), and moving a message there tells no one: failed messages went unseen until
 * they were gone. The subscription never expires, or a month without a dead letter would delete
 * it. https://cloud.google.com/pubsub/docs/handling-failures
 */
function deadLetterSubscription(ctx: TTfBuildContext, dlq: TTfRef): void {
  const local = `${ctx.node.local}_dlq`;
  const sub = ctx.resource('google_pubsub_subscription', local, {
    name: ctx.name('dlq-sub'),
    topic: ref(dlq.address, 'id'),
    ack_deadline_seconds: 60,
    message_retention_duration: KEPT,
    labels: ctx.tags(),
    expiration_policy: block({ ttl: '' }),
  });
  const channels = deadLetterChannels(ctx);
  const what = `Messages in the dead-letter subscription of ${ctx.node.name}`;
  ctx.resource('google_monitoring_alert_policy', local, {
    display_name: ctx.name('dlq'),
    combiner: 'OR',
    severity: 'ERROR',
    user_labels: ctx.tags(),
    ...(channels.length > 0 ? { notification_channels: channels } : {}),
    documentation: block({
      content: `${what}: their deliveries failed every attempt. Pull them from the subscription, fix the cause, publish them again.`,
      mime_type: 'text/markdown',
    }),
    conditions: block({
      display_name: what,
      condition_threshold: block({
        filter: tpl(
          'resource.type = "pubsub_subscription" AND metric.type = "pubsub.googleapis.com/subscription/num_undelivered_messages" AND resource.labels.subscription_id = "',
          ref(sub.address, 'name'),
          '"',
        ),
        comparison: 'COMPARISON_GT',
        threshold_value: 0,
        duration: '0s',
        aggregations: block({ alignment_period: '300s', per_series_aligner: 'ALIGN_MAX' }),
      }),
    }),
  });
}

/**
 * The dead-letter topic of a queue or topic (property `deadLetter`), where a message goes after
 * `attempts` failed deliveries instead of being redelivered until its retention ends, with its
 * subscription and alert (above). `policy` goes into each subscription; `grant` lets Pub/Sub's
 * service agent publish there and acknowledge on those subscriptions, without which nothing
 * moves.
 */
export function deadLetterTopic(
  ctx: TTfBuildContext,
  attempts: string,
): { policy: TTfBody; grant: (subs: ReadonlyMap<string, TTfRef>) => void } {
  if (!ctx.value<boolean>('deadLetter')) return { policy: {}, grant: () => undefined };
  const local = ctx.node.local;
  const dlq = ctx.resource('google_pubsub_topic', `${local}_dlq`, {
    name: ctx.name('dlq'),
    message_retention_duration: KEPT,
    labels: ctx.tags(),
  });
  deadLetterSubscription(ctx, dlq);
  const policy = {
    dead_letter_policy: block({
      dead_letter_topic: ref(dlq.address, 'id'),
      max_delivery_attempts: ctx.prop(attempts),
    }),
  };
  const grant = (subs: ReadonlyMap<string, TTfRef>) => {
    if (subs.size === 0) return;
    const agent = pubsubAgent(ctx);
    ctx.resource('google_pubsub_topic_iam_member', `${local}_dlq_publisher`, {
      topic: ref(dlq.address, 'name'),
      role: 'roles/pubsub.publisher',
      member: agent,
    });
    for (const [name, s] of subs)
      ctx.resource('google_pubsub_subscription_iam_member', `${name}_dlq_subscriber`, {
        subscription: ref(s.address, 'name'),
        role: 'roles/pubsub.subscriber',
        member: agent,
      });
  };
  return { policy, grant };
}
