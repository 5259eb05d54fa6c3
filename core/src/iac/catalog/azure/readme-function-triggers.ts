import type { TResolvedDesign } from '../../design/resolve';
import type { TNode } from '../service';
import { triggerConnections } from './connection-settings';
import { subscriptionOf } from './topic-subscriptions';
import { isSender } from '../senders';

/**
 * README section for function apps with data connections to Service Bus queues, topics or event
 * hubs (connection-settings.ts): what a trigger names so it signs in with the app's managed
 * identity.
 * Local authentication is off on the namespaces, so a connection string, which the Functions
 * templates put in `local.settings.json`, does not work once deployed.
 * https://learn.microsoft.com/azure/azure-functions/functions-bindings-service-bus-trigger
 */
export function functionTriggersReadme(resolved: TResolvedDesign): string[] {
  // Each component reading a topic has a subscription of its own; a sender none (topic-subscriptions.ts).
  const clients = new Map<string, TNode[]>();
  for (const c of resolved.design.connections) {
    const client = resolved.byId.get(c.from);
    if (c.type !== 'data' || !client) continue;
    const list = clients.get(c.to);
    if (list) list.push(client);
    else clients.set(c.to, [client]);
  }
  const subscription = (app: TNode, topic: TNode) => {
    const own = subscriptionOf(topic, clients.get(topic.id) ?? [], app);
    return own && (own.name ?? String(topic.properties['subscription']));
  };
  const lines = resolved.nodes
    .filter((n) => n.service.id === 'azure.function-app')
    .flatMap((app) => {
      const stores = resolved.design.connections
        .filter((c) => c.from === app.id && c.type === 'data')
        .flatMap((c) => resolved.byId.get(c.to) ?? []);
      return triggerConnections(stores).map(({ store, what, connection, entities }) => {
        const isTopic = store.service.id === 'azure.service-bus-topic';
        const own = isTopic ? subscription(app, store) : undefined;
        const language = `(Python; \`Connection = "${connection}"\` in C#, \`connection: '${connection}'\` in JavaScript). The setting \`${connection}__fullyQualifiedNamespace\` holds the namespace`;
        const sends = isTopic ? own === undefined : isSender(store, app);
        if (sends) {
          // A sender: an output binding, which names no subscription.
          const args = entities
            .filter((e) => e.arg !== 'subscription_name')
            .map((e) => `, \`${e.arg}="%${e.setting}%"\``)
            .join('');
          return `- \`${app.name}\` sends to the ${what} \`${store.name}\` (an output binding): \`connection="${connection}"\`${args} ${language}, and the app's identity may send only: it is one of the ${isTopic ? "topic's `senders`, so it has no subscription" : "queue's `senders`, so it is not fed the queue's messages"}.`;
        }
        const args = entities.map((e) => `, \`${e.arg}="%${e.setting}%"\``).join('');
        const shares =
          own === undefined
            ? ''
            : ` It receives from its own subscription, \`${own}\`, which no other reader shares.`;
        return `- \`${app.name}\` on the ${what} \`${store.name}\`: \`connection="${connection}"\`${args} ${language}, and the app's identity may receive.${shares}`;
      });
    });
  if (lines.length === 0) return [];
  return [
    '## Function triggers',
    '',
    "The function apps sign in to Service Bus and Event Hubs with their managed identities: the namespaces take no connection string (local authentication is off). A trigger names its connection, whose settings are in the app's settings already:",
    '',
    ...lines,
    '',
  ];
}
