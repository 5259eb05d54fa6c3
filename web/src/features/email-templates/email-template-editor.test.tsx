import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TEmailTemplate } from '@stratum/core/contract/email-templates/email-template';
import { answerEveryCall, renderWithClient, signInForTest } from '../../test/render-with-client';
import { EmailTemplateEditor } from './email-template-editor';

const template: TEmailTemplate = {
  id: 'welcome',
  name: 'Welcome',
  subject: 'Welcome, {{firstName}}',
  htmlContent: '<p>Hello {{firstName}}</p>',
  textContent: 'Hello {{firstName}}',
  variables: ['firstName'],
  isCustomized: false,
  updatedAt: null,
  updatedBy: null,
};

describe('EmailTemplateEditor', () => {
  const server = answerEveryCall({
    success: true,
    data: { subject: 'Welcome, Ada', html: '<p>Hello Ada</p>', text: 'Hello Ada' },
  });
  beforeEach(() => {
    server.calls.length = 0;
    vi.stubGlobal('fetch', server.fetchMock);
    signInForTest({ id: crypto.randomUUID(), email: 'owner@example.com', role: 'owner' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says under the subject that it is needed, saves nothing, then saves the edit', async () => {
    renderWithClient(<EmailTemplateEditor template={template} />);
    const form = screen.getByRole('form', { name: 'Template Welcome' });
    expect(await screen.findByText('Welcome, Ada')).toBeVisible();
    const subject = within(form).getByLabelText('Subject');
    await userEvent.clear(subject);
    await userEvent.type(subject, '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Save template' }));
    expect(await within(form).findAllByText('Enter a subject')).toHaveLength(1);
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await userEvent.clear(subject);
    await userEvent.type(subject, 'Hi {{{{firstName}}');
    await userEvent.click(within(form).getByRole('button', { name: 'Save template' }));
    await vi.waitFor(() =>
      expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([
        {
          method: 'PUT',
          url: '/api/admin/email-templates/welcome',
          body: {
            subject: 'Hi {{firstName}}',
            htmlContent: template.htmlContent,
            textContent: template.textContent,
          },
        },
      ]),
    );
  });
});
