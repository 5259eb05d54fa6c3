import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZSubscriptionView } from './get-subscription';

export const ZCancelSubscriptionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZSubscriptionView,
});
export type TCancelSubscriptionResponse = z.infer<typeof ZCancelSubscriptionResponse>;

/** §4: cancelling sets cancelled; the Free plan's limits apply and a pending request is withdrawn. */
export const cancelSubscription = defineEndpoint({
  method: 'POST',
  path: '/api/subscription/cancel',
  summary: "Cancel the signed-in user's subscription",
  auth: true,
  response: ZCancelSubscriptionResponse,
  audit: { action: 'subscription.cancel', target: 'subscription' },
});
