import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import {
  mainTf,
  outputBlock,
  resourceBlock,
  smallDesign,
  terraformFiles,
} from '../../testing/small-design';

/**
 * A Notifications topic delivers to its subscriptions only, and OCI topics had none: every
 * alarm fired into a topic nobody read. A topic now subscribes its e-mail or HTTPS endpoint, and
 * an alarm connected to no topic notifies the design's alert topics, not a topic of its own.
 */
const vm = { id: 'vm', service: 'oci.compute-instance', name: 'web', group: 'sn-0' };
const alarm = (id: string) => ({ id, service: 'oci.monitoring-alarm', name: id });
const topic = (properties: Record<string, unknown>) => ({
  id: 'alerts',
  service: 'oci.notification-topic',
  name: 'alerts',
  properties,
});
const design = (properties: Record<string, unknown>) =>
  smallDesign({
    cloud: 'oci',
    components: [vm, topic(properties), alarm('errors'), alarm('busy')],
    connections: [
      { from: 'errors', to: 'vm', type: 'data' },
      { from: 'errors', to: 'alerts', type: 'data' },
      { from: 'busy', to: 'vm', type: 'data' },
    ],
  });

describe('oci: the subscription of a notification topic', () => {
  it('subscribes the e-mail address, saying it must be confirmed', async () => {
    const d = design({ subscriptionEndpoint: 'oncall@example.com' });
    const hcl = mainTf(d);
    const subscription = resourceBlock(hcl, 'oci_ons_subscription', 'alerts_notify');
    expect(subscription).toContain('topic_id       = oci_ons_notification_topic.alerts.id');
    expect(subscription).toMatch(/protocol\s+= "EMAIL"\n\s+endpoint\s+= "oncall@example\.com"/);
    expect(outputBlock(hcl, 'alerts_subscription_id')).toMatch(
      /pending until the recipient confirms it[\s\S]*oci_ons_subscription\.alerts_notify\.id/,
    );
    expect(await checkOutput(terraformFiles(d))).toEqual([]);
  });

  it('subscribes an HTTPS URL as CUSTOM_HTTPS (HTTPS is PagerDuty’s deprecated protocol)', () => {
    const hcl = mainTf(
      design({
        subscriptionProtocol: 'CUSTOM_HTTPS',
        subscriptionEndpoint: 'https://hooks.example.com/oci',
      }),
    );
    expect(resourceBlock(hcl, 'oci_ons_subscription', 'alerts_notify')).toMatch(
      /protocol\s+= "CUSTOM_HTTPS"\n\s+endpoint\s+= "https:\/\/hooks\.example\.com\/oci"/,
    );
  });

  it('writes none without an endpoint, and refuses an endpoint the protocol cannot take', () => {
    expect(mainTf(design({}))).not.toContain('oci_ons_subscription');
    const messages = (properties: Record<string, unknown>) => {
      const r = generate(design(properties), { format: 'terraform' });
      return r.ok ? [] : r.issues.map((i) => i.message);
    };
    expect(messages({ subscriptionEndpoint: 'oncall' })).toEqual([
      expect.stringMatching(/is not an e-mail address/),
    ]);
    expect(
      messages({
        subscriptionProtocol: 'CUSTOM_HTTPS',
        subscriptionEndpoint: 'http://hooks.example.com',
      }),
    ).toEqual([expect.stringMatching(/must be an https:\/\/ URL/)]);
  });
});

describe('oci: an alarm connected to no topic', () => {
  it('notifies the topics the other alarms of the design notify, not a topic of its own', () => {
    const hcl = mainTf(design({ subscriptionEndpoint: 'oncall@example.com' }));
    expect(resourceBlock(hcl, 'oci_monitoring_alarm', 'busy')).toMatch(
      /destinations\s+= \[oci_ons_notification_topic\.alerts\.id\]/,
    );
    expect(hcl).not.toContain('resource "oci_ons_notification_topic" "busy"');
  });

  it('reaches the alert topic in another module', async () => {
    const files = terraformFiles(design({ subscriptionEndpoint: 'oncall@example.com' }), 'modules');
    const busy = resourceBlock(
      files.map((f) => f.content).join('\n'),
      'oci_monitoring_alarm',
      'busy',
    );
    expect(busy).toMatch(/destinations\s+= \[var\.ons_notification_topic_alerts_id\]/);
    expect(await checkOutput(files)).toEqual([]);
  });

  it('makes a topic of its own only when the design has no alert topic', () => {
    const hcl = mainTf(
      smallDesign({
        cloud: 'oci',
        components: [vm, alarm('busy')],
        connections: [{ from: 'busy', to: 'vm', type: 'data' }],
      }),
    );
    expect(resourceBlock(hcl, 'oci_monitoring_alarm', 'busy')).toMatch(
      /destinations\s+= \[oci_ons_notification_topic\.busy\.id\]/,
    );
  });
});
