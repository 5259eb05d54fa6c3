import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLANS, type Plan } from '@stratum/core/plans';
import { answerEveryCall, renderWithClient, signInForTest } from '../../test/render-with-client';
import { ChoosePlanDialog } from './choose-plan-dialog';

describe('ChoosePlanDialog', () => {
  const server = answerEveryCall({ success: true, message: 'Done', data: {} });
  beforeEach(() => {
    server.calls.length = 0;
    vi.stubGlobal('fetch', server.fetchMock);
    signInForTest({ id: crypto.randomUUID(), email: 'ada@example.com' });
  });
  afterEach(() => vi.unstubAllGlobals());

  const open = (plan: Plan, title: string) => {
    const onClose = vi.fn();
    renderWithClient(<ChoosePlanDialog plan={plan} onClose={onClose} />);
    return { dialog: screen.getByRole('dialog', { name: title }), onClose };
  };

  it('switches to Free at once, with nothing to fill in', async () => {
    const { dialog, onClose } = open(PLANS.free, 'Switch to the Free plan');
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch to Free' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(server.calls).toEqual([
      { method: 'POST', url: '/api/subscription/choose', body: { planId: 'free' } },
    ]);
  });

  it('sends a paid plan as a request with its message and credits', async () => {
    const { dialog, onClose } = open(PLANS.pro, 'Request the Pro plan');
    await userEvent.type(
      within(dialog).getByLabelText('Message to staff (optional)'),
      '  For the migration.  ',
    );
    await userEvent.type(within(dialog).getByLabelText('Credits requested (optional)'), '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(server.calls).toEqual([
      {
        method: 'POST',
        url: '/api/subscription/choose',
        body: { planId: 'pro', message: 'For the migration.', requestedCredits: 500 },
      },
    ]);
  });

  it('shows a bad number once, at its field, and sends nothing until it is fixed', async () => {
    const { dialog, onClose } = open(PLANS['ultra-pro'], 'Request the Ultra Pro plan');
    const credits = within(dialog).getByLabelText('Credits requested (optional)');
    await userEvent.type(credits, '12.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    const rule = 'Enter a whole number from 0 to 1,000,000';
    expect(await within(dialog).findAllByText(rule)).toHaveLength(1);
    expect(credits).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls).toHaveLength(0);

    await userEvent.clear(credits);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(within(dialog).queryByText(rule)).not.toBeInTheDocument();
    expect(server.calls).toEqual([
      { method: 'POST', url: '/api/subscription/choose', body: { planId: 'ultra-pro' } },
    ]);
  });
});
