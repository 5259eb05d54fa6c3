import { describe, expect, it } from 'vitest';
import { prepareDesign } from '../iac/generate';
import { retargetPlan, equivalentServices } from './retarget';
import { designFromState } from './design-from-state';
import { ZPlannerState } from './state';

const plan = ZPlannerState.parse({
  v: 2,
  selectedProvider: 'aws',
  selectedServices: ['aws.vpc', 'aws.subnet', 'aws.ec2', 'aws.sqs', 'aws.internet-gateway'],
  architectureConfig: {
    name: 'app',
    region: 'eu-west-1',
    groups: [
      { id: 'vpc', service: 'aws.vpc', name: 'main' },
      { id: 'app', service: 'aws.subnet', name: 'app', parent: 'vpc' },
    ],
    components: [
      {
        id: 'vm',
        service: 'aws.ec2',
        name: 'web',
        group: 'app',
        properties: { instanceType: 't3.small' },
      },
      // Azure has no internet gateway resource (VNets reach the internet without one).
      { id: 'jobs', service: 'aws.internet-gateway', name: 'jobs', group: 'vpc' },
    ],
    positions: {
      vpc: { x: 0, y: 0, width: 600, height: 400 },
      vm: { x: 20, y: 40 },
      jobs: { x: 700, y: 0 },
    },
  },
});

describe('re-targeting a plan', () => {
  it('maps services by kind and drops those without an equivalent', () => {
    expect(equivalentServices(['aws.ec2', 'aws.internet-gateway', 'aws.sqs'], 'azure')).toEqual([
      'azure.linux-vm',
      'azure.service-bus-queue',
    ]);
  });

  it('moves the board, keeps positions of what was mapped, and reports the rest', () => {
    const { plan: next, unmapped } = retargetPlan(plan, 'azure');
    expect(next.selectedProvider).toBe('azure');
    expect(next.architectureConfig.region).toBe('northeurope');
    expect(next.architectureConfig.components.map((c) => c.service)).toEqual(['azure.linux-vm']);
    expect(unmapped.map((u) => u.id)).toEqual(['jobs']);
    expect(Object.keys(next.architectureConfig.positions).sort()).toEqual(['vm', 'vpc']);
    expect(next.selectedServices).toContain('azure.virtual-network');
    expect(prepareDesign(designFromState(next)).ok).toBe(true);
  });
});
