import { describe, expect, it } from 'vitest';
import { prepareDesign } from '@stratum/core/iac/generate';
import { designFromState } from '@stratum/core/planner/design-from-state';
import { EMPTY_PLANNER_STATE } from '@stratum/core/planner/state';
import { planFromTemplate } from './load-template';
import { STARTER_TEMPLATES } from './templates';

describe('starter templates', () => {
  it.each(STARTER_TEMPLATES)('$id becomes a plan the engine accepts', async (template) => {
    const plan = planFromTemplate(EMPTY_PLANNER_STATE, await template.load());
    if (typeof plan === 'string') throw new Error(plan);
    expect(plan.architectureConfig.components.length).toBeGreaterThan(0);
    expect(plan.selectedServices.length).toBeGreaterThan(0);
    expect(prepareDesign(designFromState(plan)).ok).toBe(true);
  });

  it('offers at least one template per cloud', () => {
    expect(new Set(STARTER_TEMPLATES.map((t) => t.cloud))).toEqual(
      new Set(['aws', 'azure', 'gcp', 'oci']),
    );
  });

  it('says what is wrong with a broken document', () => {
    expect(planFromTemplate(EMPTY_PLANNER_STATE, { v: 9 })).toMatch(/unsupported design version/);
  });
});
