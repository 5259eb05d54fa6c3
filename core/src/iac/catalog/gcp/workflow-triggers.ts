import type { TNode, TTfBuildContext } from '../service';
import { block, ref, tfVar, tpl, type TTfRef } from '../../ir/terraform-ir';
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
  ctx.resource(
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
}
