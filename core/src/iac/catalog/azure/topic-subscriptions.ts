import type { TNode } from '../service';

/** A reader of a Service Bus topic and the subscription it alone receives from. */
export interface TTopicSubscription {
  readonly reader: TNode;
  readonly name: string;
}

/**
 * The subscriptions of a Service Bus topic, one per reader: every component with a data
 * connection to it, which holds Azure Service Bus Data Receiver on its namespace (access.ts).
 * Readers of one subscription compete for its messages, so a shared one handed each message to
 * one reader only. Each is named after its reader, in the order of their ids, `-2`... after a name
 * another reader took first (names are not unique); a component name is at most 40 characters
 * (schema-v2.ts), within the 50 Service Bus allows, and loses its trailing hyphens, as a
 * subscription name ends with a letter or digit.
 */
export function topicSubscriptions(readers: readonly TNode[]): TTopicSubscription[] {
  const byId = new Map(readers.map((r) => [r.id, r]));
  const taken = new Set<string>();
  return [...byId.values()]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((reader) => {
      const base = reader.name.replace(/-+$/, '');
      let name = base;
      for (let i = 2; taken.has(name); i++) name = `${base}-${i}`;
      taken.add(name);
      return { reader, name };
    });
}

/** The name of the subscription `reader` receives from, among the topic's `readers`. */
export function subscriptionOf(readers: readonly TNode[], reader: TNode): string {
  return topicSubscriptions(readers).find((s) => s.reader.id === reader.id)?.name ?? reader.name;
}
