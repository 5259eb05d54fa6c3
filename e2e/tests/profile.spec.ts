import { expect, test } from '@playwright/test';
import { createAccount, useStoredSession } from '../support/accounts';

// Needs the server side of "avatarUrl: '' clears the avatar" (PUT /api/auth/profile).
test('Remove avatar clears the avatar on the server', async ({ page, request }) => {
  const account = await createAccount(request);
  const headers = { authorization: `Bearer ${account.token}` };
  const set = await request.put('/api/auth/profile', {
    headers,
    data: { avatarUrl: 'https://example.com/avatar.png' },
  });
  expect(set.ok(), await set.text()).toBe(true);

  await useStoredSession(page, account.token);
  await page.goto('/profile');
  const profile = page.getByRole('form', { name: 'Profile' });
  await expect(profile.getByRole('img', { name: 'Avatar preview' })).toBeVisible();
  await profile.getByRole('button', { name: 'Remove avatar' }).click();
  await expect(profile.getByRole('img', { name: 'Avatar preview' })).toHaveCount(0);
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();

  const verify = await request.get('/api/auth/verify', { headers });
  const body = (await verify.json()) as { user: { avatarUrl: string | null } };
  expect(body.user.avatarUrl ?? '').toBe('');
  await page.reload();
  await expect(profile.getByRole('img', { name: 'Avatar preview' })).toHaveCount(0);
});
