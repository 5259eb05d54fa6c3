import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { nsgIngressBodies, nsgOf } from '../../testing/oci-nsg';
import { mainTf, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A private stream pool answers on its private endpoint: the Streaming API (PutMessages,
 * GetMessages at the stream's `messages_endpoint`, HTTPS on 443) and Kafka (9092). A stream's
 * clients are told its messages endpoint, so its NSG admits them on both; a pool used as a Kafka
 * cluster tells its clients the bootstrap servers only, and admits 9092 alone.
 */
const design = smallDesign({
  cloud: 'oci',
  components: [
    { id: 'loader', service: 'oci.compute-instance', name: 'loader', group: 'sn-0' },
    { id: 'readings', service: 'oci.streaming', name: 'readings', group: 'sn-1' },
    { id: 'events', service: 'oci.streaming-kafka', name: 'events', group: 'sn-1' },
  ],
  connections: [
    { from: 'loader', to: 'readings', type: 'data' },
    { from: 'loader', to: 'events', type: 'data' },
  ],
});
const hcl = mainTf(design);

/** `source port` of each ingress rule of the node's own NSG. */
const ingressOf = (node: string): string[] =>
  nsgIngressBodies(hcl, node).map((body) => {
    const source = /\n\s+source\s+= (.+)/.exec(body)![1];
    return `${source} ${/min = (\d+)/.exec(body)![1]}`;
  });

describe('oci: the private endpoint of a stream pool', () => {
  it('admits the clients of a stream on the Streaming API (443) and Kafka (9092)', () => {
    expect(hcl).toMatch(
      /READINGS_STREAM_ENDPOINT\s+= oci_streaming_stream\.readings\.messages_endpoint/,
    );
    expect(ingressOf('readings')).toEqual([`${nsgOf('loader')} 9092`, `${nsgOf('loader')} 443`]);
  });

  it('admits the clients of a Kafka pool on 9092 only', () => {
    expect(ingressOf('events')).toEqual([`${nsgOf('loader')} 9092`]);
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
