import { BuildError } from '../../build/terraform-build';
import { perDesign } from '../per-design';
import { enumProp, strProp } from '../properties';
import type { TNode, TTfBuildContext } from '../service';
import { ref, type TTfValue } from '../../ir/terraform-ir';
import { compartment } from './shared';

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
  const endpoint = ctx.value('subscriptionEndpoint').trim();
  const protocol = ctx.value('subscriptionProtocol');
  if (endpoint === '') return;
  if (protocol === 'EMAIL' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(endpoint))
    throw new BuildError(
      `${ctx.node.id}: subscriptionEndpoint "${endpoint}" is not an e-mail address (or set subscriptionProtocol to CUSTOM_HTTPS)`,
    );
  if (protocol === 'CUSTOM_HTTPS' && !/^https:\/\/\S+$/.test(endpoint))
    throw new BuildError(
      `${ctx.node.id}: subscriptionEndpoint "${endpoint}" must be an https:// URL for a CUSTOM_HTTPS subscription`,
    );
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
