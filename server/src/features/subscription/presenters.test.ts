import { describe, expect, it } from 'vitest';
import { presentSubscription } from './presenters';
import type { ActivationRequestRow, SubscriptionRow } from './repository';

const record: SubscriptionRow = {
  user_id: 'u1',
  plan_id: 'pro',
  status: 'active',
  start_date: new Date('2026-01-01T00:00:00Z'),
  end_date: new Date('2027-01-01T00:00:00Z'),
  projects_created: 3,
  updated_at: new Date('2026-01-01T00:00:00Z'),
};

const pending = {
  id: 'r1',
  user_id: 'u1',
  user_email: 'ada@example.com',
  username: 'Ada Lovelace',
  requested_subscription: 'enterprise',
  requested_credits: 10,
  message: '',
  status: 'pending',
  created_at: new Date('2026-05-01T00:00:00Z'),
  processed_at: null,
  processed_by: null,
  processed_by_email: null,
  processing_notes: null,
  granted_plan: null,
  granted_credits: null,
  granted_duration: null,
} satisfies ActivationRequestRow;

describe('presentSubscription', () => {
  const now = new Date('2026-05-10T00:00:00Z');

  it('shows the record and the limits of the plan in force', () => {
    const view = presentSubscription({
      record,
      currentPlan: 'pro',
      limits: { maxProjects: 25, maxGenerations: 100 },
      limitsFrom: 'plan',
      credits: 40,
      generationsUsed: 30,
      pending: undefined,
      now,
    });
    expect(view.subscription).toEqual({
      planId: 'pro',
      status: 'active',
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: '2027-01-01T00:00:00.000Z',
      generationsUsed: 30,
      projectsCreated: 3,
    });
    expect(view.usage).toMatchObject({ generationsRemaining: 70, projectsRemaining: 22 });
    expect(view.pendingRequest).toBeNull();
  });

  it('shows a waiting upgrade as pending while the current plan still applies', () => {
    const view = presentSubscription({
      record,
      currentPlan: 'pro',
      limits: { maxProjects: 25, maxGenerations: 100 },
      limitsFrom: 'plan',
      credits: 0,
      generationsUsed: 0,
      pending,
      now,
    });
    expect(view.subscription).toMatchObject({
      planId: 'enterprise',
      status: 'pending',
      startDate: '2026-05-01T00:00:00.000Z',
      endDate: '2027-05-01T00:00:00.000Z',
    });
    expect(view.currentPlan.id).toBe('pro');
    // The plan in force keeps its own dates: the pending request's are not its end.
    expect(view.currentPeriod).toEqual({
      status: 'active',
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: '2027-01-01T00:00:00.000Z',
    });
    expect(view.usage.generationsLimit).toBe(100);
    expect(view.pendingRequest).toMatchObject({ id: 'r1', requestedSubscription: 'enterprise' });
  });
});
