import { describe, expect, it } from 'vitest';
import {
  addDays,
  defaultEndDate,
  monthStart,
  nextMonthStart,
  quotaLimitsOf,
  summariseUsage,
} from './subscription';

describe('subscription dates', () => {
  it('ends one calendar year ahead by default (§9)', () => {
    expect(defaultEndDate(new Date('2026-03-15T10:00:00Z')).toISOString()).toBe(
      '2027-03-15T10:00:00.000Z',
    );
    expect(defaultEndDate(new Date('2028-02-29T00:00:00Z')).toISOString()).toBe(
      '2029-03-01T00:00:00.000Z',
    );
  });

  it('adds days and finds the month (UTC) a generation counts in', () => {
    expect(addDays(new Date('2026-01-30T00:00:00Z'), 30).toISOString()).toBe(
      '2026-03-01T00:00:00.000Z',
    );
    expect(monthStart(new Date('2026-12-31T23:59:59Z')).toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
    expect(nextMonthStart(new Date('2026-12-31T23:59:59Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });
});

describe('usage per plan', () => {
  const now = new Date('2026-05-10T00:00:00Z');

  it.each([
    ['free', 3, 1, 2, 1],
    ['free', 7, 2, 0, 0],
    ['pro', 40, 10, 60, 15],
    ['ultra-pro', 499, 100, 1, 0],
  ] as const)(
    '%s with %i generations and %i projects',
    (plan, gens, projects, genLeft, projLeft) => {
      const usage = summariseUsage(quotaLimitsOf(plan, 'user'), gens, projects, now);
      expect(usage.generationsRemaining).toBe(genLeft);
      expect(usage.projectsRemaining).toBe(projLeft);
      expect(usage.resetsAt).toBe('2026-06-01T00:00:00.000Z');
    },
  );

  it('answers null remaining for enterprise, whose limits are -1', () => {
    expect(summariseUsage(quotaLimitsOf('enterprise', 'user'), 10_000, 500, now)).toMatchObject({
      generationsLimit: -1,
      generationsRemaining: null,
      projectsLimit: -1,
      projectsRemaining: null,
    });
  });

  it.each(['owner', 'admin', 'moderator', 'helper'] as const)(
    'gives %s on the Free plan no limits (decision 0010)',
    (role) => {
      expect(quotaLimitsOf('free', role)).toEqual({ maxProjects: -1, maxGenerations: -1 });
      expect(summariseUsage(quotaLimitsOf('free', role), 9, 3, now)).toMatchObject({
        generationsRemaining: null,
        projectsRemaining: null,
      });
    },
  );

  it("keeps a user's plan limits", () => {
    expect(quotaLimitsOf('free', 'user')).toEqual({ maxProjects: 2, maxGenerations: 5 });
  });
});
