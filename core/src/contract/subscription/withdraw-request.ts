import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZSubscriptionView } from './get-subscription';

export const ZWithdrawRequestResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZSubscriptionView,
});
export type TWithdrawRequestResponse = z.infer<typeof ZWithdrawRequestResponse>;

/**
 * Takes back the user's pending activation request; the plan in force does not change.
 * 404 `request/not_found` when nothing is waiting.
 */
export const withdrawRequest = defineEndpoint({
  method: 'POST',
  path: '/api/subscription/withdraw-request',
  summary: "Withdraw the signed-in user's pending activation request",
  auth: true,
  response: ZWithdrawRequestResponse,
  audit: { action: 'subscription.withdraw', target: 'subscription' },
});
