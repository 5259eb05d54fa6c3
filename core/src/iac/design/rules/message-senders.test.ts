import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';
import type { TCloud } from '../../types';

const CASES: Record<string, { cloud: TCloud; region: string; client: string }> = {
  'azure.service-bus-topic': {
    cloud: 'azure',
    region: 'westeurope',
    client: 'azure.function-app',
  },
  'azure.service-bus-queue': {
    cloud: 'azure',
    region: 'westeurope',
    client: 'azure.function-app',
  },
  'aws.sqs': { cloud: 'aws', region: 'eu-west-1', client: 'aws.lambda' },
  'gcp.pubsub-queue': { cloud: 'gcp', region: 'europe-west1', client: 'gcp.cloud-function' },
};

/** The warnings of rule message-senders for a queue or topic with two clients and these senders. */
function senderWarnings(senders: string[], service = 'azure.service-bus-topic') {
  const { cloud, region, client } = CASES[service]!;
  const parsed = parseDesign({
    v: 2,
    name: 'orders',
    provider: cloud,
    region,
    components: [
      { id: 'orders', service, name: 'orders', properties: { senders } },
      { id: 'shop-api', service: client, name: 'shop' },
      { id: 'billing', service: client, name: 'billing' },
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

describe('rule message-senders', () => {
  it('says which sender names no client of the topic, and lists its clients', () => {
    expect(senderWarnings(['shop-api', 'shopp'])).toEqual([
      'components[0].properties.senders[1]: topic “orders” lists “shopp” as a sender, but no component of that name or id has a data connection to it (its clients: “shop”, “billing”): a sender not listed gets a subscription nobody reads, whose messages count toward the topic’s size until sends fail',
    ]);
  });

  it('says what a queue still does to a sender it cannot find, on each cloud', () => {
    expect(senderWarnings(['shopp'], 'aws.sqs')).toEqual([
      'components[0].properties.senders[0]: queue “orders” lists “shopp” as a sender, but no component of that name or id has a data connection to it (its clients: “shop”, “billing”): a sender not listed that is a Lambda function is invoked with the queue’s messages, taking them from its readers',
    ]);
    expect(senderWarnings(['shopp'], 'gcp.pubsub-queue')[0]).toMatch(
      /queue “orders” lists “shopp”.*is pushed every message/,
    );
    expect(senderWarnings(['shopp'], 'azure.service-bus-queue')[0]).toMatch(
      /queue “orders” lists “shopp”.*may also receive/,
    );
  });

  it('accepts senders named by id or by name', () => {
    for (const service of Object.keys(CASES)) {
      expect(senderWarnings(['shop-api', 'billing'], service)).toEqual([]);
      expect(senderWarnings(['shop'], service)).toEqual([]);
      expect(senderWarnings([], service)).toEqual([]);
    }
  });
});
