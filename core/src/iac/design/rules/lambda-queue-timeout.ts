import type { TDesignIssue } from '../parse';
import type { TDesignRule } from './rule';
import { isSender } from '../../catalog/senders';

const numberOf = (props: Readonly<Record<string, unknown>>, key: string, fallback: unknown) =>
  Number(props[key] ?? fallback);

/**
 * A function that consumes a queue (an event source mapping, which the Lambda builder emits for
 * each data connection to SQS, but for the queue's `senders`): SQS must hide a message at least as long as the function may run.
 */
export const lambdaQueueTimeout: TDesignRule = {
  id: 'lambda-queue-timeout',
  source:
    'AWS Lambda Developer Guide, "Using Lambda with Amazon SQS" (the queue visibility timeout must be at least the function timeout; CreateEventSourceMapping refuses otherwise)',
  check: ({ design, services }) => {
    const issues: TDesignIssue[] = [];
    const index = new Map(design.components.map((c, i) => [c.id, i]));
    const defaultOf = (id: string, key: string) =>
      services.get(id)?.properties.find((p) => p.key === key)?.default;
    for (const c of design.connections) {
      if (services.get(c.from)?.id !== 'aws.lambda' || services.get(c.to)?.id !== 'aws.sqs')
        continue;
      if (c.type !== 'data') continue;
      const fn = design.components[index.get(c.from) ?? -1];
      const queueIndex = index.get(c.to) ?? -1;
      const queue = design.components[queueIndex];
      // A sender is not fed the queue's messages: no event source mapping.
      if (!fn || !queue || isSender(queue, fn)) continue;
      const timeout = numberOf(fn.properties, 'timeout', defaultOf(fn.id, 'timeout'));
      const visibility = numberOf(
        queue.properties,
        'visibilityTimeout',
        defaultOf(queue.id, 'visibilityTimeout'),
      );
      if (visibility >= timeout) continue;
      issues.push({
        path: `components[${queueIndex}].properties.visibilityTimeout`,
        message: `visibilityTimeout ${visibility} s is shorter than the timeout ${timeout} s of function “${fn.name}” that consumes it: raise visibilityTimeout to at least ${timeout} (AWS advises six times it), or lower the function's timeout`,
        severity: 'error',
      });
    }
    return issues;
  },
};
