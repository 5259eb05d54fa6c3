import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdminUser } from '@stratum/core/contract/admin/admin-user';
import { answerEveryCall, renderWithClient, signInForTest } from '../../test/render-with-client';
import { UserDialog } from './user-dialog';

const target: TAdminUser = {
  id: '7f9c1a52-0000-4000-8000-000000000001',
  email: 'grace@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
  designation: null,
  role: 'user',
  subscriptionType: 'free',
  credits: 10,
  lastLogin: null,
  avatarUrl: null,
  createdAt: new Date().toISOString(),
  isEmailVerified: true,
  isDisabled: false,
  disabledAt: null,
};

describe('UserDialog', () => {
  const server = answerEveryCall({ success: true, data: { user: { ...target, credits: 250 } } });
  beforeEach(() => {
    server.calls.length = 0;
    vi.stubGlobal('fetch', server.fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const open = (actorRole: string, user: TAdminUser = target) => {
    signInForTest({ id: crypto.randomUUID(), email: 'staff@example.com', role: actorRole });
    renderWithClient(<UserDialog user={user} onClose={() => undefined} />);
    return screen.getByRole('dialog', { name: 'Manage Grace Hopper' });
  };

  it('lets an admin give roles up to admin, never owner', () => {
    const dialog = open('admin');
    const roles = within(dialog)
      .getAllByRole('option')
      .filter((o) => o.closest('select') === within(dialog).getByLabelText('Role'))
      .map((o) => o.textContent);
    expect(roles).toEqual(['User', 'Helper', 'Moderator', 'Admin']);
    expect(within(dialog).getByRole('button', { name: 'Save role' })).toBeDisabled();
  });

  it('shows the number rule inline and sends nothing until the credits are a whole number', async () => {
    const dialog = open('admin');
    const credits = within(dialog).getByLabelText('Credits (new balance)');
    await userEvent.clear(credits);
    await userEvent.type(credits, '12.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save credits' }));
    expect(
      await within(dialog).findByText('Enter a whole number from 0 to 100,000,000'),
    ).toBeVisible();
    expect(credits).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls).toHaveLength(0);

    await userEvent.clear(credits);
    await userEvent.type(credits, '250');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save credits' }));
    await vi.waitFor(() =>
      expect(server.calls).toEqual([
        {
          method: 'PUT',
          url: `/api/admin/users/${target.id}/credits`,
          body: { credits: 250 },
        },
      ]),
    );
    expect(within(dialog).queryByText(/Enter a whole number/)).not.toBeInTheDocument();
  });

  it('sends the chosen plan with its days', async () => {
    const dialog = open('owner');
    await userEvent.selectOptions(within(dialog).getByLabelText('Plan'), 'ultra-pro');
    const days = within(dialog).getByLabelText('For days');
    await userEvent.clear(days);
    await userEvent.type(days, '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    await vi.waitFor(() =>
      expect(server.calls[0]).toEqual({
        method: 'PUT',
        url: `/api/admin/users/${target.id}/plan`,
        body: { planId: 'ultra-pro', duration: 30 },
      }),
    );
  });

  it('gives a moderator disable only: plan and credits are read-only, delete is absent', () => {
    const dialog = open('moderator');
    expect(within(dialog).getByLabelText('Plan')).toBeDisabled();
    expect(within(dialog).getByLabelText('Credits (new balance)')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Save plan' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Disable account' })).toBeEnabled();
    expect(
      within(dialog).queryByRole('button', { name: 'Delete account' }),
    ).not.toBeInTheDocument();
  });

  it('says why the owner cannot be managed', () => {
    const dialog = open('admin', { ...target, role: 'owner' });
    expect(dialog).toHaveTextContent(
      'Some actions are not available: The owner cannot be demoted, disabled or deleted.',
    );
    expect(
      within(dialog).queryByRole('button', { name: 'Disable account' }),
    ).not.toBeInTheDocument();
  });
});
