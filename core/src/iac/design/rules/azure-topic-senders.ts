import type { TDesignIssue } from '../parse';
import { networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/**
 * A Service Bus topic's `senders` name the components that only send to it (by name or id):
 * they get no subscription (catalog/azure/topic-subscriptions.ts). An entry that names no
 * component with a data connection to the topic is a typo or a stale name: the component meant
 * still gets a subscription nobody reads, whose messages wait out their time to live and count
 * toward the topic's size quota, while sends to it fail once that is full.
 */
export const azureTopicSenders: TDesignRule = {
  id: 'azure-topic-senders',
  source: 'Azure Service Bus, "Topics and subscriptions"; "Service Bus quotas" (maximum size)',
  check: (context) => {
    const { design, services } = context;
    const view = networkView(context);
    const byId = new Map(design.components.map((c) => [c.id, c]));
    const issues: TDesignIssue[] = [];
    design.components.forEach((topic, i) => {
      if (services.get(topic.id)?.id !== 'azure.service-bus-topic') return;
      const senders = topic.properties?.['senders'];
      if (!Array.isArray(senders) || senders.length === 0) return;
      const clients = view
        .incoming(topic.id)
        .filter((e) => e.type === 'data')
        .flatMap((e) => byId.get(e.from) ?? []);
      senders.forEach((sender, j) => {
        if (clients.some((c) => c.id === sender || c.name === sender)) return;
        const names = clients.map((c) => `“${c.name}”`).join(', ');
        issues.push({
          path: `components[${i}].properties.senders[${j}]`,
          message: `topic “${topic.name}” lists “${String(sender)}” as a sender, but no component of that name or id has a data connection to it${names ? ` (its clients: ${names})` : ''}: a sender not listed gets a subscription nobody reads`,
          severity: 'warning',
        });
      });
    });
    return issues;
  },
};
