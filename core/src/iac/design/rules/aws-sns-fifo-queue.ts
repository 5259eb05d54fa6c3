import type { TDesignIssue } from '../parse';
import { networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/**
 * SNS topics here are standard topics, and a FIFO queue accepts messages from FIFO topics only:
 * `aws_sns_topic_subscription` to a `.fifo` queue fails at apply (and the queue policy would
 * let nothing through). The design says which end to change.
 */
export const awsSnsFifoQueue: TDesignRule = {
  id: 'aws-sns-fifo-queue',
  source:
    'Amazon SNS developer guide, "Message ordering and deduplication (FIFO topics)": FIFO queues can subscribe to FIFO topics only',
  check: (context) => {
    const { design, services } = context;
    const view = networkView(context);
    const issues: TDesignIssue[] = [];
    design.connections.forEach((x, i) => {
      if (x.type !== 'data' && x.type !== 'traffic') return;
      if (services.get(x.from)?.id !== 'aws.sns' || services.get(x.to)?.id !== 'aws.sqs') return;
      const queue = view.component(x.to);
      if (queue?.properties['fifo'] !== true) return;
      const topic = view.component(x.from);
      issues.push({
        path: `connections[${i}]`,
        message: `SNS topic “${topic?.name ?? x.from}” is a standard topic and cannot deliver to FIFO queue “${queue.name}”: AWS refuses the subscription at apply. Set fifo off on “${queue.name}”, or send to a standard queue`,
        severity: 'error',
      });
    });
    return issues;
  },
};
