import { describe, expect, it } from 'vitest';
import { findService } from '../../iac/catalog/registry';
import { ZDesignV2 } from '../../iac/design/schema-v2';
import type { TConvertWarning } from '../types';
import { validated } from './checks';
import { sameDomain, settleEnvironments } from './environments';

const broker = findService('aws.mq-rabbitmq')!;
const settle = (...perEnvironment: Record<string, string>[]) =>
  settleEnvironments([{ id: 'broker', service: broker, perEnvironment }], perEnvironment.length);

describe('the base value of a property read per environment', () => {
  it('is the default when one environment holds it and another overrides it (dev only)', () => {
    const { base, overrides } = settle({ mode: 'SINGLE_INSTANCE' }, {});
    expect(base.get('broker')).toEqual({});
    expect(overrides).toEqual([{ broker: { mode: 'SINGLE_INSTANCE' } }, {}]);
  });

  it('is what most environments hold, the default or not', () => {
    const { base, overrides } = settle(
      { instanceType: 'mq.m5.xlarge' },
      { instanceType: 'mq.m5.xlarge' },
      {},
    );
    expect(base.get('broker')).toEqual({ instanceType: 'mq.m5.xlarge' });
    expect(overrides[2]).toEqual({ broker: { instanceType: 'mq.m5.large' } });
  });

  it("is the first environment's on a tie without the default", () => {
    const { base, overrides } = settle(
      { instanceType: 'mq.m5.xlarge' },
      { instanceType: 'mq.m5.2xlarge' },
    );
    expect(base.get('broker')).toEqual({ instanceType: 'mq.m5.xlarge' });
    expect(overrides).toEqual([{}, { broker: { instanceType: 'mq.m5.2xlarge' } }]);
  });
});

describe('a per-environment value the engine cannot vary', () => {
  it('is left out alone: the other environments’ and components’ values stay', () => {
    const design = ZDesignV2.parse({
      v: 2,
      name: 'insights',
      provider: 'gcp',
      region: 'europe-west1',
      environments: [
        { name: 'dev' },
        {
          name: 'prod',
          overrides: {
            kafka: { vcpus: 6, memoryPerVcpu: '8' },
            reporting: { tier: 'db-custom-4-15360' },
          },
        },
      ],
      groups: [
        { id: 'vpc', service: 'gcp.vpc-network', name: 'main' },
        { id: 'apps', service: 'gcp.subnetwork', name: 'apps', parent: 'vpc' },
      ],
      components: [
        { id: 'kafka', service: 'gcp.managed-kafka', name: 'events', group: 'apps' },
        { id: 'reporting', service: 'gcp.cloud-sql-sqlserver', name: 'reporting', group: 'apps' },
      ],
    });
    const warnings: TConvertWarning[] = [];
    const lookup = { primaryOf: () => undefined, sourceOf: () => undefined };
    const checked = validated(design, warnings, [], lookup);
    expect(checked.design.environments.map((e) => e.overrides)).toEqual([
      {},
      { kafka: { vcpus: 6 }, reporting: { tier: 'db-custom-4-15360' } },
    ]);
    expect(warnings.map((w) => w.message)).toEqual([
      expect.stringContaining('kafka: memoryPerVcpu cannot differ between environments'),
    ]);
  });
});

describe('a domain each environment has one of (public zones, email domains, certificates)', () => {
  const envs = ['dev', 'staging', 'prod'];

  it('is the last environment’s, the others’ with their name added at one place', () => {
    expect(sameDomain(['dev.a.com', 'staging.a.com', 'a.com'], envs)).toBe('a.com');
    expect(sameDomain(['m.dev.a.com', 'm.staging.a.com', 'm.a.com'], envs)).toBe('m.a.com');
  });

  it('is no such domain when any environment differs otherwise', () => {
    expect(sameDomain(['dev.a.com', 'test.a.com', 'a.com'], envs)).toBeUndefined();
    expect(sameDomain(['dev.a.com', 'm.staging.a.com', 'a.com'], envs)).toBeUndefined();
    expect(sameDomain(['a.com', 'a.com', 'a.com'], envs)).toBeUndefined();
  });

  it("is a certificate's list when each entry is such a domain or the same everywhere", () => {
    const read = [
      ['dev.a.com', 'b.org'],
      ['staging.a.com', 'b.org'],
      ['a.com', 'b.org'],
    ];
    expect(sameDomain(read, envs)).toEqual(['a.com', 'b.org']);
    expect(sameDomain([['b.org'], ['b.org'], ['b.org']], envs)).toBeUndefined();
    expect(sameDomain([['dev.a.com'], ['a.com'], ['a.com']], envs)).toBeUndefined();
    expect(
      sameDomain([['dev.a.com'], ['staging.a.com', 'b.org'], ['a.com']], envs),
    ).toBeUndefined();
  });
});
