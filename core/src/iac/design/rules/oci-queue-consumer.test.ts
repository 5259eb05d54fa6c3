import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

/** The warnings of rule oci-queue-consumer for an OCI design with a queue and functions. */
function consumerWarnings(components: object[], connections: object[]) {
  const parsed = parseDesign({
    v: 2,
    name: 'queues',
    provider: 'oci',
    region: 'eu-frankfurt-1',
    components: [
      { id: 'jobs', service: 'oci.queue', name: 'jobs' },
      { id: 'worker', service: 'oci.function', name: 'worker' },
      ...components,
    ],
    connections,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => i.message.includes('nothing invokes it'))
    .map((i) => `${i.path}: ${i.message}`);
}

const uses = { from: 'worker', to: 'jobs', type: 'data' };

describe('rule oci-queue-consumer', () => {
  it('says a function that uses a queue and that nothing invokes never reads it', () => {
    const alarm = { id: 'errors', service: 'oci.monitoring-alarm', name: 'errors' };
    // An alarm watching the function does not invoke it.
    expect(
      consumerWarnings([alarm], [uses, { from: 'errors', to: 'worker', type: 'data' }]),
    ).toEqual([
      'connections[0]: function “worker” uses queue “jobs”, but nothing invokes it, so it never reads it: connect the queue to it (a traffic connection from “jobs” to “worker”) to have its messages delivered, or connect what calls it',
    ]);
  });

  it('is satisfied by the queue feeding it, or by anything calling it', () => {
    expect(consumerWarnings([], [uses, { from: 'jobs', to: 'worker', type: 'traffic' }])).toEqual(
      [],
    );
    const api = { id: 'api', service: 'oci.api-gateway', name: 'api' };
    expect(consumerWarnings([api], [uses, { from: 'api', to: 'worker', type: 'traffic' }])).toEqual(
      [],
    );
  });
});
