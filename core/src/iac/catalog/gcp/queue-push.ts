import type { TNode, TTfBuildContext } from '../service';
import { isSender } from '../senders';

/**
 * A Cloud Run function is triggered by the first queue it has a data connection to and is not one
 * of the `senders` of (senders.ts: a sender is never fed the messages it sends). The queue
 * delivers to it with a push subscription of its own, not an Eventarc trigger: the subscription
 * Eventarc creates cannot be configured from Terraform (its name is output only), so it would
 * retry a message that always fails until its retention ends, with no dead-letter topic.
 * https://cloud.google.com/eventarc/docs/retry-events
 */
export const triggerQueue = (ctx: TTfBuildContext, fn: TNode): TNode | undefined =>
  ctx.outgoingOf(fn, 'data').find((e) => e.node.service.kind === 'queue' && !isSender(e.node, fn))
    ?.node;

/** The functions a queue pushes to: those it is the trigger of. */
export const pushedFunctions = (ctx: TTfBuildContext): TNode[] =>
  ctx
    .incoming('data')
    .map((e) => e.node)
    .filter((n) => n.service.kind === 'function' && triggerQueue(ctx, n) === ctx.node);
