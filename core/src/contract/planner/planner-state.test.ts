import { describe, expect, it } from 'vitest';
import { EMPTY_PLANNER_STATE, parsePlannerState, ZPlannerState } from './planner-state';

const component = { id: 'web', service: 'aws.ec2', name: 'web', properties: {} };

describe('parsePlannerState', () => {
  it('fills defaults for the current version', () => {
    const parsed = parsePlannerState({ v: 2, selectedProvider: 'aws' });
    expect(parsed).toEqual({
      ok: true,
      state: { ...EMPTY_PLANNER_STATE, selectedProvider: 'aws' },
    });
  });

  it('refuses unknown and future versions', () => {
    expect(parsePlannerState({ v: 0 }).ok).toBe(false);
    expect(parsePlannerState({ v: 3 })).toEqual({
      ok: false,
      message: 'planner state version 3 is newer than this server',
    });
    expect(parsePlannerState('x').ok).toBe(false);
  });

  it('needs the version on what a client sends', () => {
    expect(ZPlannerState.safeParse({ selectedProvider: 'aws' }).success).toBe(false);
  });
});

describe('version 1 → 2', () => {
  const v1 = {
    v: 1,
    currentStep: 4,
    provider: 'aws',
    selectedServices: ['aws.ec2'],
    architecture: {
      v: 2,
      name: 'shop',
      provider: 'aws',
      region: 'eu-west-1',
      components: [component],
      positions: { web: { x: 1, y: 2 } },
      naming: { org: 'ignored' },
    },
    architectureOptional: true,
    naming: { org: 'acme' },
    fileStructure: { terraform: 'single', bicep: 'modules', ci: true, readme: false },
  };

  it('keeps everything the user saved, under the §3 names', () => {
    const parsed = parsePlannerState(v1, 'Shop');
    expect(parsed.ok && parsed.upgradedFrom).toBe(1);
    const state = parsed.ok ? parsed.state : EMPTY_PLANNER_STATE;
    expect(state).toMatchObject({
      v: 2,
      currentStep: 4,
      selectedProvider: 'aws',
      selectedServices: ['aws.ec2'],
      architectureOptionalOverride: true,
      namingConvention: { org: 'acme' },
      fileStructureConfig: { format: 'terraform', terraform: 'single', ci: true, readme: false },
      architectureConfig: {
        name: 'shop',
        region: 'eu-west-1',
        components: [component],
        positions: { web: { x: 1, y: 2 } },
      },
    });
  });

  it('names a board never drawn after the project', () => {
    const parsed = parsePlannerState({ v: 1, provider: 'gcp' }, 'My shop');
    expect(parsed.ok && parsed.state.architectureConfig.name).toBe('My shop');
  });

  it('upgrades a version 1 design document through the engine', () => {
    const parsed = parsePlannerState(
      {
        v: 1,
        provider: 'aws',
        architecture: {
          v: 1,
          name: 'old',
          provider: 'aws',
          region: 'us-east-1',
          services: [{ id: 'web', service: 'aws.ec2', name: 'web' }],
        },
      },
      'Old',
    );
    expect(parsed.ok && parsed.state.architectureConfig.components.map((c) => c.id)).toEqual([
      'web',
    ]);
  });

  it('keeps every well-formed part of a document saved mid-edit', () => {
    const parsed = parsePlannerState(
      {
        v: 1,
        architecture: {
          v: 2,
          name: 'half',
          components: [component, { id: 'Bad Id', service: 'aws.s3', name: 'x' }],
          connections: 'soon',
        },
      },
      'Half',
    );
    expect(parsed.ok).toBe(true);
    const arch = parsed.ok ? parsed.state.architectureConfig : undefined;
    expect(arch?.name).toBe('half');
    expect(arch?.components).toEqual([component]);
    expect(arch?.connections).toEqual([]);
  });
});
