import type { TProcessRequestInput } from '@stratum/core/contract/subscription/process-request';
import { PLANS } from '@stratum/core/plans';
import { addDays, DEFAULT_SUBSCRIPTION_DAYS, SUBSCRIPTION_MSG } from '@stratum/core/subscription';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { dateOnly, mailUser, recipientOf, requestApproved, requestRejected } from './notices';
import { presentRequest } from './presenters';
import * as repo from './repository';
import type { SubscriptionDeps } from './service';

/**
 * §7 process-request: staff approve a pending activation request (the plan is set from `now`,
 * credits added, the user told in the inbox and by mail) or reject it (told with the reason).
 */
export async function processRequest(
  deps: SubscriptionDeps,
  now: Date,
  { id, input, actor }: { id: string; input: TProcessRequestInput; actor: AuditActor },
) {
  const { db } = deps;
  const outcome = await db.transaction().execute(async (trx) => {
    const before = await repo.lockRequest(trx, id);
    if (!before) throw new AppError('request/not_found', SUBSCRIPTION_MSG.requestNotFound);
    if (before.status !== 'pending') {
      throw new AppError('subscription/request_processed', SUBSCRIPTION_MSG.requestProcessed);
    }
    const user = before.user_id ? await repo.findUser(trx, before.user_id) : undefined;
    if (!user) throw new AppError('request/not_found', 'The user of this request no longer exists');
    const by = { id: actor.id, email: actor.email };
    let after: repo.ActivationRequestRow;
    let endDate: Date | undefined;
    if (input.action === 'approve') {
      const granted = {
        plan: input.planType ?? before.requested_subscription,
        credits: input.credits ?? before.requested_credits,
        duration: input.duration ?? DEFAULT_SUBSCRIPTION_DAYS,
      };
      endDate = addDays(now, granted.duration);
      after = await repo.decideRequest(trx, id, {
        status: 'approved',
        by,
        notes: input.notes || null,
        granted,
      });
      await repo.setPlan(
        trx,
        user.id,
        { planId: granted.plan, status: 'active', start: now, end: endDate },
        granted.plan,
      );
      if (granted.credits > 0) await repo.addCredits(trx, user.id, granted.credits);
      await deps.inbox.sendSystem(
        trx,
        recipientOf(user),
        requestApproved({ ...granted, endDate, notes: input.notes }),
      );
    } else {
      after = await repo.decideRequest(trx, id, {
        status: 'rejected',
        by,
        notes: input.rejectionReason || null,
      });
      await deps.inbox.sendSystem(
        trx,
        recipientOf(user),
        requestRejected(before.requested_subscription, input.rejectionReason),
      );
    }
    await writeAudit(trx, actor, {
      action: input.action === 'approve' ? 'requests.approve' : 'requests.reject',
      targetType: 'activation_request',
      targetId: id,
      before: presentRequest(before),
      after: presentRequest(after),
    });
    return { user, after, endDate };
  });
  await deps.users.userChanged(outcome.user.id);
  if (input.action === 'approve' && outcome.after.granted_plan && outcome.endDate) {
    mailUser(deps, outcome.user.email, 'subscription_activated', {
      firstName: outcome.user.first_name,
      plan: PLANS[outcome.after.granted_plan].name,
      endDate: dateOnly(outcome.endDate),
      credits: outcome.after.granted_credits ?? 0,
      appUrl: `${deps.publicUrl}/subscription`,
    });
  }
  return {
    message: input.action === 'approve' ? SUBSCRIPTION_MSG.approved : SUBSCRIPTION_MSG.rejected,
    request: presentRequest(outcome.after),
  };
}
