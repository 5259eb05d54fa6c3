import type { TDesignIssue } from '../parse';
import { isSender } from '../../catalog/senders';
import type { TDesignRule } from './rule';

/**
 * A Pub/Sub queue pushes to each function it triggers on a push subscription of that function's
 * own (catalog/gcp/queue-push.ts: a function is triggered by the first queue it has a data
 * connection to and does not only send to). A push subscription has one endpoint, so two such
 * functions cannot share one: each gets every message, and a job is done twice. On AWS and Azure
 * the readers of one queue compete for its messages; here they do not. One function scales out
 * by itself (Cloud Run instances); a Pub/Sub topic is the component for every reader seeing
 * every message.
 */
export const gcpQueueFunctions: TDesignRule = {
  id: 'gcp-queue-functions',
  source:
    'Pub/Sub, "Push subscriptions" (one endpoint per subscription; each subscription receives every message published to its topic)',
  check: ({ design, services }) => {
    if (design.provider !== 'gcp') return [];
    const byId = new Map(design.components.map((c, i) => [c.id, { c, i }]));
    const isQueue = (id: string) => services.get(id)?.id === 'gcp.pubsub-queue';
    // Each function's trigger queue, by the order its connections were drawn.
    const pushedBy = new Map<string, string[]>();
    const seen = new Set<string>();
    for (const x of design.connections) {
      if (x.type !== 'data' || seen.has(x.from) || !isQueue(x.to)) continue;
      if (services.get(x.from)?.kind !== 'function') continue;
      const queue = byId.get(x.to)?.c;
      const fn = byId.get(x.from)?.c;
      if (!queue || !fn || isSender(queue, fn)) continue;
      seen.add(x.from);
      pushedBy.set(x.to, [...(pushedBy.get(x.to) ?? []), x.from]);
    }
    const issues: TDesignIssue[] = [];
    for (const [queueId, fns] of pushedBy) {
      if (fns.length < 2) continue;
      const { c: queue, i } = byId.get(queueId)!;
      const names = fns.map((id) => `“${byId.get(id)?.c.name ?? id}”`).join(', ');
      issues.push({
        path: `components[${i}]`,
        message: `queue “${queue.name}” pushes every message to each of ${names} (a push subscription each), so each message is handled ${fns.length} times: let one function consume it (it scales out by itself), list the others in its senders if they only send, or use a Pub/Sub topic if each should see every message`,
        severity: 'warning',
      });
    }
    return issues;
  },
};
