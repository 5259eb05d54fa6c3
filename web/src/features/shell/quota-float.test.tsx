import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPlanId } from '@stratum/core/contract/common';
import type { TSubscriptionView } from '@stratum/core/contract/subscription/get-subscription';
import { PLANS, remainingOf } from '@stratum/core/plans';
import { SUBSCRIPTION_QUERY_KEY } from '../../lib/api/subscription';
import { session } from '../../lib/session';
import { STORAGE_KEYS } from '../../lib/storage';
import { renderWithClient, signInForTest, testQueryClient } from '../../test/render-with-client';
import { QuotaFloat } from './quota-float';

function subscription(
  planId: TPlanId,
  { used = 0, credits = 0, staff = false } = {},
): { success: true; data: TSubscriptionView } {
  const plan = PLANS[planId];
  const period = { startDate: '2026-11-01T00:00:00Z', endDate: '2027-11-01T00:00:00Z' };
  return {
    success: true,
    data: {
      subscription: {
        planId,
        status: 'active',
        ...period,
        generationsUsed: used,
        projectsCreated: 0,
      },
      currentPlan: { ...plan, features: [...plan.features] },
      currentPeriod: { status: 'active', ...period },
      limitsFrom: staff ? 'staff' : 'plan',
      usage: {
        generationsUsed: used,
        generationsLimit: plan.maxGenerations,
        generationsRemaining: staff ? null : remainingOf(plan.maxGenerations, used),
        projectsCreated: 0,
        projectsLimit: plan.maxProjects,
        projectsRemaining: null,
        resetsAt: '2026-12-01T00:00:00Z',
      },
      credits,
      pendingRequest: null,
    },
  };
}

function wideScreen(isWide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: isWide, media: query }));
}

function renderFloat(seed?: ReturnType<typeof subscription>) {
  const client = testQueryClient();
  if (seed) client.setQueryData(SUBSCRIPTION_QUERY_KEY, seed);
  return renderWithClient(<QuotaFloat />, client);
}

const region = () => screen.getByRole('complementary', { name: 'Your quota' });

describe('QuotaFloat (§1 floating quota display)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    wideScreen(true);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline in tests')));
    signInForTest({ id: 'u1', email: 'ada@example.com' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the free plan’s generations left and follows the subscription query live', async () => {
    const { client } = renderFloat(subscription('free', { used: 3 }));
    expect(within(region()).getByText('2 generations left')).toBeVisible();
    expect(within(region()).getByText('Free plan')).toBeVisible();
    const meter = within(region()).getByRole('meter', { name: 'Generations used this month' });
    expect(meter).toHaveAttribute('aria-valuenow', '3');
    expect(meter).toHaveAttribute('aria-valuemax', '5');

    // A generation invalidates the query; its new answer shows at once.
    act(() => {
      client.setQueryData(SUBSCRIPTION_QUERY_KEY, subscription('free', { used: 5 }));
    });
    expect(await within(region()).findByText('0 generations left')).toBeVisible();
    expect(within(region()).getByRole('link', { name: 'Get more: see plans' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  it('shows credits on paid plans and Unlimited on Enterprise and for staff, as the header chip does', () => {
    const { unmount } = renderFloat(subscription('pro', { used: 40, credits: 120 }));
    expect(within(region()).getByText('120 credits')).toBeVisible();
    expect(within(region()).queryByRole('meter')).toBeNull();
    unmount();

    const enterprise = renderFloat(subscription('enterprise', { credits: 5 }));
    expect(within(region()).getByText('Unlimited generations')).toBeVisible();
    expect(within(region()).queryByRole('link')).toBeNull();
    enterprise.unmount();

    renderFloat(subscription('free', { used: 9, staff: true }));
    expect(within(region()).getByText('Unlimited generations')).toBeVisible();
  });

  it('uses the stored plan and credits until the server answers', () => {
    session.updateUser({
      id: 'u1',
      email: 'ada@example.com',
      subscriptionType: 'pro',
      credits: 33,
    });
    renderFloat();
    expect(within(region()).getByText('33 credits')).toBeVisible();
  });

  it('folds to a pill and back, keeps focus on the toggle, and remembers the choice', async () => {
    const user = userEvent.setup();
    const { unmount } = renderFloat(subscription('free', { used: 1 }));
    // Focused controls scroll clear of the open card.
    expect(document.documentElement.style.scrollPaddingBottom).toBe('9rem');
    await user.click(within(region()).getByRole('button', { name: 'Hide quota' }));
    const pill = within(region()).getByRole('button', { name: /Show quota/ });
    expect(pill).toHaveAttribute('aria-expanded', 'false');
    expect(pill).toHaveTextContent('4 generations left');
    expect(pill).toHaveFocus();
    expect(document.documentElement.style.scrollPaddingBottom).toBe('4rem');
    expect(window.localStorage.getItem(STORAGE_KEYS.quotaDisplayCollapsed)).toBe('true');
    unmount();

    renderFloat(subscription('free', { used: 1 }));
    expect(within(region()).queryByRole('button', { name: 'Hide quota' })).toBeNull();
    await user.click(within(region()).getByRole('button', { name: /Show quota/ }));
    expect(within(region()).getByRole('button', { name: 'Hide quota' })).toHaveFocus();
    expect(window.localStorage.getItem(STORAGE_KEYS.quotaDisplayCollapsed)).toBe('false');
  });

  it('starts folded in the planner when nothing is remembered, and open again elsewhere', async () => {
    const client = testQueryClient();
    client.setQueryData(SUBSCRIPTION_QUERY_KEY, subscription('free', { used: 2 }));
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/planner']}>
          <QuotaFloat />
          <Link to="/dashboard">Dashboard</Link>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(within(region()).getByRole('button', { name: /Show quota/ })).toHaveTextContent(
      '3 generations left',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(within(region()).getByRole('button', { name: 'Hide quota' })).toBeVisible();
  });

  it('folds when the window narrows to a phone’s width and nothing is remembered', async () => {
    let isWide = true;
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return isWide;
      },
      media: query,
      addEventListener: (_: string, f: () => void) => listeners.add(f),
      removeEventListener: (_: string, f: () => void) => listeners.delete(f),
    }));
    const resize = (wide: boolean) =>
      act(() => {
        isWide = wide;
        for (const f of listeners) f();
      });
    renderFloat(subscription('free'));
    expect(within(region()).getByRole('button', { name: 'Hide quota' })).toBeVisible();
    resize(false);
    expect(within(region()).getByRole('button', { name: /Show quota/ })).toBeVisible();
    resize(true);
    // A choice made stays, whatever the width.
    await userEvent.click(within(region()).getByRole('button', { name: 'Hide quota' }));
    resize(false);
    resize(true);
    expect(within(region()).getByRole('button', { name: /Show quota/ })).toBeVisible();
  });

  it('starts folded on a phone-width screen when nothing is remembered', () => {
    wideScreen(false);
    renderFloat(subscription('free'));
    expect(within(region()).getByRole('button', { name: /Show quota/ })).toHaveTextContent(
      '5 generations left',
    );
  });
});
