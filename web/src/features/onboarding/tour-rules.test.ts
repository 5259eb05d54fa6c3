import { describe, expect, it } from 'vitest';
import {
  applyPeerUpdate,
  dismissTour,
  INITIAL_TOUR,
  isFirstStep,
  nextLabel,
  nextTour,
  previousTour,
  shouldShowTour,
  tourFrom,
} from './tour-rules';
import { TOUR_STEPS } from './tour-steps';

const PROJECT = '7f1c5d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f';
const ME = '0b6a2a1e-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const PEER = '1c7b3b2f-2d3e-4f40-9b0c-1d2e3f4a5b6c';
const update = (
  over: Partial<{ projectId: string; userId: string; step: number; dismissed: boolean }>,
) => ({
  type: 'onboarding-update' as const,
  projectId: PROJECT,
  userId: PEER,
  step: 2,
  dismissed: false,
  ...over,
});

describe('the onboarding tour', () => {
  it('has the four steps of §2, in order, each with a description', () => {
    expect(TOUR_STEPS.map((s) => s.title)).toEqual([
      'Cloud Cost Estimator',
      'AI Converter',
      'Quick Assistant',
      'Project Dashboard',
    ]);
    for (const step of TOUR_STEPS) expect(step.description.length).toBeGreaterThan(40);
  });

  it('disables Previous at step 0 and reads Finish on the last step', () => {
    expect(isFirstStep(INITIAL_TOUR)).toBe(true);
    expect(previousTour(INITIAL_TOUR)).toEqual(INITIAL_TOUR);
    expect(isFirstStep({ step: 1, dismissed: false })).toBe(false);
    expect([0, 1, 2, 3].map((step) => nextLabel({ step, dismissed: false }))).toEqual([
      'Next',
      'Next',
      'Next',
      'Finish',
    ]);
  });

  it('advances with Next, goes back with Previous, and finishes by dismissing', () => {
    let state = INITIAL_TOUR;
    state = nextTour(state);
    state = nextTour(state);
    expect(state).toEqual({ step: 2, dismissed: false });
    expect(previousTour(state)).toEqual({ step: 1, dismissed: false });
    state = nextTour(state);
    expect(state).toEqual({ step: 3, dismissed: false });
    expect(nextTour(state)).toEqual({ step: 3, dismissed: true });
    expect(dismissTour({ step: 1, dismissed: false })).toEqual({ step: 1, dismissed: true });
  });

  it('shows with a project and user when there is no record or it is not dismissed', () => {
    const withProject = (record?: { step: number; dismissed: boolean }, local = false) =>
      shouldShowTour({ hasProjectAndUser: true, record, isLocallyDismissed: local });
    expect(withProject(undefined)).toBe(true);
    expect(withProject({ step: 2, dismissed: false })).toBe(true);
    expect(withProject({ step: 2, dismissed: true })).toBe(false);
    // The server's record decides, not the local flag.
    expect(withProject({ step: 0, dismissed: false }, true)).toBe(true);
  });

  it('shows without a project and user unless dismissed locally', () => {
    const without = (local: boolean) =>
      shouldShowTour({ hasProjectAndUser: false, record: undefined, isLocallyDismissed: local });
    expect(without(false)).toBe(true);
    expect(without(true)).toBe(false);
  });

  it("takes another member's step and dismissed flag, never another project's or its own echo", () => {
    const current = { projectId: PROJECT, userId: ME };
    const state = { step: 1, dismissed: false };
    expect(applyPeerUpdate(state, update({ step: 3, dismissed: true }), current)).toEqual({
      step: 3,
      dismissed: true,
    });
    expect(applyPeerUpdate(state, update({ projectId: PEER }), current)).toBe(state);
    expect(applyPeerUpdate(state, update({ userId: ME, step: 0 }), current)).toBe(state);
  });

  it('clamps a stored or received step into 0..3', () => {
    expect(tourFrom({ step: 9, dismissed: false })).toEqual({ step: 3, dismissed: false });
    expect(tourFrom({ step: -2, dismissed: true })).toEqual({ step: 0, dismissed: true });
  });
});
