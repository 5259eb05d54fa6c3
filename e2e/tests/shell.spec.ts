import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { createAccount, ensureAccount, useStoredSession } from '../support/accounts';
import { E2E_OWNER_EMAIL } from '../support/env';
import { captureWidths } from '../support/screens';

test('staff see Admin; a plain user does not, and /admin shows them the dashboard', async ({
  page,
  browser,
  request,
}) => {
  const owner = await ensureAccount(request, E2E_OWNER_EMAIL);
  const user = await createAccount(request);
  expect([owner.role, user.role]).toEqual(['owner', 'user']);

  await useStoredSession(page, owner.token);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin panel' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Admin areas' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }),
  ).toBeVisible();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toBeVisible();

  const userPage = await (await browser.newContext()).newPage();
  await useStoredSession(userPage, user.token);
  await userPage.goto('/admin');
  await expect(userPage).toHaveURL(/\/dashboard$/);
  await expect(
    userPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }),
  ).toHaveCount(0);
  await userPage.getByRole('button', { name: /Account menu/ }).click();
  await expect(userPage.getByRole('menuitem', { name: 'Profile Settings' })).toBeVisible();
  await expect(userPage.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
  await userPage.context().close();
});

test('signed in, the page follows the path: unknown ones show the dashboard, / reopens the last page', async ({
  page,
  request,
}) => {
  const { token } = await createAccount(request);
  await useStoredSession(page, token);
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectNoSeriousA11yViolations(page, '/dashboard');
  await captureWidths(page, 'dashboard');

  await page.goto('/tools/jwt');
  await expect(page.getByRole('heading', { level: 1, name: 'JWT token extractor' })).toBeVisible();
  await page.goto('/forums');
  await expect(page.getByRole('heading', { level: 1, name: 'Forums' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('currentPage'))).toBe('forums');
  await page.goto('/');
  await expect(page).toHaveURL(/\/forums$/);
});

test('navigation folds into More as the window narrows; Dashboard and Planner stay', async ({
  page,
  request,
}) => {
  const { token } = await createAccount(request);
  await useStoredSession(page, token);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Costing' })).toBeVisible();
  // At full width More holds only what always lives there (Clusters), not a folded area.
  const more = nav.getByRole('button', { name: 'More' });
  await more.click();
  await expect(page.getByRole('menuitem', { name: 'Clusters' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Costing' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 560, height: 800 });
  await expect(more).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Planner' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Costing' })).toHaveCount(0);

  await more.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Costing' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/costing$/);
  await expect(page.getByRole('heading', { name: 'Costing', level: 1 })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Planner' })).toBeVisible();
});

test('the plans page keeps what is not built yet apart from what a plan includes', async ({
  page,
  request,
}) => {
  const { token } = await createAccount(request);
  await useStoredSession(page, token);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/subscription');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Every navigation area is built: none is marked as coming.
  await expect(nav.getByRole('link', { name: /coming soon/ })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Plans', exact: true })).toBeVisible();

  const pro = page.getByRole('region', { name: 'Pro', exact: true });
  await expect(pro.getByText('100 generations per month')).toBeVisible();
  const coming = pro.getByRole('list', { name: 'Coming — not available yet' });
  await expect(coming.getByText('Advanced export')).toBeVisible();
  // The API client is built: its Pro capabilities are listed as included, none as coming.
  await expect(pro.getByText('API client: advanced authentication')).toBeVisible();
  await expect(coming.getByRole('listitem').filter({ hasText: 'API client' })).toHaveCount(0);
  const ultra = page.getByRole('region', { name: 'Ultra Pro', exact: true });
  await expect(ultra.getByText('Deployment (simulated)')).toBeVisible();
});

test('Ctrl+K reaches pages and actions from the keyboard; the bell counts unread messages', async ({
  page,
  request,
}) => {
  const owner = await ensureAccount(request, E2E_OWNER_EMAIL);
  await request.post('/api/contact', {
    data: {
      name: 'Visitor',
      email: 'visitor@example.com',
      subject: 'Hello',
      message: 'A question about plans.',
    },
  });
  await useStoredSession(page, owner.token);
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: /^Messages, [1-9]\d* unread$/ })).toBeVisible();

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type('drift');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/drift$/);
  await expect(palette).toBeHidden();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('mute message');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => localStorage.getItem('message_sound_enabled'))).toBe('false');

  await page.keyboard.press('Control+k');
  await page.keyboard.type('new project');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/planner$/);
});

test('a page whose code will not download is retried, then fails inside the shell; Try Again recovers', async ({
  page,
  request,
}) => {
  const { token } = await createAccount(request);
  await useStoredSession(page, token);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /, Grace$/ })).toBeVisible();

  // The first download of the profile page's code fails once: the retry loads it unnoticed.
  const chunk = /\/assets\/profile-page-[\w-]+\.js$/;
  let attempts = 0;
  await page.route(chunk, (route) => (attempts++ === 0 ? route.abort() : route.continue()));
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile settings' })).toBeVisible();
  expect(attempts).toBe(2);
  await page.unroute(chunk);

  // It never downloads: after the retries and one reload, the page area says so and the
  // header stays usable.
  await page.goto('/dashboard');
  await page.route(/\/assets\/tools-page-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/tools');
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'This spark has encountered a runtime error' });
  // Three attempts, a reload and three more take several seconds by design.
  await expect(
    alert.getByRole('heading', { name: 'This spark has encountered a runtime error' }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(
    alert.getByText(
      'Something unexpected happened while running the application. The error details are shown below. Contact the spark author and let them know about this issue.',
    ),
  ).toBeVisible();
  await expect(alert.getByLabel('Error details')).toContainText(/tools-page/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeVisible();

  await page.unroute(/\/assets\/tools-page-[\w-]+\.js$/);
  await alert.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tools' })).toBeVisible();
});

test('the profile page saves names and designation, and changes the password with the current one', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await useStoredSession(page, account.token);
  await page.goto('/profile');
  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('First name').fill('Katherine');
  await profile.getByLabel('Last name').fill('Johnson');
  await profile.getByLabel('Designation').fill('Platform engineer');
  await profile.getByLabel('Or an image address').fill('ftp://nope');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText('Avatar must be an http(s) address')).toBeVisible();
  await profile.getByLabel('Or an image address').fill('');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Account menu for Katherine Johnson' }),
  ).toBeVisible();

  const password = page.getByRole('form', { name: 'Change password' });
  await password.getByLabel('Current password', { exact: true }).fill('Not!MyPassw0rd');
  await password.getByLabel('New password', { exact: true }).fill('An0ther!Passw0rd');
  await password.getByLabel('Confirm new password', { exact: true }).fill('An0ther!Passw0rd');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(
    password.getByLabel('Current password', { exact: true }),
  ).toHaveAccessibleDescription('Current password is incorrect');
  await password.getByLabel('Current password', { exact: true }).fill(account.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Password changed. Your other sessions were signed out.'),
  ).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /, Katherine$/ })).toBeVisible();
  await expect(page.getByText('Platform engineer ·')).toBeVisible();
  const login = await request.post('/api/auth/login', {
    data: { email: account.email, password: 'An0ther!Passw0rd' },
  });
  expect(login.status()).toBe(200);
});
