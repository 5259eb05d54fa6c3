import type { TPropertyDefinition } from '../types';
import type { TNode } from './service';
import { listProp } from './properties';

/**
 * Queues and topics whose clients only send. A data connection carries no direction on any
 * cloud (it lets the client send and receive), and a queue's or topic's owner is the one who
 * knows who publishes to it: its `senders` property lists them, by component name or id
 * (decisions 0038 and 0040). A sender is never fed the messages (no Lambda event source mapping,
 * no Pub/Sub push or pull subscription, no Service Bus subscription) and may only send.
 */
export const sendersProp = (what: string): TPropertyDefinition => ({
  ...listProp('senders', 'Senders', []),
  description: `Components that only send to it, by name or id: ${what}.`,
});

/**
 * Whether `target` (a queue or topic) lists `client` in its `senders`, by id or by name. Takes
 * design components as well as resolved nodes (design rules read the former).
 */
export function isSender(
  target: Pick<TNode, 'properties'>,
  client: Pick<TNode, 'id' | 'name'>,
): boolean {
  const senders = target.properties['senders'];
  return Array.isArray(senders) && (senders.includes(client.id) || senders.includes(client.name));
}
