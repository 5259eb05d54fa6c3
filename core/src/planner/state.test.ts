import { describe, expect, it } from 'vitest';
import { prepareDesign } from '../iac/generate';
import { EMPTY_PLANNER_STATE, formatsFor, plannerDesign, regionOf, ZPlannerState } from './state';

describe('planner state', () => {
  it('starts empty on the provider step', () => {
    expect(EMPTY_PLANNER_STATE.currentStep).toBe(0);
    expect(EMPTY_PLANNER_STATE.selectedProvider).toBeNull();
    expect(EMPTY_PLANNER_STATE.architectureConfig.components).toEqual([]);
  });

  it("turns the planner's state into a design the engine accepts", () => {
    const state = ZPlannerState.parse({
      selectedProvider: 'gcp',
      selectedServices: ['gcp.cloud-storage'],
      architectureConfig: {
        name: 'site',
        components: [{ id: 'files', service: 'gcp.cloud-storage', name: 'files' }],
        positions: { files: { x: 10, y: 20 } },
      },
      namingConvention: { org: 'acme', project: 'site' },
      fileStructureConfig: { terraform: 'single', readme: false },
    });
    const design = plannerDesign(state);
    expect(design.region).toBe('us-central1');
    expect(design.layout).toEqual({
      terraform: 'single',
      bicep: 'modules',
      ci: false,
      readme: false,
    });
    expect(prepareDesign(design).ok).toBe(true);
  });

  it('falls back to the first region when the chosen one belongs to another cloud', () => {
    const state = ZPlannerState.parse({
      selectedProvider: 'azure',
      architectureConfig: { region: 'eu-west-1' },
    });
    expect(regionOf(state)).toBe('eastus');
  });

  it('offers Bicep and ARM for Azure only', () => {
    expect(formatsFor('azure')).toEqual(['terraform', 'bicep', 'arm']);
    expect(formatsFor('oci')).toEqual(['terraform']);
  });
});
