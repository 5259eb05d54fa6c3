import type { TResolvedDesign } from '../../design/resolve';
import type { TNode } from '../service';
import { triggerConnections } from './connection-settings';
import { subscriptionOf } from './topic-subscriptions';

/**
 * README section for function apps with data connections to Service Bus queues, topics or event
 * hubs (connection-settings.ts): what a trigger names so it signs in with the app's managed
 * identity.
 * Local authentication is off on the namespaces, so a connection string, which the Functions
 * templates put in `local.settings.json`, does not work once deployed.
 * https://learn.microsoft.com/azure/azure-functions/functions-bindings-service-bus-trigger
 */
export function functionTriggersReadme(resolved: TResolvedDesign): string[] {
  // Each component reading a topic has a subscription of its own (topic-subscriptions.ts).
  const readers = new Map<string, TNode[]>();
  for (const c of resolved.design.connections) {
    const reader = resolved.byId.get(c.from);
    if (c.type !== 'data' || !reader) continue;
    const list = readers.get(c.to);
    if (list) list.push(reader);
    else readers.set(c.to, [reader]);
  }
  const own = (app: TNode, store: TNode) =>
    store.service.id === 'azure.service-bus-topic'
      ? ` It receives from its own subscription, \`${subscriptionOf(readers.get(store.id) ?? [], app)}\`, which no other reader shares.`
      : '';
  const lines = resolved.nodes
    .filter((n) => n.service.id === 'azure.function-app')
    .flatMap((app) => {
      const stores = resolved.design.connections
        .filter((c) => c.from === app.id && c.type === 'data')
        .flatMap((c) => resolved.byId.get(c.to) ?? []);
      return triggerConnections(stores).map(({ store, what, connection, entities }) => {
        const args = entities.map((e) => `, \`${e.arg}="%${e.setting}%"\``).join('');
        return `- \`${app.name}\` on the ${what} \`${store.name}\`: \`connection="${connection}"\`${args} (Python; \`Connection = "${connection}"\` in C#, \`connection: '${connection}'\` in JavaScript). The setting \`${connection}__fullyQualifiedNamespace\` holds the namespace, and the app's identity may receive.${own(app, store)}`;
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
