import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

/** The warnings of rule gcp-queue-functions for functions connected to one queue. */
function warnings(fns: string[], senders: string[] = [], otherQueueFirst: string[] = []) {
  const parsed = parseDesign({
    v: 2,
    name: 'jobs',
    provider: 'gcp',
    region: 'europe-west1',
    components: [
      { id: 'jobs', service: 'gcp.pubsub-queue', name: 'jobs', properties: { senders } },
      { id: 'other', service: 'gcp.pubsub-queue', name: 'other' },
      ...fns.map((id) => ({ id, service: 'gcp.cloud-function', name: id })),
    ],
    connections: [
      ...otherQueueFirst.map((from) => ({ from, to: 'other', type: 'data' })),
      ...fns.map((from) => ({ from, to: 'jobs', type: 'data' })),
    ],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => i.message.includes('pushes every message'))
    .map((i) => `${i.path}: ${i.message}`);
}

describe('rule gcp-queue-functions', () => {
  it('warns that two functions a queue pushes to each handle every message', () => {
    expect(warnings(['resize', 'index'])).toEqual([
      'components[0]: queue “jobs” pushes every message to each of “resize”, “index” (a push subscription each), so each message is handled 2 times: let one function consume it (it scales out by itself), list the others in its senders if they only send, or use a Pub/Sub topic if each should see every message',
    ]);
  });

  it('counts neither a sender nor a function another queue triggers', () => {
    expect(warnings(['resize'])).toEqual([]);
    expect(warnings(['resize', 'api'], ['api'])).toEqual([]);
    expect(warnings(['resize', 'index'], [], ['index'])).toEqual([]);
  });
});
