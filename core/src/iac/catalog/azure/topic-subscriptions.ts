import type { TNode } from '../service';
import { isSender } from '../senders';

/** A reader of a Service Bus topic and the subscription it alone receives from. */
export interface TTopicSubscription {
  readonly reader: TNode;
  /**
   * Its name; undefined for the topic's own subscription, named by its `subscription` property,
   * which the first reader keeps at the addresses it had before readers got their own (Terraform
   * `<topic>`, ARM symbol `<topic>Subscription`; the others add the reader to them).
   */
  readonly name: string | undefined;
}

/**
 * The subscriptions of a Service Bus topic, one per reader: every component with a data
 * connection to it (Azure Service Bus Data Receiver on its namespace, access.ts) that the topic
 * does not list as a sender. Readers of one subscription compete for its messages, so a shared one
 * handed each message to one reader only; a sender's subscription was read by nobody, and its
 * messages filled the topic until sending failed.
 *
 * The first reader, by the order the design's connections were drawn (a new reader comes last),
 * keeps the topic's own subscription, named by its `subscription` property (`default`), with the
 * address it had when every reader shared it: regenerating a design from before kept that
 * subscription and its messages rather than replacing it (decision 0038). Each other reader's is
 * named after it, in the order of their ids, `-2`... after a name taken before (names are not
 * unique); a component name is at most 40 characters (schema-v2.ts), within the 50 Service Bus
 * allows, and loses its trailing hyphens, as a subscription name ends with a letter or digit.
 */
export function topicSubscriptions(topic: TNode, clients: readonly TNode[]): TTopicSubscription[] {
  const byId = new Map<string, TNode>();
  for (const c of clients) if (!isSender(topic, c)) byId.set(c.id, c);
  const [first, ...others] = byId.values();
  if (first === undefined) return [];
  const own = topic.properties['subscription'];
  const taken = new Set<string>(typeof own === 'string' ? [own] : []);
  const named = others
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((reader) => {
      const base = reader.name.replace(/-+$/, '');
      let name = base;
      for (let i = 2; taken.has(name); i++) name = `${base}-${i}`;
      taken.add(name);
      return { reader, name };
    });
  return [{ reader: first, name: undefined }, ...named];
}

/** The subscription `reader` receives from among the topic's `clients`, if it reads the topic. */
export function subscriptionOf(
  topic: TNode,
  clients: readonly TNode[],
  reader: TNode,
): TTopicSubscription | undefined {
  return topicSubscriptions(topic, clients).find((s) => s.reader.id === reader.id);
}
