import type { TDesignIssue } from '../parse';
import type { TDesignRule } from './rule';

/** What one Google Cloud sender delivers to, by connection type and target kind (its builder). */
interface TDelivery {
  readonly types: readonly string[];
  readonly kinds: readonly string[];
  /** What it delivers to, for the message. */
  readonly serves: string;
}

/**
 * The builders in catalog/gcp (messaging.ts, topic-pull.ts, topic-exports.ts, jobs.ts): every
 * other target produces nothing.
 */
const DELIVERIES: Readonly<Record<string, TDelivery>> = {
  'gcp.eventarc-bus': {
    types: ['traffic', 'data'],
    kinds: ['serverless-container', 'function', 'workflow', 'topic', 'queue'],
    serves: 'Cloud Run services, functions, workflows and Pub/Sub topics or queues',
  },
  'gcp.pubsub-topic': {
    types: ['traffic', 'data'],
    kinds: [
      'serverless-container',
      'function',
      'workflow',
      'vm',
      'autoscaling-group',
      'kubernetes',
      'data-warehouse',
      'object-storage',
    ],
    serves:
      'Cloud Run services, functions (push subscriptions), workflows (Eventarc triggers), VMs, instance groups and GKE clusters (pull subscriptions), BigQuery datasets and Cloud Storage buckets (export subscriptions)',
  },
  'gcp.pubsub-queue': {
    types: ['traffic'],
    kinds: ['workflow'],
    serves:
      'workflows (Eventarc triggers); a function is pushed to when it has a data connection to the queue, and other consumers pull',
  },
  'gcp.cloud-scheduler': {
    types: ['traffic'],
    kinds: ['serverless-container', 'function', 'workflow', 'topic', 'queue'],
    serves: 'Cloud Run services, functions, workflows and Pub/Sub topics or queues',
  },
  'gcp.cloud-tasks': {
    types: ['traffic'],
    kinds: ['serverless-container', 'function'],
    serves: 'one Cloud Run service or function (its first)',
  },
};

/**
 * A Google Cloud bus, topic, queue, scheduler job or task queue connected to what it cannot
 * deliver to: its builder writes nothing for that connection, so nothing ever reaches the target.
 */
export const gcpDeliveryTargets: TDesignRule = {
  id: 'gcp-delivery-targets',
  source:
    'Eventarc Advanced, "Event providers and destinations"; Pub/Sub, "Push subscriptions", "Pull subscriptions", "BigQuery subscriptions" and "Cloud Storage subscriptions"; Cloud Tasks, "HTTP Target tasks"; Cloud Scheduler, "Job targets"',
  check: ({ design, services }) => {
    const names = new Map(design.components.map((c) => [c.id, c.name]));
    const issues: TDesignIssue[] = [];
    const dispatched = new Set<string>();
    design.connections.forEach((c, i) => {
      const from = services.get(c.from);
      const delivery = from ? DELIVERIES[from.id] : undefined;
      if (!from || !delivery || !delivery.types.includes(c.type)) return;
      const to = services.get(c.to);
      if (!to) return;
      const sender = names.get(c.from) ?? c.from;
      const target = names.get(c.to) ?? c.to;
      // A function a queue pushes to: the function's own data connection to the queue.
      const isPushedFunction =
        from.id === 'gcp.pubsub-queue' &&
        to.kind === 'function' &&
        design.connections.some((d) => d.type === 'data' && d.from === c.to && d.to === c.from);
      if (delivery.kinds.includes(to.kind) || isPushedFunction) {
        // A task queue sends every task to one target: the first it has a traffic connection to.
        if (from.id !== 'gcp.cloud-tasks') return;
        if (!dispatched.has(c.from)) {
          dispatched.add(c.from);
          return;
        }
      }
      issues.push({
        path: `connections[${i}]`,
        message: `${from.name} “${sender}” does not deliver to “${target}” (${to.name}): nothing is generated for this connection, so nothing reaches it; it delivers to ${delivery.serves}`,
        severity: 'warning',
      });
    });
    return issues;
  },
};
