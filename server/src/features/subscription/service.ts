import type { Logger } from 'pino';
import type { TPlanId } from '@stratum/core/contract/common';
import type { TChoosePlanInput } from '@stratum/core/contract/subscription/choose-plan';
import type { TProcessRequestInput } from '@stratum/core/contract/subscription/process-request';
import { isPaidPlan, PLANS } from '@stratum/core/plans';
import {
  addDays,
  defaultEndDate,
  monthStart,
  quotaLimitsOf,
  SUBSCRIPTION_MSG,
  type GenerationQuota,
  type QuotaUse,
} from '@stratum/core/subscription';
import type { Inbox } from '@stratum/core/inbox';
import { voucherPlanEffect, type TVoucherPlanEffect } from '@stratum/core/vouchers';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mail/mailer';
import type { SharedState } from '../../lib/shared-state';
import { throttle } from '../../lib/throttle';
import { activationRequested, mailUser } from './notices';
import { processRequest } from './process-request';
import { presentSubscription, type SubscriptionState } from './presenters';
import * as repo from './repository';

export interface SubscriptionDeps {
  db: Db;
  shared: SharedState;
  mailer: Mailer;
  /** The messages feature: request decisions to the user, new requests to staff. */
  inbox: Inbox<Db>;
  /** The session cache: told after every change to a user row. */
  users: { userChanged(userId: string): Promise<void> };
  publicUrl: string;
  log: Logger;
  now?: () => Date;
}

/** Choosing a plan mails the user and notifies staff: a few times a minute is plenty. */
const CHOICES_PER_MINUTE = 10;

/** The plan in force and whether its record is active and not past its end. */
const liveOf = (record: repo.SubscriptionRow, planInForce: TPlanId, now: Date) => ({
  planId: planInForce,
  isLive: record.status === 'active' && record.end_date > now && record.plan_id === planInForce,
});

