import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';
import { smallDesign } from '../../testing/small-design';

/** Findings of rule aws-sns-fifo-queue for a topic sending to a queue. */
function findings(fifo: boolean) {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'events', service: 'aws.sns', name: 'events' },
      { id: 'orders', service: 'aws.sqs', name: 'orders', properties: { fifo } },
    ],
    connections: [{ from: 'events', to: 'orders', type: 'data' }],
  });
  const parsed = parseDesign(design);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => /FIFO queue/.test(i.message))
    .map((i) => `${i.severity} ${i.path}: ${i.message}`);
}

describe('aws-sns-fifo-queue', () => {
  it('refuses a standard SNS topic sending to a FIFO queue, naming the setting to change', () => {
    expect(findings(true)).toEqual([
      'error connections[0]: SNS topic “events” is a standard topic and cannot deliver to FIFO queue “orders”: AWS refuses the subscription at apply. Set fifo off on “orders”, or send to a standard queue',
    ]);
  });

  it('accepts a standard queue', () => {
    expect(findings(false)).toEqual([]);
  });
});
