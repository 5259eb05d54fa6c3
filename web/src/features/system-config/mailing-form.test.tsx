import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TMailingConfigView } from '@stratum/core/contract/system-config/mailing-config';
import { answerEveryCall, renderWithClient, signInForTest } from '../../test/render-with-client';
import { MailingForm } from './mailing-form';
import { MailingTestPanel } from './mailing-test-panel';

const saved: TMailingConfigView = {
  provider: 'smtp',
  effectiveProvider: 'smtp',
  isEnabled: false,
  senderEmail: 'noreply@example.com',
  fromName: null,
  replyTo: null,
  smtpHost: 'mail.example.com',
  smtpPort: 587,
  smtpUser: null,
  smtpSecure: false,
  hasPassword: true,
  hasConnectionString: false,
  updatedAt: new Date().toISOString(),
  updatedBy: 'owner@example.com',
};

const delivered = {
  success: true,
  data: { isDelivered: true, message: 'Test mail sent', reason: null, to: 'x', messageId: null },
};

describe('Mailing configuration', () => {
  const server = answerEveryCall(delivered);
  beforeEach(() => {
    server.calls.length = 0;
    vi.stubGlobal('fetch', server.fetchMock);
    signInForTest({ id: crypto.randomUUID(), email: 'owner@example.com', role: 'owner' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('does not send a test mail while the saved SMTP settings lack a user (§5, §8 text)', async () => {
    renderWithClient(<MailingTestPanel config={saved} />);
    const panel = screen.getByRole('form', { name: 'Test mail' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Send test mail' }));
    expect(await within(panel).findAllByText('SMTP configuration incomplete')).toHaveLength(1);
    expect(server.calls).toHaveLength(0);
  });

  it('sends the test to the typed address once host and user are saved', async () => {
    renderWithClient(<MailingTestPanel config={{ ...saved, smtpUser: 'mailer' }} />);
    const panel = screen.getByRole('form', { name: 'Test mail' });
    const to = within(panel).getByLabelText('Send to');
    await userEvent.type(to, 'nope');
    await userEvent.click(within(panel).getByRole('button', { name: 'Send test mail' }));
    expect(await within(panel).findByText('Please enter a valid email address')).toBeVisible();
    expect(server.calls).toHaveLength(0);

    await userEvent.clear(to);
    await userEvent.type(to, 'Ada@Example.com');
    await userEvent.click(within(panel).getByRole('button', { name: 'Send test mail' }));
    expect(await within(panel).findByText('Test mail sent')).toBeVisible();
    expect(server.calls).toEqual([
      { method: 'POST', url: '/api/admin/system/mailing/test', body: { to: 'ada@example.com' } },
    ]);
  });

  it('says at the port what is wrong, then saves the contract’s body keeping the password', async () => {
    renderWithClient(<MailingForm config={saved} transport="outbox" />);
    const form = screen.getByRole('form', { name: 'Mailing configuration' });
    const port = within(form).getByLabelText('SMTP port');
    await userEvent.clear(port);
    await userEvent.type(port, '70000');
    await userEvent.selectOptions(within(form).getByLabelText('Provider'), 'sendgrid');
    await userEvent.click(within(form).getByRole('button', { name: 'Save configuration' }));
    expect(await within(form).findAllByText('Enter a whole number from 1 to 65,535')).toHaveLength(
      1,
    );
    expect(port).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls).toHaveLength(0);

    await userEvent.clear(port);
    await userEvent.type(port, '2525');
    await userEvent.click(within(form).getByRole('button', { name: 'Save configuration' }));
    await vi.waitFor(() =>
      expect(server.calls).toEqual([
        {
          method: 'PUT',
          url: '/api/admin/system/mailing',
          body: {
            provider: 'sendgrid',
            isEnabled: false,
            senderEmail: 'noreply@example.com',
            replyTo: '',
            smtpHost: 'mail.example.com',
            smtpPort: 2525,
            smtpSecure: false,
          },
        },
      ]),
    );
  });
});
