import { describe, expect, it } from 'vitest';
import { designFromState } from '../contract/planner/design-from-state';
import { ZPlannerState as ZStoredState } from '../contract/planner/planner-state';
import { fromProjectState, toProjectState } from './project-state';
import { ZPlannerState } from './state';

const plan = ZPlannerState.parse({
  currentStep: 3,
  selectedProvider: 'aws',
  selectedServices: ['aws.s3', 'aws.vpc'],
  architectureConfig: {
    name: 'site',
    components: [{ id: 'files', service: 'aws.s3', name: 'files' }],
    positions: { files: { x: 1, y: 2 } },
  },
  namingConvention: { org: 'acme' },
  fileStructureConfig: { format: 'terraform', terraform: 'single', ci: true },
});

describe('planner state on the server', () => {
  it('round-trips through the stored project state, positions included', () => {
    const stored = ZStoredState.parse(toProjectState(plan));
    expect(fromProjectState(stored, 'Site')).toEqual(plan);
  });

  it("is a state the server's design builder accepts, in the cloud's first region", () => {
    const stored = ZStoredState.parse(toProjectState(plan));
    const built = designFromState(stored, 'Site');
    expect(built.ok && built.design.region).toBe('us-east-1');
    expect(built.ok && built.design.layout.terraform).toBe('single');
  });

  it('starts an empty board named after the project when nothing is stored', () => {
    const stored = ZStoredState.parse({ v: 1, provider: 'gcp' });
    const state = fromProjectState(stored, 'My shop', 'terraform');
    expect(state.architectureConfig.name).toBe('My shop');
    expect(state.selectedProvider).toBe('gcp');
  });
});
