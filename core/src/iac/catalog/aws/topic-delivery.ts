import { subscriptionEndpoint } from '../subscription-endpoint';
import type { TTfBuildContext } from '../service';
import { ref, tpl, type TTfRef } from '../../ir/terraform-ir';
import {
  CLOUDWATCH_STATEMENT,
  deliveryStatements,
  hasOwnTopicKey,
  isAlertTopic,
  keyPolicy,
} from './key-policy';

/**
 * A topic AWS services publish to (CloudWatch alarms, EventBridge rules) without a KMS component
 * gets a key of its own whose policy lets them use it (hasOwnTopicKey): with the AWS-managed SNS
 * key nothing they publish arrives.
 */
export function ownTopicKey(ctx: TTfBuildContext): TTfRef | undefined {
  if (!hasOwnTopicKey(ctx, ctx.node)) return undefined;
  const local = `${ctx.node.local}_key`;
  const isAlert = isAlertTopic(ctx, ctx.node);
  const key = ctx.resource('aws_kms_key', local, {
    description: tpl(isAlert ? 'Alarm notifications of ' : 'Messages of ', ctx.name()),
    deletion_window_in_days: 30,
    enable_key_rotation: true,
    policy: keyPolicy(ctx, [
      ...(isAlert ? [CLOUDWATCH_STATEMENT] : []),
      ...deliveryStatements(ctx, ctx.node),
    ]),
    tags: ctx.tags(),
  });
  ctx.resource('aws_kms_alias', local, {
    name: tpl('alias/', ctx.name('key')),
    target_key_id: ref(key.address, 'key_id'),
  });
  return ref(key.address, 'id');
}

/** The e-mail or HTTPS subscription of the topic's `subscriptionEndpoint`, when set. */
export function subscriber(ctx: TTfBuildContext, topicArn: TTfRef): void {
  const given = subscriptionEndpoint(ctx, { email: 'email', https: 'https' });
  if (!given) return;
  const { endpoint, protocol } = given;
  ctx.resource('aws_sns_topic_subscription', `${ctx.node.local}_notify`, {
    topic_arn: topicArn,
    protocol,
    endpoint: ctx.prop('subscriptionEndpoint'),
  });
  ctx.output(
    'subscription_arn',
    protocol === 'email'
      ? `Subscription of ${endpoint} to ${ctx.node.name}: pending until the recipient confirms it from the e-mail AWS sends; nothing is delivered before`
      : `HTTPS subscription of ${ctx.node.name}: pending until the endpoint confirms it (SubscribeURL); nothing is delivered before`,
    ref(`aws_sns_topic_subscription.${ctx.node.local}_notify`, 'arn'),
  );
}
