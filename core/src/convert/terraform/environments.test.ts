import { describe, expect, it } from 'vitest';
import { findService } from '../../iac/catalog/registry';
import { settleEnvironments } from './environments';

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
