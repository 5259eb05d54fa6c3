import { describe, expect, it } from 'vitest';
import { findService } from '../../catalog/registry';
import type { TPropertyValue } from '../../types';
import { awsAppRunnerSize } from './aws-app-runner-size';
import { awsHealthCheckInterval } from './aws-health-check-interval';
import { alertDelivery } from './alert-delivery';
import { scalingBounds } from './scaling-bounds';
import type { TPropertyRule } from './rule';
import type { TServiceDefinition } from '../../catalog/service';
import type { TDesign } from '../schema-v2';

/** Findings of a rule on the service's defaults with `props` applied. */
function findings(rule: TPropertyRule, service: string, props: Record<string, TPropertyValue>) {
  const defaults = Object.fromEntries(
    (findService(service)?.properties ?? []).map((p) => [p.key, p.default]),
  );
  return rule.check({ ...defaults, ...props }, { service }).map((f) => `${f.key}: ${f.message}`);
}

describe('aws-health-check-interval', () => {
  it('accepts 30 and 10 seconds and refuses anything between', () => {
    const s = 'aws.route53-health-check';
    expect(findings(awsHealthCheckInterval, s, {})).toEqual([]);
    expect(findings(awsHealthCheckInterval, s, { requestInterval: 10 })).toEqual([]);
    expect(findings(awsHealthCheckInterval, s, { requestInterval: 20 })).toEqual([
      'requestInterval: requestInterval 20 s is not offered by Route 53: choose 30 (standard) or 10 (fast, billed higher)',
    ]);
  });
});

describe('aws-app-runner-size', () => {
  it('accepts the pairs App Runner offers and refuses the others', () => {
    const s = 'aws.app-runner';
    expect(findings(awsAppRunnerSize, s, {})).toEqual([]);
    expect(findings(awsAppRunnerSize, s, { cpu: '256', memory: '512' })).toEqual([]);
    expect(findings(awsAppRunnerSize, s, { cpu: '4096', memory: '12288' })).toEqual([]);
    expect(findings(awsAppRunnerSize, s, { cpu: '512', memory: '2048' })).toEqual([
      'memory: memory 2048 MiB is not offered by App Runner with cpu 512: choose 1024 MiB, or another cpu',
    ]);
    expect(findings(awsAppRunnerSize, s, { cpu: '2048', memory: '12288' })).toHaveLength(1);
  });

  it('keeps min instances at or below max instances', () => {
    const s = 'aws.app-runner';
    expect(findings(scalingBounds, s, { minInstances: 5, maxInstances: 2 })).toEqual([
      'minInstances: minInstances 5 is above maxInstances 2: lower minInstances or raise maxInstances (minInstances ≤ maxInstances)',
    ]);
    expect(findings(scalingBounds, s, { minInstances: 2, maxInstances: 2 })).toEqual([]);
  });
});

describe('alert-delivery: Route 53 health checks', () => {
  const check = (endpoint: string) => {
    const design = {
      components: [
        { id: 'up', name: 'up', service: 'aws.route53-health-check', properties: {} },
        {
          id: 'alerts',
          name: 'alerts',
          service: 'aws.sns',
          properties: { subscriptionEndpoint: endpoint },
        },
      ],
      groups: [],
      connections: [{ from: 'up', to: 'alerts', type: 'data' }],
    } as unknown as TDesign;
    const services = new Map<string, TServiceDefinition>([
      ['up', findService('aws.route53-health-check')!],
      ['alerts', findService('aws.sns')!],
    ]);
    return alertDelivery.check({ design, services }).map((i) => i.path);
  };

  it('warns when the alert topic has no endpoint for the us-east-1 relay to notify', () => {
    expect(check('')).toEqual(['components[1].properties.subscriptionEndpoint']);
    expect(check('oncall@example.com')).toEqual([]);
  });
});
