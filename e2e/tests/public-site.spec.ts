import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { ensureAccount } from '../support/accounts';
import { E2E_OWNER_EMAIL } from '../support/env';
import { captureWidths } from '../support/screens';

const PAGES = [
  { path: '/', heading: 'develop, plan, operate' },
  { path: '/features', heading: 'Features' },
  { path: '/about', heading: 'About Stratum' },
  { path: '/privacy', heading: 'Privacy' },
  { path: '/terms', heading: 'Terms of use' },
  { path: '/contact', heading: 'Contact' },
  { path: '/changelog', heading: 'Changelog' },
  { path: '/auth', heading: 'Welcome to Stratum' },
  { path: '/reset-password', heading: 'Set a new password' },
];

test('every signed-out page has real content and no serious accessibility problem', async ({
  page,
}) => {
  // Nine pages, each with an axe scan: 53 s of the default 60 s on a busy 2-core machine.
  test.setTimeout(240_000);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  for (const { path, heading } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started' })).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Changelog' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, path);
  }
  // Route-level code splitting: a visitor never downloads the signed-in app.
  expect(scripts.filter((url) => /signed-in-app|dashboard-page|profile-page/.test(url))).toEqual(
    [],
  );
});

test('the Features page marks each area available or coming, from one registry', async ({
  page,
}) => {
  await page.goto('/features');
  const card = (name: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(card('Planner').getByText('Available')).toBeVisible();
  await expect(card('IaC converter').getByText('Available')).toBeVisible();
  await expect(card('API client').getByText('Available')).toBeVisible();
  await expect(card('Costing').getByText('Available')).toBeVisible();
  await expect(card('Drift detector').getByText('Available')).toBeVisible();
  await expect(card('Monitoring').getByText('Available')).toBeVisible();
  await expect(page.getByText('In development')).toHaveCount(0);
});

test('the landing page leads to /auth, and unknown paths go home', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/auth$/);
  for (const path of ['/nowhere', '/dashboard', '/admin/users']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
  await captureWidths(page, 'landing');
  await page.goto('/auth');
  await captureWidths(page, 'auth');
});

test('on a phone the header links sit behind a menu button that works by keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Privacy' })).toBeHidden();
  await header.getByRole('button', { name: 'Open menu' }).focus();
  await page.keyboard.press('Enter');
  await expect(header.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await header.getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(header.getByRole('link', { name: 'Terms' })).toBeHidden();
});

test('the contact form checks its fields and delivers the message to staff', async ({
  page,
  request,
}) => {
  const owner = await ensureAccount(request, E2E_OWNER_EMAIL);
  // Other journeys write to the owner at the same time: look for this message, not a count.
  const subject = `External PostgreSQL ${Date.now().toString(36)}`;
  const ownerHasIt = async () => {
    const response = await request.get('/api/messages?box=inbox&unreadOnly=true&pageSize=100', {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const items = ((await response.json()) as { data: { items: { subject: string }[] } }).data
      .items;
    return items.some((m) => m.subject.includes(subject));
  };
  expect(await ownerHasIt()).toBe(false);

  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Enter your name')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();

  await form.getByLabel('Your name').fill('Ada Lovelace');
  await form.getByLabel('Email address').fill('ada@example.com');
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('How do I point Stratum at our managed PostgreSQL?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Your message was sent to the staff')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('');
  expect(await ownerHasIt()).toBe(true);
});
