import { ONBOARDING_LAST_STEP } from '@stratum/core/contract/live/events';
import type { TOnboardingUpdate } from '@stratum/core/contract/live/events';

/** One user's tour: the step (0..3) and whether it was dismissed (spec §3). */
export interface TourState {
  step: number;
  dismissed: boolean;
}

export const INITIAL_TOUR: TourState = { step: 0, dismissed: false };

/**
 * §4: with a project and a user, the tour shows when there is no record for the user or the
 * record is not dismissed; without them, it shows unless it was dismissed locally.
 */
export function shouldShowTour(input: {
  hasProjectAndUser: boolean;
  record: TourState | undefined;
  isLocallyDismissed: boolean;
}): boolean {
  if (!input.hasProjectAndUser) return !input.isLocallyDismissed;
  return input.record === undefined || !input.record.dismissed;
}

export const isFirstStep = (state: TourState): boolean => state.step <= 0;
export const isLastStep = (state: TourState): boolean => state.step >= ONBOARDING_LAST_STEP;

/** Next reads 'Finish' on the last step. */
export const nextLabel = (state: TourState): 'Next' | 'Finish' =>
  isLastStep(state) ? 'Finish' : 'Next';

/** Next advances; on the last step it finishes, which dismisses. */
export function nextTour(state: TourState): TourState {
  if (isLastStep(state)) return { step: ONBOARDING_LAST_STEP, dismissed: true };
  return { ...state, step: state.step + 1 };
}

/** Previous goes back one step; at step 0 it is disabled (and changes nothing). */
export function previousTour(state: TourState): TourState {
  return { ...state, step: Math.max(0, state.step - 1) };
}

export function dismissTour(state: TourState): TourState {
  return { ...state, dismissed: true };
}

/** A clamped copy of what the server or a peer sent. */
export function tourFrom(record: { step: number; dismissed: boolean }): TourState {
  const step = Math.min(ONBOARDING_LAST_STEP, Math.max(0, Math.trunc(record.step) || 0));
  return { step, dismissed: record.dismissed === true };
}

/**
 * §4: an update from another member of the same project changes the step and the dismissed
 * flag; one for another project, or an echo of the user's own, changes nothing.
 */
export function applyPeerUpdate(
  state: TourState,
  update: TOnboardingUpdate,
  current: { projectId: string | null; userId: string | null },
): TourState {
  if (update.projectId !== current.projectId || update.userId === current.userId) return state;
  return tourFrom(update);
}
