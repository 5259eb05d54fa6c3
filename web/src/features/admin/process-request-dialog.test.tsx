import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TActivationRequest } from '@stratum/core/contract/subscription/activation-request';
import { answerEveryCall, renderWithClient, signInForTest } from '../../test/render-with-client';
import { ProcessRequestDialog } from './process-request-dialog';

const request: TActivationRequest = {
  id: '7f9c1a52-0000-4000-8000-0000000000aa',
  userId: '7f9c1a52-0000-4000-8000-0000000000bb',
  userEmail: 'ada@example.com',
  username: 'Ada Lovelace',
  requestedSubscription: 'pro',
  requestedCredits: 250,
  message: 'For the migration.',
  status: 'pending',
  createdAt: new Date().toISOString(),
  processedAt: null,
  processedBy: null,
  processingNotes: null,
  granted: null,
};

describe('ProcessRequestDialog', () => {
  const server = answerEveryCall({ success: true, message: 'ok', data: { request } });
  beforeEach(() => {
    server.calls.length = 0;
    vi.stubGlobal('fetch', server.fetchMock);
    signInForTest({ id: crypto.randomUUID(), email: 'mod@example.com', role: 'moderator' });
  });
  afterEach(() => vi.unstubAllGlobals());

  const open = () => {
    renderWithClient(<ProcessRequestDialog request={request} onClose={() => undefined} />);
    return screen.getByRole('dialog', { name: 'Request from Ada Lovelace' });
  };

  it('approves with what was asked for, after a bad number is shown inline', async () => {
    const dialog = open();
    const credits = within(dialog).getByLabelText('Credits');
    expect(credits).toHaveValue('250');
    await userEvent.clear(credits);
    await userEvent.type(credits, 'lots');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve request' }));
    expect(
      await within(dialog).findByText('Enter a whole number from 0 to 1,000,000'),
    ).toBeVisible();
    expect(server.calls).toHaveLength(0);
    await userEvent.clear(credits);
    await userEvent.type(credits, '300');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve request' }));
    await vi.waitFor(() =>
      expect(server.calls).toEqual([
        {
          method: 'POST',
          url: `/api/subscription/process-request/${request.id}`,
          body: { action: 'approve', planType: 'pro', credits: 300, duration: 365 },
        },
      ]),
    );
  });

  it('rejects with the reason only (§7 body)', async () => {
    const dialog = open();
    await userEvent.click(within(dialog).getByLabelText('Reject'));
    await userEvent.type(within(dialog).getByLabelText('Reason (sent to the user)'), 'No budget');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    await vi.waitFor(() =>
      expect(server.calls[0]?.body).toEqual({ action: 'reject', rejectionReason: 'No budget' }),
    );
  });
});
