import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZOnboardingParams, ZOnboardingRecord } from './onboarding-record';

/** Member user id → their tour record; a member with no record yet is absent. */
export const ZOnboardingMap = z.record(z.string(), ZOnboardingRecord);
export type TOnboardingMap = z.infer<typeof ZOnboardingMap>;

export const getOnboarding = defineEndpoint({
  method: 'GET',
  path: '/api/onboarding/:projectId',
  summary: "The onboarding tour records of a project's members, by user id",
  auth: true,
  params: ZOnboardingParams,
  response: z.object({ success: z.literal(true), data: ZOnboardingMap }),
});
