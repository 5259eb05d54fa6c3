import { z } from 'zod';
import { ZPlanId } from '../common';
import { ACTIVATION_STATUSES } from '../../subscription';

export const ZActivationStatus = z.enum(ACTIVATION_STATUSES);

/** §3 Activation request, plus what an approval granted. */
export const ZActivationRequest = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string(),
  username: z.string(),
  requestedSubscription: ZPlanId,
  requestedCredits: z.number().int(),
  message: z.string(),
  status: ZActivationStatus,
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  /** The email address of the staff member who decided, or of the user who withdrew it. */
  processedBy: z.string().nullable(),
  processingNotes: z.string().nullable(),
  granted: z
    .object({ planType: ZPlanId, credits: z.number().int(), duration: z.number().int() })
    .nullable(),
});
export type TActivationRequest = z.infer<typeof ZActivationRequest>;
