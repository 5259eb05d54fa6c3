import type { TPlanId } from '@stratum/core/contract/common';
import { PLANS } from '@stratum/core/plans';
import type { UserRow } from '../../db/schema';
import type { SubscriptionDeps } from './service';

/** The messages the subscription feature writes to inboxes, as subject and body. */
interface Message {
  subject: string;
  body: string;
}

export const dateOnly = (d: Date) => d.toISOString().slice(0, 10);

/** To staff: a user asks for a paid plan (and credits). */
export const activationRequested = (request: {
  username: string;
  email: string;
  plan: TPlanId;
  credits: number;
  message: string;
}): Message => ({
  subject: `Activation request: ${PLANS[request.plan].name} for ${request.email}`,
  body:
    `${request.username} <${request.email}> asks for the ${PLANS[request.plan].name} plan` +
    `${request.credits > 0 ? ` and ${request.credits} credits` : ''}.` +
    `${request.message ? `\n\n${request.message}` : ''}`,
});

/** To the user: their request was approved. */
export const requestApproved = (granted: {
  plan: TPlanId;
  endDate: Date;
  credits: number;
  notes?: string;
}): Message => ({
  subject: `Your ${PLANS[granted.plan].name} plan is active`,
  body:
    `Your activation request was approved. Your ${PLANS[granted.plan].name} plan is active until ${dateOnly(granted.endDate)}` +
    `${granted.credits > 0 ? ` and ${granted.credits} credits were added to your account` : ''}.` +
    `${granted.notes ? `\n\nNote from the staff: ${granted.notes}` : ''}`,
});

/** To the user: their request was rejected. */
export const requestRejected = (requested: TPlanId, reason?: string): Message => ({
  subject: `Your request for the ${PLANS[requested].name} plan was not approved`,
  body:
    `Your activation request for the ${PLANS[requested].name} plan was rejected.` +
    `${reason ? `\n\nReason: ${reason}` : ''}`,
});

export const recipientOf = (user: UserRow) => ({
  id: user.id,
  firstName: user.first_name,
  lastName: user.last_name,
});

/** Mail is sent after commit and never fails the request: a failure is logged. */
export function mailUser(
  deps: Pick<SubscriptionDeps, 'mailer' | 'log'>,
  to: string,
  template: 'activation_request' | 'subscription_activated',
  vars: Record<string, string | number>,
): void {
  deps.mailer.sendTemplate(to, template, vars).catch((error: unknown) => {
    deps.log.error({ err: error, template }, 'mail could not be sent');
  });
}
