import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerEveryCall, renderWithClient, signInForTest } from '../../test/render-with-client';
import { ComposeDialog } from './compose-dialog';

describe('ComposeDialog', () => {
  const server = answerEveryCall({ success: true, data: { message: {} } });
  beforeEach(() => {
    server.calls.length = 0;
    vi.stubGlobal('fetch', server.fetchMock);
    signInForTest({ id: crypto.randomUUID(), email: 'ada@example.com' });
  });
  afterEach(() => vi.unstubAllGlobals());

  const open = (onSent = vi.fn()) => {
    renderWithClient(<ComposeDialog reply={null} onClose={() => undefined} onSent={onSent} />);
    return screen.getByRole('dialog', { name: 'New message' });
  };

  it('says once, at each field, what a message to a user still needs, and sends nothing', async () => {
    const dialog = open();
    await userEvent.click(within(dialog).getByLabelText('A user'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    const expected: [string, string][] = [
      ['Recipient email', 'Enter the recipient’s email'],
      ['Subject', 'Enter a subject'],
      ['Message', 'Write a message'],
    ];
    for (const [label, message] of expected) {
      expect(await within(dialog).findAllByText(message)).toHaveLength(1);
      expect(within(dialog).getByLabelText(label, { exact: true })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
    }
    expect(server.calls).toHaveLength(0);
    // The first wrong field in the dialog's order, though it appeared last.
    expect(within(dialog).getByLabelText('Recipient email')).toHaveFocus();

    await userEvent.type(within(dialog).getByLabelText('Recipient email'), 'not-an-address');
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeVisible();
    expect(within(dialog).queryByText('Enter the recipient’s email')).not.toBeInTheDocument();
  });

  it('sends a valid message to a user with the contract’s body', async () => {
    const onSent = vi.fn();
    const dialog = open(onSent);
    await userEvent.click(within(dialog).getByLabelText('A user'));
    await userEvent.type(within(dialog).getByLabelText('Recipient email'), ' Charles@Example.com ');
    await userEvent.type(within(dialog).getByLabelText('Subject'), 'Analytical engine');
    await userEvent.type(
      within(dialog).getByLabelText('Message', { exact: true }),
      'Shall we compute <b>Bernoulli</b> numbers?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    await vi.waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(server.calls).toEqual([
      {
        method: 'POST',
        url: '/api/messages',
        body: {
          to: { type: 'user', email: 'charles@example.com' },
          subject: 'Analytical engine',
          body: 'Shall we compute bBernoulli/b numbers?',
        },
      },
    ]);
  });

  it('sends to staff without asking for an email', async () => {
    const dialog = open();
    expect(within(dialog).queryByLabelText('Recipient email')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Subject'), 'Help');
    await userEvent.type(within(dialog).getByLabelText('Message', { exact: true }), 'Please.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await vi.waitFor(() =>
      expect(server.calls.map((c) => c.body)).toEqual([
        { to: { type: 'staff' }, subject: 'Help', body: 'Please.' },
      ]),
    );
  });
});
