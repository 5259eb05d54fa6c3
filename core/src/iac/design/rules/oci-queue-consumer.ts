import type { TDesignIssue } from '../parse';
import { networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/** Kinds whose connection to a function watches it or grants to it: it does not invoke it. */
const NOT_INVOKERS = new Set(['alarm', 'identity']);

/**
 * OCI Functions has no queue trigger of its own: a function reads a queue it has a data
 * connection to only when something invokes it. A queue with a traffic connection to the function
 * feeds it through a Connector Hub connector (oci/queue-trigger.ts); without one, nor an API,
 * rule, schedule or workload calling it, the function never runs and the queue fills up.
 */
export const ociQueueConsumer: TDesignRule = {
  id: 'oci-queue-consumer',
  source:
    'OCI Connector Hub, "Creating a Connector with a Queue Source" (Queue to Functions); OCI Functions, "Invoking Functions"',
  check: (context) => {
    const { design, services } = context;
    const view = networkView(context);
    const names = new Map(design.components.map((c) => [c.id, c.name]));
    const issues: TDesignIssue[] = [];
    design.connections.forEach((c, i) => {
      if (c.type !== 'data') return;
      if (services.get(c.from)?.id !== 'oci.function') return;
      if (services.get(c.to)?.kind !== 'queue') return;
      const isInvoked = view
        .incoming(c.from)
        .some((e) => e.type === 'traffic' || !NOT_INVOKERS.has(services.get(e.from)?.kind ?? ''));
      if (isInvoked) return;
      const fn = names.get(c.from) ?? c.from;
      const queue = names.get(c.to) ?? c.to;
      issues.push({
        path: `connections[${i}]`,
        message: `function “${fn}” uses queue “${queue}”, but nothing invokes it, so it never reads it: connect the queue to it (a traffic connection from “${queue}” to “${fn}”) to have its messages delivered, or connect what calls it`,
        severity: 'warning',
      });
    });
    return issues;
  },
};
