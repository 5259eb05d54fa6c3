import { describe, expect, it } from 'vitest';
import {
  canGoNext,
  canOpenStep,
  canSkipTo,
  isArchitectureSkipped,
  lockReason,
  normalizeStep,
  stepCount,
  stepLabel,
  stepStatus,
  type TStepFacts,
} from './steps';

const none: TStepFacts = {
  selectedProvider: null,
  selectedServices: [],
  componentCount: 0,
  architectureOptionalOverride: false,
};
const provider = { ...none, selectedProvider: 'aws' };
const services = { ...provider, selectedServices: ['aws.ec2'] };
const board = { ...services, componentCount: 2 };

describe('planner steps (§2, §4, §5)', () => {
  it('shows provider selection for any other index', () => {
    expect([0, 6, 7, -1, 2.5, '3', null].map(normalizeStep)).toEqual([0, 6, 0, 0, 0, 0, 0]);
  });

  it('locks later steps with the reason of the first unmet step', () => {
    expect(lockReason(1, 0, none)).toBe('Select a cloud provider first');
    expect(lockReason(5, 0, none)).toBe('Select a cloud provider first');
    expect(lockReason(2, 0, provider)).toBe('Pick at least one service');
    expect(lockReason(3, 1, services)).toBe('Add components or enable override');
    expect(lockReason(6, 1, board)).toBeNull();
  });

  it('opens the current step, any earlier one, and one whose earlier steps are all met', () => {
    expect(canOpenStep(4, 4, none)).toBe(true);
    expect(canOpenStep(1, 4, none)).toBe(true);
    expect(canOpenStep(3, 0, services)).toBe(false);
    expect(canOpenStep(3, 0, { ...services, architectureOptionalOverride: true })).toBe(true);
    expect(canOpenStep(7, 0, board)).toBe(false);
  });

  it('enables Next only when the current step is satisfied, and never past the last', () => {
    expect(canGoNext(0, none)).toBe(false);
    expect(canGoNext(0, provider)).toBe(true);
    expect(canGoNext(1, provider)).toBe(false);
    expect(canGoNext(2, services)).toBe(false);
    expect(canGoNext(3, none)).toBe(true);
    expect(canGoNext(6, board)).toBe(false);
  });

  it('offers a skip only before the target step and when it is reachable', () => {
    expect(canSkipTo(5, 1, services)).toBe(false);
    expect(canSkipTo(5, 2, board)).toBe(true);
    expect(canSkipTo(5, 5, board)).toBe(false);
    expect(canSkipTo(6, 5, board)).toBe(true);
    expect(canSkipTo(6, 6, board)).toBe(false);
  });

  it('labels steps completed, current or locked', () => {
    expect(stepStatus(0, 2, board)).toBe('completed');
    expect(stepStatus(2, 2, board)).toBe('current');
    expect(stepStatus(3, 0, provider)).toBe('locked');
    expect(stepStatus(4, 2, board)).toBe('open');
    expect(stepStatus(4, 2, board, 5)).toBe('completed');
    expect(stepLabel(0, 'completed')).toBe('Step 1: Cloud provider (completed)');
    expect(stepLabel(2, 'current')).toBe('Step 3: Architecture (current)');
    expect(stepLabel(5, 'locked')).toBe('Step 6: Code generation (locked)');
    expect(stepLabel(4, 'open')).toBe('Step 5: File structure');
  });

  it("shows 'Arch skipped' only with the override on and nothing on the board", () => {
    expect(isArchitectureSkipped({ ...services, architectureOptionalOverride: true })).toBe(true);
    expect(isArchitectureSkipped({ ...board, architectureOptionalOverride: true })).toBe(false);
    expect(isArchitectureSkipped(services)).toBe(false);
  });

  it('counts steps as n/7', () => {
    expect(stepCount(1)).toBe('2/7');
    expect(stepCount(9)).toBe('1/7');
  });
});
