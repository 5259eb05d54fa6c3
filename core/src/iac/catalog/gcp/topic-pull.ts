import type { TNode, TTfBuildContext } from '../service';
import { ref, type TTfRef, type TTfValue } from '../../ir/terraform-ir';

/**
 * What runs code of its own and pulls: a VM, the VMs of an instance group, the pods of a GKE
 * cluster. A topic with a traffic or data connection to one gives it a pull subscription of its
 * own (messaging.ts), which its account may consume (grantData) and which it is told of
 * (connection-env.ts); Cloud Run services and functions are pushed to instead.
 */
const PULLING = new Set(['vm', 'autoscaling-group', 'kubernetes']);

const TOPIC = 'gcp.pubsub-topic';

/** Whether a topic delivers to the node on a pull subscription of the node's own. */
export const isPullConsumer = (node: TNode): boolean => PULLING.has(node.service.kind);

const unique = (nodes: readonly TNode[]): TNode[] => [...new Set(nodes)];

/** The consumers a topic (the context's node) delivers to by pull subscriptions, once each. */
export const pullConsumers = (ctx: TTfBuildContext): TNode[] =>
  unique(
    [...ctx.outgoing('traffic'), ...ctx.outgoing('data')].map((e) => e.node).filter(isPullConsumer),
  );

/** The topics that deliver to the context's node by a pull subscription of its own, once each. */
export const pulledTopics = (ctx: TTfBuildContext): TNode[] =>
  isPullConsumer(ctx.node)
    ? unique(
        [...ctx.incoming('traffic'), ...ctx.incoming('data')]
          .map((e) => e.node)
          .filter((n) => n.service.id === TOPIC),
      )
    : [];

/** The local name of the subscription `consumer` pulls from `topic`: `<topic>_<consumer>`. */
export const pullSubscriptionLocal = (topic: TNode, consumer: TNode): string =>
  `${topic.local}_${consumer.local}`;

/** An attribute of the subscription the context's node pulls from `topic`. */
export const pullSubscriptionRef = (ctx: TTfBuildContext, topic: TNode, attr: string): TTfRef =>
  ref(ctx.address(topic, 'google_pubsub_subscription', `_${ctx.node.local}`), attr);

/**
 * Lets `member` pull from and acknowledge on one subscription: roles/pubsub.subscriber on the
 * subscription alone, never on the project (a queue's consumers, a topic's pull consumers).
 */
export function allowSubscribe(
  ctx: TTfBuildContext,
  local: string,
  subscription: TTfRef,
  member: TTfValue,
): void {
  ctx.resource('google_pubsub_subscription_iam_member', local, {
    subscription,
    role: 'roles/pubsub.subscriber',
    member,
  });
}
