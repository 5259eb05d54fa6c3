import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

/** The warnings of rule azure-topic-senders for a topic with two clients and these senders. */
function senderWarnings(senders: string[]) {
  const parsed = parseDesign({
    v: 2,
    name: 'orders',
    provider: 'azure',
    region: 'westeurope',
    components: [
      { id: 'orders', service: 'azure.service-bus-topic', name: 'orders', properties: { senders } },
      { id: 'shop-api', service: 'azure.function-app', name: 'shop' },
      { id: 'billing', service: 'azure.function-app', name: 'billing' },
    ],
    connections: [
      { from: 'shop-api', to: 'orders', type: 'data' },
      { from: 'billing', to: 'orders', type: 'data' },
    ],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => i.message.includes('as a sender'))
    .map((i) => `${i.path}: ${i.message}`);
}

describe('rule azure-topic-senders', () => {
  it('says which sender names no client of the topic, and lists its clients', () => {
    expect(senderWarnings(['shop-api', 'shopp'])).toEqual([
      'components[0].properties.senders[1]: topic “orders” lists “shopp” as a sender, but no component of that name or id has a data connection to it (its clients: “shop”, “billing”): a sender not listed gets a subscription nobody reads',
    ]);
  });

  it('accepts senders named by id or by name', () => {
    expect(senderWarnings(['shop-api', 'billing'])).toEqual([]);
    expect(senderWarnings(['shop'])).toEqual([]);
    expect(senderWarnings([])).toEqual([]);
  });
});
