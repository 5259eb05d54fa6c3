import type { TNode, TTfBuildContext } from '../service';
import { block, call, obj, ref, type TTfRef } from '../../ir/terraform-ir';
import { compartment, primary } from './shared';
import { connectorGrant, FUNCTION_TARGET_GRANTS } from './connector';

/**
 * The queues that invoke a function with their messages: each with a traffic connection to it,
 * as a topic pushes to what it has a traffic connection to. A data connection from a function to
 * a queue lets it send and read; it says nothing of who consumes, so it invokes nothing (an API
 * function enqueueing jobs must not be fed them).
 */
export const triggerQueues = (ctx: TTfBuildContext, fn: TNode): TNode[] =>
  ctx
    .incomingOf(fn, 'traffic')
    .map((e) => e.node)
    .filter((n) => n.service.kind === 'queue');

/**
 * OCI Functions has no queue trigger of its own: a Connector Hub connector with a Queue source
 * (plugin `QueueSource`, the queue's OCID in `config_map`) reads the queue, invokes the function
 * with the messages and deletes them once delivered ("Creating a Connector with a Queue Source",
 * Connector Hub docs). Its policy lets the connectors of the compartment read and consume that
 * queue only, and invoke functions; the connector waits for it, so its first reads are not refused.
 */
export function queueTriggers(ctx: TTfBuildContext, fn: TTfRef): void {
  for (const queue of triggerQueues(ctx, ctx.node)) queueTrigger(ctx, fn, queue);
}

function queueTrigger(ctx: TTfBuildContext, fn: TTfRef, queue: TNode): void {
  const name = `${ctx.node.local}_${queue.local}`;
  const queueId = primary(ctx, queue, 'id');
  const policy = ctx.resource('oci_identity_policy', name, {
    compartment_id: compartment(),
    name: ctx.name(`${queue.name}-trigger`, 'oci-iam'),
    description: `Lets a connector feed the messages of queue ${queue.name} to function ${ctx.node.name}`,
    statements: [
      connectorGrant('{QUEUE_READ, QUEUE_CONSUME}', ['target.queue.id', queueId]),
      ...FUNCTION_TARGET_GRANTS.map((grant) => connectorGrant(grant)),
    ],
    freeform_tags: ctx.tags(),
  });
  ctx.resource(
    'oci_sch_service_connector',
    name,
    {
      compartment_id: compartment(),
      display_name: ctx.name(`${queue.name}-trigger`, 'oci-display'),
      description: `Invokes ${ctx.node.name} with the messages of queue ${queue.name}`,
      source: block({
        kind: 'plugin',
        plugin_name: 'QueueSource',
        config_map: call('jsonencode', obj({ queueId })),
      }),
      target: block({ kind: 'functions', function_id: ref(fn.address, 'id') }),
      freeform_tags: ctx.tags(),
    },
    [policy.address],
  );
}
