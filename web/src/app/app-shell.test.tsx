import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AREAS, NAV_ENTRIES, type ProductArea } from '@stratum/core/areas';
import { MSG } from '@stratum/core/messages';
import { session } from '../lib/session';
import { AppShell } from './app-shell';

// The profile page's code is broken until `isProfileBroken` is cleared.
const broken = vi.hoisted(() => ({ isProfileBroken: true }));
vi.mock('../features/profile/profile-page', () => ({
  ProfilePage: () => {
    if (broken.isProfileBroken) throw new Error('profile exploded');
    return <h1>Profile settings</h1>;
  },
}));

function renderShell(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AppShell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AppShell', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline in tests')));
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    session.signIn('a.b.c', { id: 'u1', email: 'grace@example.com', firstName: 'Grace' });
    broken.isProfileBroken = true;
  });

  it('keeps the header and navigation when one page fails, and Try Again renders it again', async () => {
    renderShell('/profile');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: MSG.runtimeErrorTitle })).toBeVisible();
    expect(within(alert).getByLabelText('Error details')).toHaveTextContent('profile exploded');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    expect(screen.getByRole('button', { name: /Account menu/ })).toBeVisible();

    broken.isProfileBroken = false;
    await userEvent.click(within(alert).getByRole('button', { name: MSG.tryAgain }));
    expect(await screen.findByRole('heading', { name: 'Profile settings' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  // A navigation entry whose area the registry still calls coming, while one is left.
  const coming = NAV_ENTRIES.map((e) =>
    (AREAS as readonly ProductArea[]).find((a) => a.id === e.area),
  ).find((area) => area?.state === 'coming');
  it.runIf(coming)(
    'marks coming areas in the navigation and says plainly that their page is not available',
    async () => {
      const area = coming!;
      // A wide window: every item fits, none folds into More.
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(4000);
      renderShell(`/${area.page}`);
      const nav = screen.getByRole('navigation', { name: 'Main' });
      expect(within(nav).getByRole('link', { name: new RegExp(`.*coming soon`) })).toBeVisible();
      expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeVisible();
      expect(
        await screen.findByRole('heading', { name: `${area.label} is not available yet` }),
      ).toBeVisible();
    },
  );
});
