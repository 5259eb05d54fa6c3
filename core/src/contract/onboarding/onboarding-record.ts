import { z } from 'zod';
import { ZOnboardingStep } from '../live/events';

export { ONBOARDING_LAST_STEP, ZOnboardingStep } from '../live/events';

/** One user's tour in one project (spec §3): the step (default 0) and whether it was dismissed. */
export const ZOnboardingRecord = z.object({ step: ZOnboardingStep, dismissed: z.boolean() });
export type TOnboardingRecord = z.infer<typeof ZOnboardingRecord>;

export const ZOnboardingParams = z.object({ projectId: z.uuid() });
