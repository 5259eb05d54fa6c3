import type { TPlanId } from '@stratum/core/contract/common';
import type { TActivationRequest } from '@stratum/core/contract/subscription/activation-request';
import type { TSubscriptionView } from '@stratum/core/contract/subscription/get-subscription';
import type { TPlan } from '@stratum/core/contract/subscription/plan';
import { PLANS } from '@stratum/core/plans';
import { defaultEndDate, summariseUsage } from '@stratum/core/subscription';
import type { ActivationRequestRow, SubscriptionRow } from './repository';

export function presentPlan(id: TPlanId): TPlan {
  const { name, price, features, maxProjects, maxGenerations, priority, support } = PLANS[id];
  return {
    id,
    name,
    price,
    features: [...features],
    maxProjects,
    maxGenerations,
    priority,
    support,
  };
}

export function presentRequest(row: ActivationRequestRow): TActivationRequest {
  return {
    id: row.id,
    userId: row.user_id,
    userEmail: row.user_email,
    username: row.username,
    requestedSubscription: row.requested_subscription,
    requestedCredits: row.requested_credits,
    message: row.message,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    processedAt: row.processed_at?.toISOString() ?? null,
    processedBy: row.processed_by_email,
    processingNotes: row.processing_notes,
    granted:
      row.granted_plan !== null && row.granted_credits !== null && row.granted_duration !== null
        ? {
            planType: row.granted_plan,
            credits: row.granted_credits,
            duration: row.granted_duration,
          }
        : null,
  };
}

export interface SubscriptionState {
  record: SubscriptionRow;
  currentPlan: TPlanId;
  /** The project and generation limits in force (none for staff, decision 0010). */
  limits: { maxProjects: number; maxGenerations: number };
  limitsFrom: 'plan' | 'staff';
  credits: number;
  generationsUsed: number;
  pending: ActivationRequestRow | undefined;
  now: Date;
}

/**
 * §3 Subscription record: while a request waits, the record shows the requested plan as
 * pending (from the request's time); the limits are still the current plan's.
 */
export function presentSubscription(state: SubscriptionState): TSubscriptionView {
  const { record, pending } = state;
  const usage = summariseUsage(
    state.limits,
    state.generationsUsed,
    record.projects_created,
    state.now,
  );
  return {
    subscription: pending
      ? {
          planId: pending.requested_subscription,
          status: 'pending',
          startDate: pending.created_at.toISOString(),
          endDate: defaultEndDate(pending.created_at).toISOString(),
          generationsUsed: state.generationsUsed,
          projectsCreated: record.projects_created,
        }
      : {
          planId: record.plan_id,
          status: record.status,
          startDate: record.start_date.toISOString(),
          endDate: record.end_date.toISOString(),
          generationsUsed: state.generationsUsed,
          projectsCreated: record.projects_created,
        },
    currentPlan: presentPlan(state.currentPlan),
    currentPeriod: {
      status: record.status === 'cancelled' ? 'cancelled' : 'active',
      startDate: record.start_date.toISOString(),
      endDate: record.end_date.toISOString(),
    },
    limitsFrom: state.limitsFrom,
    usage,
    credits: state.credits,
    pendingRequest: pending ? presentRequest(pending) : null,
  };
}
