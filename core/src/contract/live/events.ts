import { z } from 'zod';

/** The onboarding tour has four steps, 0..3 (spec §4, §9). */
export const ONBOARDING_LAST_STEP = 3;
export const ZOnboardingStep = z.number().int().min(0).max(ONBOARDING_LAST_STEP);

/** One member's tour position in one project, as it travels over the live channel. */
export const ZOnboardingUpdate = z.object({
  type: z.literal('onboarding-update'),
  projectId: z.uuid(),
  userId: z.uuid(),
  step: ZOnboardingStep,
  dismissed: z.boolean(),
});
export type TOnboardingUpdate = z.infer<typeof ZOnboardingUpdate>;

/** A message arrived in the recipient's inbox: the bell refetches (or takes the count given). */
export const ZMessageNew = z.object({
  type: z.literal('message-new'),
  unreadCount: z.number().int().min(0).optional(),
});

/** Something in a shared project changed (design, members, settings): its views refetch. */
export const ZProjectChanged = z.object({
  type: z.literal('project-changed'),
  projectId: z.uuid(),
  /** What changed, free-form and short: 'design', 'members', 'settings', 'removed', … */
  change: z.string().min(1).max(64),
});

/** What the server pushes to a user's live sockets; any feature may publish one. */
export const ZLiveEvent = z.discriminatedUnion('type', [
  ZOnboardingUpdate,
  ZMessageNew,
  ZProjectChanged,
]);
export type TLiveEvent = z.infer<typeof ZLiveEvent>;
export type TLiveEventType = TLiveEvent['type'];
