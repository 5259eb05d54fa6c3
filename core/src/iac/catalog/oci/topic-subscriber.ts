import { perDesign } from '../per-design';
import { enumProp, strProp } from '../properties';
import type { TNode, TTfBuildContext } from '../service';
import { ref, type TTfValue } from '../../ir/terraform-ir';
import { compartment } from './shared';
import { subscriptionEndpoint } from '../subscription-endpoint';

/**
 * Who a Notifications topic notifies. A topic delivers to its subscriptions only, and the
 * topics here had none: an alarm fired into a topic nobody read ("Notifications Overview",
 * OCI docs). Protocols from CreateSubscriptionDetails (ONS API): `EMAIL`, and `CUSTOM_HTTPS`
 * for an HTTPS URL of one's own; `HTTPS` is the deprecated name of PagerDuty's.
 */
export const subscriptionProperties = [
  enumProp('subscriptionProtocol', 'Notify by', ['EMAIL', 'CUSTOM_HTTPS'], 'EMAIL'),
  strProp(
    'subscriptionEndpoint',
    'Notify (e-mail address or https:// URL)',
    '',
    'Who receives the messages, for example the on-call address of alarm notifications. Subscriptions stay pending until the recipient confirms them.',
  ),
];

/** The e-mail or HTTPS subscription of the topic's `subscriptionEndpoint`, when set. */
export function topicSubscriber(ctx: TTfBuildContext, topicId: TTfValue): void {
  const given = subscriptionEndpoint(ctx, { email: 'EMAIL', https: 'CUSTOM_HTTPS' });
  if (!given) return;
  const { endpoint, protocol } = given;
  const subscription = ctx.resource('oci_ons_subscription', `${ctx.node.local}_notify`, {
    compartment_id: compartment(),
    topic_id: topicId,
    protocol: ctx.prop('subscriptionProtocol'),
    endpoint: ctx.prop('subscriptionEndpoint'),
    freeform_tags: ctx.tags(),
  });
  // A new subscription is PENDING until confirmed: a link in the e-mail Notifications sends, or
  // the ConfirmationURL posted to an HTTPS endpoint ("Managing Subscriptions", OCI docs).
  ctx.output(
    'subscription_id',
    protocol === 'EMAIL'
      ? `Subscription of ${endpoint} to ${ctx.node.name}: pending until the recipient confirms it from the e-mail OCI Notifications sends; nothing is delivered before`
      : `HTTPS subscription of ${ctx.node.name}: pending until the endpoint confirms it (ConfirmationURL); nothing is delivered before`,
    ref(subscription.address, 'id'),
  );
}

/** Per design (its node list): the topics its alarms are connected to. */
const designAlertTopics = new WeakMap<readonly TNode[], TNode[]>();

/**
 * The Notifications topics an alarm with no topic of its own notifies: those every other alarm
 * of the design is connected to, as AWS's dead-letter alarms notify the design's alert topics
 * (aws/messaging.ts). A topic made for the alarm would have no subscriber, and alerting would
 * be silent; only a design with no alert topic at all still gets one (destinations is required),
 * and the alert-delivery rule warns of it.
 */
export function designAlertTopicsOf(ctx: TTfBuildContext): TNode[] {
  return perDesign(designAlertTopics, ctx, (nodes) => [
    ...new Set(
      nodes
        .filter((n) => n.service.id === 'oci.monitoring-alarm')
        .flatMap((a) =>
          ctx
            .outgoingOf(a)
            .filter((e) => e.node.service.kind === 'topic')
            .map((e) => e.node),
        ),
    ),
  ]);
}
