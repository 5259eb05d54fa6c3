import type { TDesignIssue } from '../parse';
import { networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/**
 * What a client missing from a queue's or topic's `senders` still gets (catalog/senders.ts).
 * An Azure topic's gives each reader a subscription; the queues feed their readers.
 */
const NOT_LISTED: Readonly<Record<string, string>> = {
  'azure.service-bus-topic':
    'a sender not listed gets a subscription nobody reads, whose messages count toward the topic’s size until sends fail',
  'azure.service-bus-queue': 'a sender not listed may also receive, and take its readers’ messages',
  'aws.sqs':
    'a sender not listed that is a Lambda function is invoked with the queue’s messages, taking them from its readers',
  'gcp.pubsub-queue':
    'a sender not listed that is a function is pushed every message, and any other may pull its readers’ messages',
};

/**
 * A queue's or topic's `senders` name the components that only send to it (by name or id): they
 * are not fed its messages and may only send (catalog/senders.ts). An entry that names no
 * component with a data connection to it is a typo or a stale name, and the component meant is
 * still treated as a reader.
 */
export const messageSenders: TDesignRule = {
  id: 'message-senders',
  source:
    'Azure Service Bus, "Topics and subscriptions"; AWS Lambda Developer Guide, "Using Lambda with Amazon SQS"; Pub/Sub, "Push subscriptions"',
  check: (context) => {
    const { design, services } = context;
    const view = networkView(context);
    const byId = new Map(design.components.map((c) => [c.id, c]));
    const issues: TDesignIssue[] = [];
    design.components.forEach((target, i) => {
      const service = services.get(target.id);
      const consequence = service && NOT_LISTED[service.id];
      if (!consequence) return;
      const senders = target.properties?.['senders'];
      if (!Array.isArray(senders) || senders.length === 0) return;
      const clients = view
        .incoming(target.id)
        .filter((e) => e.type === 'data')
        .flatMap((e) => byId.get(e.from) ?? []);
      senders.forEach((sender, j) => {
        if (clients.some((c) => c.id === sender || c.name === sender)) return;
        const names = clients.map((c) => `“${c.name}”`).join(', ');
        issues.push({
          path: `components[${i}].properties.senders[${j}]`,
          message: `${service.kind} “${target.name}” lists “${String(sender)}” as a sender, but no component of that name or id has a data connection to it${names ? ` (its clients: ${names})` : ''}: ${consequence}`,
          severity: 'warning',
        });
      });
    });
    return issues;
  },
};
