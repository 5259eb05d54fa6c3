import type { TNode, TTfBuildContext } from '../service';
import { block, obj, ref, tfVar, tpl, type TTfRef } from '../../ir/terraform-ir';
import { allowWorkflowRuns } from './orchestration';
import { primaryRef } from './shared';

/**
 * A Pub/Sub topic (or a queue's) runs a workflow it sends to through an Eventarc trigger on it: each
 * message published starts an execution with the message as its argument. Eventarc pushes to
 * Workflows as the trigger's account (the topic's push account, whose tokens Pub/Sub's agent may
 * create), which may start executions; routing from Pub/Sub needs no event receiver role.
 * https://cloud.google.com/eventarc/standard/docs/workflows/roles-permissions
 */
export function triggerWorkflow(
  ctx: TTfBuildContext,
  topic: TTfRef,
  workflow: TNode,
  account: TTfRef,
): void {
  const grant = allowWorkflowRuns(ctx, tpl('serviceAccount:', ref(account.address, 'email')));
  const trigger = ctx.resource(
    'google_eventarc_trigger',
    `${ctx.node.local}_${workflow.local}`,
    {
      name: ctx.name(workflow.name),
      location: tfVar('region'),
      matching_criteria: block({
        attribute: 'type',
        value: 'google.cloud.pubsub.topic.v1.messagePublished',
      }),
      destination: block({ workflow: primaryRef(ctx, workflow, 'id') }),
      transport: block({ pubsub: block({ topic: ref(topic.address, 'id') }) }),
      service_account: ref(account.address, 'email'),
      labels: ctx.tags(),
    },
    // The first messages would be refused until the account may start executions.
    [grant.address],
  );
  triggerSubscriptionOutput(ctx, trigger, workflow);
}

/**
 * Eventarc delivers through a subscription it makes on the topic itself, which retries with
 * backoff until its retention (24 hours) ends and has no dead-letter topic; Terraform cannot
 * give it one (`transport.pubsub.subscription` is output only). A push subscription cannot
 * replace it: the Workflow Executions API takes OAuth access tokens, and a push sends an OIDC
 * token. This output names the subscription and the topic's dead-letter topic, which the
 * README's gcloud commands (readme-triggers.ts) make its dead-letter policy.
 * https://cloud.google.com/eventarc/docs/retry-events
 */
function triggerSubscriptionOutput(ctx: TTfBuildContext, trigger: TTfRef, workflow: TNode): void {
  const attempts = ctx.node.service.kind === 'queue' ? 'maxReceiveCount' : 'maxDeliveryAttempts';
  ctx.output(
    `${workflow.local}_trigger`,
    `Subscription Eventarc made for the trigger of ${workflow.name} on ${ctx.node.name}, and the dead-letter topic the README sets on it`,
    obj({
      subscription: ref(trigger.address, 'transport[0].pubsub[0].subscription'),
      ...(ctx.value<boolean>('deadLetter')
        ? {
            dead_letter_topic: ref(ctx.address(ctx.node, 'google_pubsub_topic', '_dlq'), 'id'),
            max_delivery_attempts: ctx.prop(attempts),
          }
        : {}),
    }),
  );
}
