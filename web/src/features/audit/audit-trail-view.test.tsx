import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAuditEntry } from '@stratum/core/contract/audit/list-audit-log';
import { answerEveryCall, renderWithClient, signInForTest } from '../../test/render-with-client';
import { AuditTrailView } from './audit-trail-view';

const entry: TAuditEntry = {
  id: '7f9c1a52-0000-4000-8000-000000000001',
  at: '2026-11-29T14:00:00.000Z',
  actorId: '7f9c1a52-0000-4000-8000-0000000000bb',
  actorEmail: 'ada@example.com',
  actorRole: 'user',
  action: 'apiClient.environments.update',
  targetType: 'api_environment',
  targetId: '7f9c1a52-0000-4000-8000-0000000000cc',
  targetLabel: 'prod',
  before: { name: 'prod', variables: ['host'] },
  after: { name: 'prod', variables: ['host', 'token'] },
  ip: '203.0.113.9',
};

const page = {
  success: true,
  data: {
    items: [entry],
    total: 1,
    page: 1,
    pageSize: 25,
    actions: ['apiClient.environments.update', 'auth.login'],
    targetTypes: ['api_environment', 'session'],
  },
};

describe('AuditTrailView', () => {
  const server = answerEveryCall(page);
  beforeEach(() => {
    server.calls.length = 0;
    vi.stubGlobal('fetch', server.fetchMock);
    signInForTest({ id: entry.actorId!, email: entry.actorEmail, role: 'user' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists your entries with where they came from, and shows one before and after', async () => {
    renderWithClient(<AuditTrailView scope="own" />);
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    const row = within(table).getByRole('row', { name: /apiClient\.environments\.update/ });
    expect(within(row).getByText('prod')).toBeVisible();
    expect(within(row).getByText('API environment')).toBeVisible();
    expect(within(row).getByText('from 203.0.113.9')).toBeVisible();
    await userEvent.click(within(row).getByRole('button', { name: /Before and after/ }));
    const dialog = screen.getByRole('dialog', { name: /apiClient\.environments\.update · prod/ });
    expect(within(dialog).getByLabelText('After')).toHaveTextContent('"token"');
    expect(within(dialog).getByLabelText('Before')).not.toHaveTextContent('"token"');
  });

  it('asks your trail for the chosen action, target type and dates, from the first page', async () => {
    renderWithClient(<AuditTrailView scope="own" />);
    const filters = screen.getByRole('search', { name: 'Filter the audit trail' });
    expect(within(filters).queryByLabelText('Who')).toBeNull();
    expect(within(filters).queryByLabelText('Target id')).toBeNull();
    await screen.findByRole('table', { name: 'Audit trail' });
    await userEvent.selectOptions(within(filters).getByLabelText('Action'), 'apiClient.');
    await userEvent.selectOptions(within(filters).getByLabelText('Target type'), 'session');
    await vi.waitFor(() => {
      const last = new URL(server.calls.at(-1)!.url, 'http://x');
      expect(last.pathname).toBe('/api/audit');
      expect(Object.fromEntries(last.searchParams)).toMatchObject({
        action: 'apiClient.',
        targetType: 'session',
        page: '1',
      });
    });
  });

  it("for staff, reads everyone's trail and filters by who and the target id too", async () => {
    renderWithClient(<AuditTrailView scope="staff" />);
    const filters = screen.getByRole('search', { name: 'Filter the audit trail' });
    await userEvent.type(within(filters).getByLabelText('Target id'), entry.targetId!);
    await vi.waitFor(() => {
      const last = new URL(server.calls.at(-1)!.url, 'http://x');
      expect(last.pathname).toBe('/api/admin/audit');
      expect(last.searchParams.get('targetId')).toBe(entry.targetId);
    });
  });
});
