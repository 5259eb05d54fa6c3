import { z } from 'zod';
import type { TActivationRequest } from '@stratum/core/contract/subscription/activation-request';
import { ZPlanId } from '@stratum/core/contract/common';
import {
  ZProcessRequestBody,
  type TProcessRequestBody,
} from '@stratum/core/contract/subscription/process-request';
import { DEFAULT_SUBSCRIPTION_DAYS } from '@stratum/core/subscription';
import { VOUCHER_LIMITS } from '@stratum/core/vouchers';
import { zWholeText } from '../../lib/form-schemas';

const [ZApprove, ZReject] = ZProcessRequestBody.options;
const credits = zWholeText(0, VOUCHER_LIMITS.maxCredits);
const duration = zWholeText(1, VOUCHER_LIMITS.maxDurationDays);

/**
 * The §7 body as the form holds it: one shape for both decisions (numbers as text), checked
 * by the contract's approve or reject schema when sent.
 */
export const ZProcessForm = z
  .object({
    action: z.enum(['approve', 'reject']),
    planType: ZPlanId,
    credits: z.string(),
    duration: z.string(),
    notes: z.string(),
    rejectionReason: z.string(),
  })
  .transform((form, ctx): TProcessRequestBody => {
    if (form.action === 'reject') {
      return ZReject.parse({
        action: 'reject',
        rejectionReason: form.rejectionReason.trim() || undefined,
      });
    }
    const c = credits.safeParse(form.credits);
    const d = duration.safeParse(form.duration);
    if (!c.success)
      ctx.addIssue({ code: 'custom', path: ['credits'], message: c.error.issues[0]!.message });
    if (!d.success)
      ctx.addIssue({ code: 'custom', path: ['duration'], message: d.error.issues[0]!.message });
    if (!c.success || !d.success) return z.NEVER;
    return ZApprove.parse({
      action: 'approve',
      notes: form.notes.trim() || undefined,
      planType: form.planType,
      credits: c.data,
      duration: d.data,
    });
  });
export type TProcessFormInput = z.input<typeof ZProcessForm>;

/** What the form starts with: approve what was asked for, for the default term. */
export const processFormDefaults = (request: TActivationRequest): TProcessFormInput => ({
  action: 'approve',
  planType: request.requestedSubscription,
  credits: String(request.requestedCredits),
  duration: String(DEFAULT_SUBSCRIPTION_DAYS),
  notes: '',
  rejectionReason: '',
});
