import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { createAccount, ensureAccount, useStoredSession, type Account } from '../support/accounts';
import { apiAs, pageAs, userIdOf } from '../support/business';
import { E2E_OWNER_EMAIL } from '../support/env';
import { captureWidths } from '../support/screens';

const ADMIN_TABS = [
  ['users', 'Users'],
  ['requests', 'Activation requests'],
  ['vouchers', 'Vouchers'],
  ['notices', 'Site notices'],
  ['error-logs', 'Error logs'],
  ['email-templates', 'Email templates'],
  ['database', 'Database'],
  ['mailing', 'Mailing'],
  ['price-lists', 'Price lists'],
  ['assistant', 'Assistant'],
  ['audit', 'Audit trail'],
] as const;
const READ_TABS = ADMIN_TABS.filter(
  ([id]) => id !== 'database' && id !== 'mailing' && id !== 'price-lists' && id !== 'assistant',
);

async function staffAccount(
  request: Parameters<typeof createAccount>[0],
  owner: Account,
  role: 'helper' | 'moderator',
): Promise<Account> {
  const account = await createAccount(request, { firstName: role, lastName: 'Staff' });
  const id = await userIdOf(request, account.token);
  await apiAs(request, owner.token, 'PUT', `/api/admin/users/${id}/role`, { role });
  return { ...account, role };
}

async function tabNames(page: Page): Promise<string[]> {
  await expect(page.getByRole('tab', { name: 'Users' })).toBeVisible();
  return page.getByRole('tablist', { name: 'Admin areas' }).getByRole('tab').allInnerTexts();
}

test('each staff role sees the admin tabs and buttons it may use; failed calls reach the error log', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await ensureAccount(request, E2E_OWNER_EMAIL);
  const helper = await staffAccount(request, owner, 'helper');
  const moderator = await staffAccount(request, owner, 'moderator');
  const user = await createAccount(request, { firstName: 'Plain', lastName: 'User' });

  // A call that fails on the server is reported by the web (§3 Error log fields).
  const userPage = await pageAs(browser, user.token);
  await userPage.route('**/api/subscription', (route) =>
    route.fulfill({
      status: 503,
      json: { success: false, code: 'internal/unavailable', message: 'Service unavailable' },
    }),
  );
  await userPage.goto('/subscription');
  await expect(userPage.getByText('Your subscription could not be loaded.')).toBeVisible();
  await expect
    .poll(() =>
      userPage.evaluate(
        () => (JSON.parse(localStorage.getItem('error-logs') ?? '[]') as []).length,
      ),
    )
    .toBeGreaterThan(0);
  await userPage.context().close();

  // Helper: reads everything but system configuration; no button that changes anything.
  const helperPage = await pageAs(browser, helper.token);
  await helperPage.goto('/admin');
  expect(await tabNames(helperPage)).toEqual(READ_TABS.map(([, label]) => label));
  await helperPage.getByRole('searchbox', { name: 'Search' }).fill(user.email);
  await helperPage.getByRole('button', { name: `Manage ${user.email}` }).click();
  const manage = helperPage.getByRole('dialog', { name: 'Manage Plain User' });
  await expect(manage.getByLabel('Role')).toBeDisabled();
  await expect(manage.getByRole('button', { name: /Save|Disable|Delete/ })).toHaveCount(0);
  await helperPage.keyboard.press('Escape');
  await helperPage.getByRole('tab', { name: 'Vouchers' }).click();
  await expect(helperPage.getByRole('button', { name: 'New voucher' })).toHaveCount(0);
  await helperPage.getByRole('tab', { name: 'Site notices' }).click();
  await expect(helperPage.getByRole('button', { name: 'New notice' })).toHaveCount(0);
  await helperPage.getByRole('tab', { name: 'Error logs' }).click();
  await helperPage.getByLabel('Search').fill('GET /api/subscription');
  await expect(
    helperPage.getByRole('button', { name: 'Service unavailable' }).first(),
  ).toBeVisible();
  await expect(helperPage.getByRole('button', { name: /^Clear/ })).toHaveCount(0);
  await helperPage.context().close();

  // Moderator: may disable a user and manage notices, not roles, vouchers or the system.
  const modPage = await pageAs(browser, moderator.token);
  await modPage.goto('/admin#users');
  expect(await tabNames(modPage)).toEqual(READ_TABS.map(([, label]) => label));
  await modPage.getByRole('searchbox', { name: 'Search' }).fill(user.email);
  await modPage.getByRole('button', { name: `Manage ${user.email}` }).click();
  const modManage = modPage.getByRole('dialog', { name: 'Manage Plain User' });
  await expect(modManage.getByRole('button', { name: 'Disable account' })).toBeVisible();
  await expect(modManage.getByRole('button', { name: 'Save role' })).toHaveCount(0);
  await expect(modManage.getByRole('button', { name: 'Delete account' })).toHaveCount(0);
  await modManage.getByRole('button', { name: 'Disable account' }).click();
  await expect(modManage.getByRole('button', { name: 'Enable account' })).toBeVisible();
  await modManage.getByRole('button', { name: 'Enable account' }).click();
  await expect(modManage.getByRole('button', { name: 'Disable account' })).toBeVisible();
  await modPage.keyboard.press('Escape');
  await modPage.getByRole('tab', { name: 'Site notices' }).click();
  await expect(modPage.getByRole('button', { name: 'New notice' })).toBeVisible();
  await modPage.getByRole('tab', { name: 'Vouchers' }).click();
  await expect(modPage.getByRole('button', { name: 'New voucher' })).toHaveCount(0);
  await modPage.context().close();

  // Owner: every tab, the owner row protected; axe, and each tab at three widths.
  await useStoredSession(page, owner.token);
  await page.goto('/admin#users');
  expect(await tabNames(page)).toEqual(ADMIN_TABS.map(([, label]) => label));
  await page.getByRole('searchbox', { name: 'Search' }).fill(E2E_OWNER_EMAIL);
  await page.getByRole('button', { name: `Manage ${E2E_OWNER_EMAIL}` }).click();
  const self = page.getByRole('dialog', { name: /^Manage / });
  await expect(self.getByText(/The owner cannot be demoted, disabled or deleted/)).toBeVisible();
  await expect(self.getByRole('button', { name: /Disable|Delete/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expectNoSeriousA11yViolations(page, '/admin');
  for (const [hash, label] of ADMIN_TABS) {
    await page.getByRole('tab', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`#${hash}$`));
    await expect(page.getByRole('tabpanel', { name: label }).getByRole('status')).toHaveCount(0);
    await captureWidths(page, `admin-${hash}`);
  }
});
