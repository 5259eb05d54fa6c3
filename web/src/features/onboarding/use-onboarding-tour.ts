import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getOnboarding } from '@stratum/core/contract/onboarding/get-onboarding';
import { saveOnboarding } from '@stratum/core/contract/onboarding/save-onboarding';
import { callApi } from '../../lib/api-client';
import { useLiveClient, useLiveEvent } from '../../lib/live/live-provider';
import {
  ONBOARDING_STORAGE_KEYS,
  PLANNER_PROJECT_KEY,
  readJson,
  readString,
  writeString,
} from '../../lib/storage';
import {
  applyPeerUpdate,
  dismissTour,
  INITIAL_TOUR,
  nextTour,
  previousTour,
  shouldShowTour,
  tourFrom,
  type TourState,
} from './tour-rules';

const KEYS = ONBOARDING_STORAGE_KEYS;

/**
 * §3: the tour follows the project last open in the planner; its id and the user's are kept as
 * `currentProjectId` and `userId`.
 */
function currentProjectId(): string | null {
  const open = readJson(PLANNER_PROJECT_KEY);
  const id =
    open && typeof open === 'object' && 'id' in open && typeof open.id === 'string'
      ? open.id
      : null;
  writeString(KEYS.currentProjectId, id);
  return id;
}

export interface OnboardingTour {
  isVisible: boolean;
  state: TourState;
  /** The last save failed (the tour still moved); shown beside the buttons. */
  saveError: string | null;
  next: () => void;
  previous: () => void;
  dismiss: () => void;
}

/** The tour's state: the user's record in the current project, kept live with the other members'. */
export function useOnboardingTour(userId: string): OnboardingTour {
  const [projectId] = useState(currentProjectId);
  const [isLocallyDismissed, setLocallyDismissed] = useState(
    () => readString(KEYS.dismissed) === 'true',
  );
  const [state, setState] = useState<TourState | undefined>(undefined);
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => writeString(KEYS.userId, userId), [userId]);

  const records = useQuery({
    queryKey: ['onboarding', projectId],
    queryFn: ({ signal }) => callApi(getOnboarding, { params: { projectId: projectId! }, signal }),
    enabled: projectId !== null,
    retry: false,
  });
  // A project the user may no longer see (404) counts as no project.
  const hasProjectAndUser = projectId !== null && !records.isError;
  const record = records.data?.data[userId];
  useEffect(() => {
    if (records.isSuccess) setState(record ? tourFrom(record) : undefined);
  }, [records.isSuccess, record?.step, record?.dismissed]); // eslint-disable-line react-hooks/exhaustive-deps

  const live = useLiveClient();
  useEffect(() => {
    if (live && hasProjectAndUser) live.register(projectId);
  }, [live, projectId, hasProjectAndUser]);
  useLiveEvent('onboarding-update', (update) =>
    setState((current) => applyPeerUpdate(current ?? INITIAL_TOUR, update, { projectId, userId })),
  );

  const current = state ?? INITIAL_TOUR;
  const move = (next: TourState) => {
    setState(next);
    if (next.dismissed) {
      // §4: Dismiss (and Finish) is remembered locally too.
      writeString(KEYS.dismissed, 'true');
      setLocallyDismissed(true);
    }
    if (!hasProjectAndUser) return;
    setSaveError(null);
    callApi(saveOnboarding, { params: { projectId }, body: { userId, ...next } }).catch(
      (error: unknown) =>
        setSaveError(error instanceof Error ? error.message : 'Could not save the tour'),
    );
  };

  const isLoading = projectId !== null && records.isPending;
  return {
    isVisible:
      !isLoading &&
      shouldShowTour({
        hasProjectAndUser,
        record: state,
        isLocallyDismissed,
      }),
    state: current,
    saveError,
    next: () => move(nextTour(current)),
    previous: () => move(previousTour(current)),
    dismiss: () => move(dismissTour(current)),
  };
}
