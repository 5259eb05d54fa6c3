import { expect, test } from '@playwright/test';
import { createAccount, ensureAccount, useStoredSession } from '../support/accounts';
import { apiAs, pageAs, toast, userIdOf } from '../support/business';
import { E2E_OWNER_EMAIL } from '../support/env';
import { captureWidths } from '../support/screens';

type Created = { data: { notice: { id: string } } };

test('site notices rotate every 5 s with dots, expire on time, and stay dismissed per user', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await ensureAccount(request, E2E_OWNER_EMAIL);
  const user = await createAccount(request);
  const ids: string[] = [];
  const create = async (body: Record<string, unknown>) => {
    const created = await apiAs<Created>(
      request,
      owner.token,
      'POST',
      '/api/admin/site-notices',
      body,
    );
    ids.push(created.data.notice.id);
  };

  try {
    // One notice through the admin form, two through the API (one expiring in 40 s: long
    // enough to be seen on a busy machine, short enough to watch it leave).
    const staff = await pageAs(browser, owner.token);
    await staff.goto('/admin#notices');
    await staff.getByRole('button', { name: 'New notice' }).click();
    const form = staff.getByRole('dialog', { name: 'New site notice' });
    await form.getByLabel('Title').fill('Planned maintenance');
    await form.getByLabel('Message').fill('Read-only on Saturday from 02:00 to 04:00 UTC.');
    await form.getByLabel('Type').selectOption('warning');
    await form.getByLabel('Priority').fill('5');
    await expect(form.getByText('Shown as High; higher shows first.')).toBeVisible();
    await form.getByRole('button', { name: 'Create notice' }).click();
    await expect(toast(staff, 'Notice created')).toBeVisible();
    const all = await apiAs<{ data: { items: { id: string; title: string }[] } }>(
      request,
      owner.token,
      'GET',
      '/api/admin/site-notices/all',
    );
    ids.push(all.data.items.find((n) => n.title === 'Planned maintenance')!.id);
    await create({
      title: 'Bicep modules',
      message: 'The generator writes Bicep modules per environment.',
      type: 'success',
      priority: 1,
      dismissible: false,
    });
    await create({
      title: 'Short-lived notice',
      message: 'Gone in a moment.',
      type: 'info',
      priority: 0,
      expiresAt: new Date(Date.now() + 40_000).toISOString(),
    });
    await staff.context().close();

    await useStoredSession(page, user.token);
    await page.goto('/dashboard');
    const banner = page.getByRole('region', { name: 'Site notices' });
    await expect(banner.getByRole('heading', { name: 'Planned maintenance' })).toBeVisible();
    await expect(banner.getByText('High priority')).toBeVisible();
    await expect(banner.getByRole('button', { name: /^Show notice \d of 3/ })).toHaveCount(3);
    await captureWidths(page, 'notice-banner');

    // Rotation: the next notice (Medium, not dismissible) after 5 s.
    await expect(banner.getByRole('heading', { name: 'Bicep modules' })).toBeVisible({
      timeout: 7_000,
    });
    await expect(banner.getByText('Medium priority')).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);

    // Expiry: the short-lived notice leaves without a reload.
    await banner.getByRole('button', { name: /^Show notice 3 of 3/ }).click();
    await expect(banner.getByText(/^Expires /)).toBeVisible();
    await expect(banner.getByRole('button', { name: /^Show notice \d of 2/ })).toHaveCount(2, {
      timeout: 45_000,
    });

    // Dismissal: hidden at once, remembered locally for this user and on the server.
    await banner.getByRole('button', { name: /^Show notice 1 of 2/ }).click();
    await expect(banner.getByRole('heading', { name: 'Planned maintenance' })).toBeVisible();
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner.getByRole('heading', { name: 'Bicep modules' })).toBeVisible();
    await expect(banner.getByRole('button', { name: /^Show notice/ })).toHaveCount(0);
    const key = `dismissed_notices_${await userIdOf(request, user.token)}`;
    expect(await page.evaluate((k) => localStorage.getItem(k), key)).toContain(ids[0]);
    await page.evaluate((k) => localStorage.removeItem(k), key);
    await page.reload();
    await expect(banner.getByRole('heading', { name: 'Bicep modules' })).toBeVisible();
    await expect(banner.getByRole('heading', { name: 'Planned maintenance' })).toHaveCount(0);

    // A failed load says so.
    await page.route('**/api/admin/site-notices', (route) => route.abort());
    await page.reload();
    await expect(toast(page, 'Failed to load site notices')).toBeVisible();
  } finally {
    // Other journeys share this server: leave no notice on their dashboards.
    for (const id of ids) {
      await apiAs(request, owner.token, 'DELETE', `/api/admin/site-notices/${id}`).catch(
        () => undefined,
      );
    }
  }
});