/** Plans, the subscription record, the monthly quota and activation requests. */
export class SubscriptionService implements GenerationQuota<Db> {
  constructor(private readonly deps: SubscriptionDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The user's state, creating the record on first use and ending an expired paid plan. */
  async state(userId: string): Promise<SubscriptionState> {
    const { db } = this.deps;
    const now = this.now();
    let user = await this.user(userId);
    let record = await repo.ensureSubscription(db, user, now, defaultEndDate(now));
    if (record.status === 'active' && record.plan_id !== 'free' && record.end_date <= now) {
      await db.transaction().execute(async (trx) => {
        await repo.setPlan(
          trx,
          userId,
          { planId: 'free', status: 'active', start: now, end: defaultEndDate(now) },
          'free',
        );
      });
      await this.deps.users.userChanged(userId);
      user = await this.user(userId);
      record = await repo.ensureSubscription(db, user, now, defaultEndDate(now));
    }
    const [generationsUsed, pending] = await Promise.all([
      repo.generationsUsed(db, userId, monthStart(now)),
      repo.pendingRequestOf(db, userId),
    ]);
    return {
      record,
      currentPlan: user.subscription_type,
      limits: quotaLimitsOf(user.subscription_type, user.role),
      limitsFrom: user.role === 'user' ? 'plan' : 'staff',
      credits: user.credits,
      generationsUsed,
      pending,
      now,
    };
  }

  async view(userId: string) {
    return presentSubscription(await this.state(userId));
  }

  /** §4: free is active at once; a paid plan becomes pending with an activation request. */
  async choose(actor: AuditActor, input: TChoosePlanInput): Promise<{ message: string }> {
    const userId = actor.id;
    await throttle(this.deps.shared, `subscription-choose:${userId}`, CHOICES_PER_MINUTE);
    const { db } = this.deps;
    const user = await this.user(userId);
    const now = this.now();
    const plan = input.planId;
    if (plan === 'free' || !isPaidPlan(plan)) {
      await db.transaction().execute(async (trx) => {
        await repo.withdrawPending(trx, user);
        await repo.setPlan(
          trx,
          userId,
          { planId: 'free', status: 'active', start: now, end: defaultEndDate(now) },
          'free',
        );
        await writeAudit(trx, actor, {
          action: 'subscription.choose',
          targetType: 'subscription',
          targetId: userId,
          after: { planId: 'free', status: 'active' },
        });
      });
      await this.deps.users.userChanged(userId);
      return { message: SUBSCRIPTION_MSG.activated(PLANS.free.name) };
    }
    await repo.ensureSubscription(db, user, now, defaultEndDate(now));
    const request = await db.transaction().execute(async (trx) => {
      const created = await repo.insertRequest(
        trx,
        user,
        plan,
        input.requestedCredits ?? 0,
        input.message ?? '',
      );
      if (!created) return undefined;
      await writeAudit(trx, actor, {
        action: 'subscription.choose',
        targetType: 'subscription',
        targetId: userId,
        after: {
          status: 'pending',
          requestId: created.id,
          requestedSubscription: plan,
          requestedCredits: created.requested_credits,
          userEmail: user.email,
        },
      });
      await this.deps.inbox.notifyStaff(trx, {
        kind: 'system',
        ...activationRequested({
          username: created.username,
          email: user.email,
          plan,
          credits: created.requested_credits,
          message: created.message,
        }),
      });
      return created;
    });
    if (!request)
      throw new AppError('subscription/request_pending', SUBSCRIPTION_MSG.requestPending);
    mailUser(this.deps, user.email, 'activation_request', {
      firstName: user.first_name,
      plan: PLANS[plan].name,
    });
    return { message: SUBSCRIPTION_MSG.requestSent(PLANS[plan].name) };
  }

  /** §4: cancelled; the Free plan's limits apply and a waiting request is withdrawn. */
  async cancel(actor: AuditActor): Promise<{ message: string }> {
    const userId = actor.id;
    const { db } = this.deps;
    const user = await this.user(userId);
    const now = this.now();
    const record = await repo.ensureSubscription(db, user, now, defaultEndDate(now));
    await db.transaction().execute(async (trx) => {
      await repo.withdrawPending(trx, user);
      await repo.setPlan(
        trx,
        userId,
        {
          planId: record.plan_id,
          status: 'cancelled',
          start: record.start_date,
          end: record.status === 'cancelled' ? record.end_date : now,
        },
        'free',
      );
      await writeAudit(trx, actor, {
        action: 'subscription.cancel',
        targetType: 'subscription',
        targetId: userId,
        before: { planId: record.plan_id, status: record.status },
        after: { planId: record.plan_id, status: 'cancelled' },
      });
    });
    await this.deps.users.userChanged(userId);
    return { message: SUBSCRIPTION_MSG.cancelled };
  }

  /** Takes back a waiting request; the plan in force stays as it is. */
  async withdraw(actor: AuditActor): Promise<{ message: string }> {
    const user = await this.user(actor.id);
    const withdrawn = await this.deps.db.transaction().execute(async (trx) => {
      const done = await repo.withdrawPending(trx, user);
      if (done) {
        await writeAudit(trx, actor, {
          action: 'subscription.withdraw',
          targetType: 'subscription',
          targetId: actor.id,
        });
      }
      return done;
    });
    if (!withdrawn) {
      throw new AppError('request/not_found', SUBSCRIPTION_MSG.noPendingRequest);
    }
    return { message: SUBSCRIPTION_MSG.withdrawn };
  }

  /** Counts one generation against this month's quota; throws when it is used up. */
  async recordGeneration(userId: string, transaction?: Db): Promise<QuotaUse> {
    const { currentPlan, limits } = await this.state(userId);
    const limit = limits.maxGenerations;
    const executor = transaction ?? this.deps.db;
    const used = await repo.addGeneration(executor, userId, monthStart(this.now()), limit);
    if (used === undefined) {
      throw new AppError('subscription/quota_exceeded', SUBSCRIPTION_MSG.quotaExceeded(limit));
    }
    return { plan: currentPlan, used, limit, remaining: limit < 0 ? null : limit - used };
  }

  /** Counts one project against the plan's project limit; throws when at the limit. */
  async recordProjectCreated(userId: string): Promise<QuotaUse> {
    const { currentPlan, limits } = await this.state(userId);
    const limit = limits.maxProjects;
    const used = await repo.addProject(this.deps.db, userId, limit);
    if (used === undefined) {
      throw new AppError('subscription/project_limit', SUBSCRIPTION_MSG.projectLimit(limit));
    }
    return { plan: currentPlan, used, limit, remaining: limit < 0 ? null : limit - used };
  }

  async recordProjectDeleted(userId: string): Promise<void> {
    await repo.removeProject(this.deps.db, userId);
  }

  /** What a voucher for `plan` would do to the user's plan now (nothing is changed). */
  async grantEffect(
    userId: string,
    plan: TPlanId,
  ): Promise<{ effect: TVoucherPlanEffect; currentPlan: TPlanId }> {
    const { record, currentPlan, now } = await this.state(userId);
    return { effect: voucherPlanEffect(liveOf(record, currentPlan, now), plan), currentPlan };
  }

  /**
   * Grants `plan` for `days` inside the caller's transaction (a voucher): the same live plan is
   * extended, a bigger live plan is kept, anything else is replaced from now. Adds `credits`.
   * The caller tells the session cache after commit.
   */
  async grant(
    trx: Db,
    userId: string,
    grant: { plan: TPlanId; days: number; credits: number },
  ): Promise<{
    planId: TPlanId;
    endDate: Date;
    credits: number;
    effect: TVoucherPlanEffect;
    previousPlan: TPlanId;
  }> {
    const now = this.now();
    const user = await repo.lockUser(trx, userId);
    const record = await repo.ensureSubscription(trx, user, now, defaultEndDate(now));
    const effect = voucherPlanEffect(liveOf(record, user.subscription_type, now), grant.plan);
    const next =
      effect === 'keep'
        ? { planId: record.plan_id, start: record.start_date, end: record.end_date }
        : effect === 'extend'
          ? {
              planId: grant.plan,
              start: record.start_date,
              end: addDays(record.end_date, grant.days),
            }
          : { planId: grant.plan, start: now, end: addDays(now, grant.days) };
    await repo.setPlan(
      trx,
      userId,
      { planId: next.planId, status: 'active', start: next.start, end: next.end },
      next.planId,
    );
    if (grant.credits > 0) await repo.addCredits(trx, userId, grant.credits);
    return {
      planId: next.planId,
      endDate: next.end,
      credits: user.credits + grant.credits,
      effect,
      previousPlan: user.subscription_type,
    };
  }

  /** Staff set a plan, active from now for `days` (a year by default), inside their transaction. */
  async assign(trx: Db, userId: string, plan: TPlanId, days?: number): Promise<void> {
    const now = this.now();
    const end = days === undefined ? defaultEndDate(now) : addDays(now, days);
    await repo.setPlan(trx, userId, { planId: plan, status: 'active', start: now, end }, plan);
  }

  listRequests = (query: Parameters<typeof repo.listRequests>[1]) =>
    repo.listRequests(this.deps.db, query);

  /** §7 process-request: approve (activates, mails 'subscription_activated') or reject. */
  process(id: string, input: TProcessRequestInput, actor: AuditActor) {
    return processRequest(this.deps, this.now(), { id, input, actor });
  }

  private async user(userId: string): Promise<UserRow> {
    const user = await repo.findUser(this.deps.db, userId);
    if (!user) throw new AppError('request/not_found', 'User not found');
    return user;
  }
}
