import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSiteNotice } from '@stratum/core/contract/notices/site-notice';
import {
  answerEveryCall,
  renderWithClient,
  signInForTest,
  testQueryClient,
} from '../../test/render-with-client';
import { siteNoticesQuery } from './api/get-site-notices';
import { SiteNoticeBanner } from './site-notice-banner';

const notice = (fields: Partial<TSiteNotice>): TSiteNotice => ({
  id: crypto.randomUUID(),
  title: 'Maintenance tonight',
  message: 'The planner is read-only from 22:00 UTC.',
  type: 'warning',
  isActive: true,
  createdAt: new Date().toISOString(),
  expiresAt: null,
  priority: 2,
  dismissible: true,
  ...fields,
});

function renderBanner(notices: TSiteNotice[], dismissed: string[] = []) {
  const client = testQueryClient();
  client.setQueryData(siteNoticesQuery.queryKey, {
    success: true,
    data: notices,
    dismissed,
    message: '',
  });
  return renderWithClient(<SiteNoticeBanner />, client);
}

describe('SiteNoticeBanner', () => {
  const server = answerEveryCall({ success: true });
  beforeEach(() => {
    localStorage.clear();
    server.calls.length = 0;
    vi.stubGlobal('fetch', server.fetchMock);
    signInForTest({ id: crypto.randomUUID(), email: 'ada@example.com' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the title, the priority label, the message and when it expires', () => {
    renderBanner([notice({ expiresAt: new Date(Date.now() + 86_400_000).toISOString() })]);
    const banner = screen.getByRole('region', { name: 'Site notices' });
    expect(banner).toHaveTextContent('Maintenance tonight');
    expect(banner).toHaveTextContent('High priority');
    expect(banner).toHaveTextContent('The planner is read-only from 22:00 UTC.');
    expect(banner).toHaveTextContent(/Expires /);
    // One notice: no dots.
    expect(screen.queryByRole('button', { name: /Show notice/ })).not.toBeInTheDocument();
  });

  it('offers Dismiss only on a dismissible notice', () => {
    renderBanner([notice({ dismissible: false, priority: 1 })]);
    expect(screen.getByRole('region', { name: 'Site notices' })).toHaveTextContent(
      'Medium priority',
    );
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  });

  it('hides a dismissed notice at once and tells the server', async () => {
    const first = notice({ title: 'First' });
    const second = notice({ title: 'Second', priority: 0 });
    renderBanner([first, second]);
    expect(screen.getByRole('button', { name: 'Show notice 2 of 2: Second' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    const banner = screen.getByRole('region', { name: 'Site notices' });
    expect(banner).toHaveTextContent('Second');
    expect(banner).not.toHaveTextContent('First');
    expect(screen.queryByRole('button', { name: /Show notice/ })).not.toBeInTheDocument();
    await vi.waitFor(() =>
      expect(server.calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          url: `/api/admin/site-notices/${first.id}/dismiss`,
        }),
      ),
    );
  });

  it('does not show notices the server says this user dismissed, nor expired ones', () => {
    const gone = notice({ title: 'Dismissed elsewhere' });
    const expired = notice({ title: 'Old', expiresAt: new Date(Date.now() - 1000).toISOString() });
    const { container } = renderBanner([gone, expired], [gone.id]);
    expect(container).toBeEmptyDOMElement();
  });
});
