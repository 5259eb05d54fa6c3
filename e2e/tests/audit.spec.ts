import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createAccount, ensureAccount, useStoredSession } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { E2E_OWNER_EMAIL } from '../support/env';
import { captureWidths } from '../support/screens';

/**
 * Issue 16 §4: a user changes their profile, finds the change on the Audit page by filtering
 * on its action, reads what it was before and after, and exports the filtered trail as CSV.
 */
test('a profile change is in your audit trail: filter, before and after, CSV export', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  // Someone typing a wrong password for this account: the owner sees it in their trail.
  const failed = await request.post('/api/auth/login', {
    data: { email: account.email, password: 'Wrong!Passw0rd1' },
  });
  expect(failed.status()).toBe(401);

  await useStoredSession(page, account.token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/profile');
  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('Designation').fill('Platform lead');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  // The toast's fade-out (4 s) would otherwise meet the accessibility checks below half-drawn.
  await expect(page.getByText('Profile saved')).toBeHidden({ timeout: 10_000 });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
  await expect(page.getByRole('heading', { name: 'Audit', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit trail' });
  await expect(table.getByText('auth.login.failed', { exact: true })).toBeVisible();
  await expect(table.getByText('auth.verify', { exact: true })).toBeVisible();

  const filters = page.getByRole('search', { name: 'Filter the audit trail' });
  await filters.getByLabel('Action').selectOption('profile.update');
  await expect(table.getByText('auth.login.failed', { exact: true })).toHaveCount(0);
  const row = table.getByRole('row').filter({ hasText: 'profile.update' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /Before and after/ }).click();
  const dialog = page.getByRole('dialog', { name: /profile\.update/ });
  await expect(dialog.getByLabel('Before')).toContainText('"designation": null');
  await expect(dialog.getByLabel('After')).toContainText('"designation": "Platform lead"');
  await expectNoSeriousA11yViolations(page, 'audit entry dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    filters.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('audit-trail.csv');
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^at,action,actorEmail/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('profile.update');
  expect(lines[1]).toContain('Platform lead');
  expect(csv).not.toContain('auth.login.failed');

  await filters.getByLabel('Action').selectOption('');
  await expect(table.getByText('auth.login.failed', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'audit page');
  await captureWidths(page, 'audit');
});

test("staff find anyone's change by who, target type and target id in the admin panel", async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const created = await request.post('/api/api-client/collections', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { name: 'Payments API' },
  });
  expect(created.ok()).toBe(true);
  const { id } = ((await created.json()) as { data: { collection: { id: string } } }).data
    .collection;

  const owner = await ensureAccount(request, E2E_OWNER_EMAIL);
  await useStoredSession(page, owner.token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Audit trail' }).click();
  const filters = page.getByRole('search', { name: 'Filter the audit trail' });
  await filters.getByLabel('Who').fill(account.email);
  await filters.getByLabel('Target type').selectOption('api_collection');
  // The target type applies at once, the text filters after a pause: wait for the answer that
  // carries all three before reading the table (an earlier one lists other people's collections).
  const filtered = page.waitForResponse(
    (response) =>
      response.url().includes(`targetId=${id}`) &&
      response.url().includes('actor=') &&
      response.ok(),
  );
  await filters.getByLabel('Target id').fill(id);
  await filtered;
  await expect(page.getByText('1 in all')).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit trail' });
  const row = table.getByRole('row').filter({ hasText: 'apiClient.collections.create' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Payments API');
  await expect(row).toContainText(account.email);
  await captureWidths(page, 'audit-admin');
});
