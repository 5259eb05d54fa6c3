import { beforeEach, describe, expect, it } from 'vitest';
import type { TDesignPatch } from '@stratum/core/assistant/patch';
import { ZPlannerState } from '@stratum/core/planner/state';
import { assistantBridge } from '../../lib/assistant-bridge';
import './assistant-host';
import { plannerStore } from './planner-store';

const QUEUE: TDesignPatch = {
  summary: '',
  operations: [{ op: 'add_component', id: 'jobs', service: 'aws.sqs', name: 'jobs' }],
};
const ids = () => plannerStore.getState().plan.architectureConfig.components.map((c) => c.id);
const host = () => {
  const found = assistantBridge.designHost();
  if (!found) throw new Error('the planner registers its design host');
  return found;
};

beforeEach(() => {
  plannerStore.load(ZPlannerState.parse({ v: 2 }), null);
});

describe("the planner's design host", () => {
  it('sends the board as the context of work kept only in this browser', () => {
    expect(host().context()).toMatchObject({ design: { provider: 'aws', components: [] } });
  });

  it('previews on the board, and Reject puts the board back', () => {
    expect(host().preview(QUEUE)).toBeNull();
    expect(ids()).toEqual(['jobs']);
    const { plan } = plannerStore.getState();
    expect(plan.selectedProvider).toBe('aws');
    expect(plan.selectedServices).toContain('aws.sqs');
    expect(plan.currentStep).toBe(2);
    host().reject();
    expect(ids()).toEqual([]);
  });

  it('applies as one step of undo, after a preview too', () => {
    host().preview(QUEUE);
    expect(host().apply(QUEUE)).toBeNull();
    expect(ids()).toEqual(['jobs']);
    plannerStore.undo();
    expect(ids()).toEqual([]);
  });

  it('refuses a change that no longer fits the board, leaving it as it is', () => {
    host().apply(QUEUE);
    expect(host().apply(QUEUE)).toMatch(/already exists/);
    expect(ids()).toEqual(['jobs']);
  });
});
