import type { TPlanId, TRole } from './contract/common';
import { PLANS, remainingOf, UNLIMITED } from './plans';

/** §3 Subscription record status; §4: free → active at once, paid → pending, cancel → cancelled. */
export const SUBSCRIPTION_STATUSES = ['active', 'pending', 'cancelled'] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** §3 Activation request status; §4: pending, then approved or rejected by staff. */
export const ACTIVATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TActivationStatus = (typeof ACTIVATION_STATUSES)[number];

/** §9: the end date defaults to one year ahead. */
export const DEFAULT_SUBSCRIPTION_DAYS = 365;

/** One year after `start` on the calendar (29 February becomes 1 March). */
export function defaultEndDate(start: Date): Date {
  const end = new Date(start.getTime());
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

export function addDays(start: Date, days: number): Date {
  return new Date(start.getTime() + days * 86_400_000);
}

/** The first instant of the calendar month (UTC) that `at` falls in: the quota period. */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The first instant of the next month: when the monthly quota starts again. */
export function nextMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/**
 * Decision 0010: staff of a self-hosted instance (owner, admin, moderator, helper) are not its
 * customers. They have no project or generation limit, whatever plan their record holds; the
 * plan still decides features and what a voucher or request changes.
 */
export const isQuotaExempt = (role: TRole): boolean => role !== 'user';

/** The project and generation limits that apply to an account: its plan's, or none for staff. */
export function quotaLimitsOf(
  plan: TPlanId,
  role: TRole,
): { maxProjects: number; maxGenerations: number } {
  if (isQuotaExempt(role)) return { maxProjects: UNLIMITED, maxGenerations: UNLIMITED };
  const { maxProjects, maxGenerations } = PLANS[plan];
  return { maxProjects, maxGenerations };
}

/** This month's usage against a plan; `null` remaining means unlimited. */
export interface UsageSummary {
  generationsUsed: number;
  generationsLimit: number;
  generationsRemaining: number | null;
  projectsCreated: number;
  projectsLimit: number;
  projectsRemaining: number | null;
  /** When the monthly generation count starts again (ISO). */
  resetsAt: string;
}

export function summariseUsage(
  limits: { maxProjects: number; maxGenerations: number },
  generationsUsed: number,
  projectsCreated: number,
  now: Date,
): UsageSummary {
  const { maxGenerations, maxProjects } = limits;
  return {
    generationsUsed,
    generationsLimit: maxGenerations,
    generationsRemaining: remainingOf(maxGenerations, generationsUsed),
    projectsCreated,
    projectsLimit: maxProjects,
    projectsRemaining: remainingOf(maxProjects, projectsCreated),
    resetsAt: nextMonthStart(now).toISOString(),
  };
}

/** What counting one generation answers. */
export interface QuotaUse {
  plan: TPlanId;
  used: number;
  limit: number;
  remaining: number | null;
}

/**
 * Counts generations against the monthly quota of the user's plan. The server's subscription
 * feature implements it; other features (the planner) receive it from the app's composition.
 * `recordGeneration` throws `subscription/quota_exceeded` when the month's quota is used up.
 */
export interface GenerationQuota<TTransaction = never> {
  /** Counts inside `transaction` when given, so the count and what it pays for commit together. */
  recordGeneration(userId: string, transaction?: TTransaction): Promise<QuotaUse>;
  recordProjectCreated(userId: string): Promise<QuotaUse>;
  recordProjectDeleted(userId: string): Promise<void>;
}

/** Texts of the subscription page and its answers (the 24-48 hours are §9's). */
export const SUBSCRIPTION_MSG = {
  activated: (planName: string) => `You are now on the ${planName} plan.`,
  requestSent: (planName: string) =>
    `Your request for the ${planName} plan was sent. Requests are reviewed within 24-48 hours.`,
  cancelled: 'Your subscription was cancelled. You are on the Free plan.',
  requestPending: 'You already have a pending activation request',
  requestProcessed: 'This activation request was already processed',
  requestNotFound: 'Activation request not found',
  quotaExceeded: (limit: number) =>
    `You have used all ${limit} generations of your plan this month. Upgrade your plan for more.`,
  projectLimit: (limit: number) =>
    `Your plan allows ${limit} projects. Delete one or upgrade your plan.`,
  staffUnlimited:
    'As staff of this instance you have no project or generation limits; your plan still decides features.',
  withdrawn: 'Your request was withdrawn. Your plan stays as it is.',
  noPendingRequest: 'You have no pending activation request',
  approved: 'Activation request approved',
  rejected: 'Activation request rejected',
} as const;
