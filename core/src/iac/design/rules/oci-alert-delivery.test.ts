import { describe, expect, it } from 'vitest';
import { findService } from '../../catalog/registry';
import type { TServiceDefinition } from '../../catalog/service';
import type { TDesign } from '../schema-v2';
import { alertDelivery } from './alert-delivery';

/**
 * alert-delivery on OCI: Monitoring alarms notify Notifications topics, which deliver to their
 * subscriptions only; a topic with no subscriptionEndpoint, or the topic an alarm makes when the
 * design has none, alerts nobody.
 */
function check(
  components: { id: string; service: string; properties?: object }[],
  connections: { from: string; to: string }[],
): string[] {
  const design = {
    components: components.map((c) => ({ name: c.id, properties: {}, ...c })),
    groups: [],
    connections: connections.map((c) => ({ ...c, type: 'data' })),
  } as unknown as TDesign;
  const services = new Map<string, TServiceDefinition>(
    components.map((c) => [c.id, findService(c.service)!]),
  );
  return alertDelivery.check({ design, services }).map((i) => `${i.path}: ${i.message}`);
}

const alarm = (id: string) => ({ id, service: 'oci.monitoring-alarm' });
const topic = (subscriptionEndpoint: string) => ({
  id: 'alerts',
  service: 'oci.notification-topic',
  properties: { subscriptionEndpoint },
});

describe('alert-delivery: OCI notification topics', () => {
  it('warns of a topic alarms notify that has no subscriptionEndpoint', () => {
    const links = [{ from: 'errors', to: 'alerts' }];
    expect(check([topic(''), alarm('errors')], links)).toEqual([
      'components[0].properties.subscriptionEndpoint: alarms notify topic “alerts” but nothing subscribes to it: set subscriptionEndpoint (an e-mail address or an HTTPS URL)',
    ]);
    expect(check([topic('oncall@example.com'), alarm('errors')], links)).toEqual([]);
    // A topic no alarm notifies is not an alert topic.
    expect(check([topic('')], [])).toEqual([]);
  });

  it('warns of an alarm that notifies a topic of its own when the design has no alert topic', () => {
    expect(check([alarm('errors')], [])).toEqual([
      'components[0]: alarm “errors” notifies no Notifications topic, so a topic of its own that nothing subscribes to: connect it to a topic with a subscriptionEndpoint',
    ]);
    // With an alert topic, an alarm connected to none notifies it (oci/topic-subscriber.ts).
    expect(
      check(
        [topic('oncall@example.com'), alarm('errors'), alarm('busy')],
        [{ from: 'errors', to: 'alerts' }],
      ),
    ).toEqual([]);
  });
});
