import { beforeAll, describe, expect, it } from 'vitest';
import { useSchemaData } from '@stratum/cli/testing/fixtures';
import { generate } from '../../iac/generate';
import type { TCloud } from '../../iac/types';
import { terraformToDesign } from './import';

/**
 * A queue with a producer and a consumer (catalog/senders.ts): the engine's Terraform read back
 * lists the producer in the queue's `senders`, as its code holds no trigger and send-only grants;
 * regenerated without it, the producer would be fed the queue's messages.
 */
function readBack(cloud: TCloud, region: string, queue: string, client: string) {
  const design = {
    v: 2,
    name: 'senders',
    provider: cloud,
    region,
    environments: [{ name: 'dev' }],
    groups: [],
    components: [
      { id: 'api', service: client, name: 'api', properties: {} },
      { id: 'worker', service: client, name: 'worker', properties: {} },
      { id: 'jobs', service: queue, name: 'jobs', properties: { senders: ['api'] } },
    ],
    connections: [
      { from: 'api', to: 'jobs', type: 'data' },
      { from: 'worker', to: 'jobs', type: 'data' },
    ],
  };
  const generated = generate(design, { format: 'terraform' });
  if (!generated.ok) throw new Error(generated.issues.map((i) => i.message).join('\n'));
  const out = terraformToDesign(generated.files.filter((f) => /\.(tf|tfvars)$/.test(f.path)));
  const jobs = out.design!.components.find((c) => c.id === 'jobs')!;
  return {
    senders: jobs.properties['senders'],
    connections: out.design!.connections.map((c) => `${c.from}>${c.to}:${c.type}`),
  };
}

beforeAll(() => {
  useSchemaData();
}, 120_000);

describe('a queue’s senders read back from Terraform', () => {
  it.each([
    ['aws', 'eu-west-1', 'aws.sqs', 'aws.lambda'],
    ['aws', 'eu-west-1', 'aws.sqs', 'aws.app-runner'],
    ['gcp', 'europe-west1', 'gcp.pubsub-queue', 'gcp.cloud-function'],
    ['azure', 'westeurope', 'azure.service-bus-queue', 'azure.function-app'],
  ] as const)('%s %s: the producer only (%s, %s)', (cloud, region, queue, client) => {
    const back = readBack(cloud, region, queue, client);
    expect(back.senders).toEqual(['api']);
    expect(back.connections).toEqual(expect.arrayContaining(['api>jobs:data', 'worker>jobs:data']));
  });
});
