import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZOnboardingParams, ZOnboardingRecord } from './onboarding-record';

/** The spec's body: the user it is for (only oneself), the step 0..3 and dismissed. */
export const ZSaveOnboardingBody = ZOnboardingRecord.extend({ userId: z.uuid() });
export type TSaveOnboardingBody = z.infer<typeof ZSaveOnboardingBody>;

/** Saves the caller's tour record in a project and tells the project's other members live. */
export const saveOnboarding = defineEndpoint({
  method: 'POST',
  path: '/api/onboarding/:projectId',
  summary: "Save the signed-in user's onboarding tour step and dismissed flag in a project",
  auth: true,
  params: ZOnboardingParams,
  body: ZSaveOnboardingBody,
  response: z.object({ success: z.literal(true), data: ZSaveOnboardingBody }),
  audit: { action: 'onboarding.save', target: 'project' },
});
