import { describe, expect, it } from 'vitest';
import { designFromState } from './design-from-state';
import { EMPTY_PLANNER_STATE, parsePlannerState, ZPlannerState } from './planner-state';

describe('parsePlannerState', () => {
  it('fills defaults for version 1', () => {
    const parsed = parsePlannerState({ v: 1, provider: 'aws' });
    expect(parsed).toEqual({ ok: true, state: { ...EMPTY_PLANNER_STATE, provider: 'aws' } });
  });

  it('refuses unknown and future versions', () => {
    expect(parsePlannerState({ v: 0 }).ok).toBe(false);
    expect(parsePlannerState({ v: 2 })).toEqual({
      ok: false,
      message: 'planner state version 2 is newer than this server',
    });
    expect(parsePlannerState('x').ok).toBe(false);
  });

  it('keeps any architecture document as it is (checked at generation)', () => {
    const state = ZPlannerState.parse({ v: 1, architecture: { v: 2, components: 'soon' } });
    expect(state.architecture).toEqual({ v: 2, components: 'soon' });
  });
});

describe('designFromState', () => {
  const component = { id: 'web', service: 'aws.ec2', name: 'web' };
  const base = { ...EMPTY_PLANNER_STATE, provider: 'aws' as const, selectedServices: ['aws.ec2'] };

  it('applies §4 step validity with the §5 texts', () => {
    const messages = (s: typeof EMPTY_PLANNER_STATE) => {
      const r = designFromState(s, 'Shop');
      return r.ok ? [] : r.issues.map((i) => i.message);
    };
    expect(messages(EMPTY_PLANNER_STATE)).toEqual(['Select a cloud provider first']);
    expect(messages({ ...base, selectedServices: [] })).toEqual(['Pick at least one service']);
    expect(messages(base)).toEqual(['Add components or enable override']);
    expect(messages({ ...base, architectureOptional: true })).toEqual([]);
  });

  it("fills name and region, and puts the planner's naming and layout in force", () => {
    const r = designFromState(
      {
        ...base,
        architecture: { v: 2, components: [component], layout: { terraform: 'single' } },
        naming: { ...base.naming, org: 'acme' },
        fileStructure: { ...base.fileStructure, terraform: 'modules' },
      },
      'Shop',
    );
    expect(r.ok && r.design).toMatchObject({
      name: 'Shop',
      provider: 'aws',
      region: 'us-east-1',
      naming: { org: 'acme' },
      layout: { terraform: 'modules' },
    });
  });

  it('refuses an architecture for another cloud', () => {
    const r = designFromState(
      { ...base, architecture: { v: 2, provider: 'gcp', components: [component] } },
      'Shop',
    );
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues[0]?.path).toBe('architecture.provider');
  });
});
