import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, ensureAccount, useStoredSession } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { apiAs, pageAs, toast } from '../support/business';
import { E2E_OWNER_EMAIL } from '../support/env';

const SCREENS = path.resolve(fileURLToPath(new URL('../../test-results/screens', import.meta.url)));

/** The widths the forums were designed for: phone, tablet, desktop. */
async function capture(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [390, 820, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(SCREENS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('forums: a thread in Markdown, a reply, a reaction, and a moderator locks it', async ({
  page,
  browser,
  request,
}) => {
  const owner = await ensureAccount(request, E2E_OWNER_EMAIL);
  const categoryName = `Networking ${Date.now().toString(36)}`;
  await apiAs(request, owner.token, 'POST', '/api/forums/categories', {
    name: categoryName,
    description: 'VPCs, subnets, peering and DNS',
  });
  const ada = await createAccount(request, { firstName: 'Ada', lastName: 'Lovelace' });
  const charles = await createAccount(request, { firstName: 'Charles', lastName: 'Babbage' });

  // §7: the categories and the first page (limit=20&page=1) are fetched before the page opens.
  await useStoredSession(page, ada.token);
  const prefetched = page.waitForResponse(
    (r) => r.url().endsWith('/api/forums/threads?limit=20&page=1') && r.ok(),
  );
  await page.goto('/dashboard');
  await prefetched;
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Forums' })
    .click();
  await expect(page.getByRole('heading', { name: 'Forums', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Categories' })).toContainText(categoryName);

  await page.getByRole('button', { name: 'New thread' }).click();
  const dialog = page.getByRole('dialog', { name: 'New thread' });
  await dialog.getByLabel('Category').selectOption({ label: categoryName });
  await dialog.getByLabel('Title').fill('Peering two VPCs across regions');
  await dialog
    .getByLabel('Body')
    .fill(
      'How do I **peer** `vpc-a` with `vpc-b`?\n\n- same account\n- different regions\n\n<script>alert(1)</script>',
    );
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('region', { name: 'Preview' }).locator('strong')).toHaveText(
    'peer',
  );
  await dialog.getByRole('button', { name: 'Post thread' }).click();
  await expect(toast(page, 'Thread posted')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Peering two VPCs across regions' }),
  ).toBeVisible();
  const opening = page.getByRole('article', { name: 'Post by Ada Lovelace' });
  await expect(opening.locator('strong')).toHaveText('peer');
  await expect(opening.locator('li')).toHaveCount(2);
  // The script is shown as text, never run.
  await expect(opening).toContainText('<script>alert(1)</script>');
  await expect(opening.getByRole('button', { name: /Edit \(\d+:\d\d left\)/ })).toBeVisible();
  const threadUrl = page.url();

  // Another user replies and reacts.
  const other = await pageAs(browser, charles.token);
  await other.goto(threadUrl);
  await other
    .getByRole('textbox', { name: 'Your reply' })
    .fill('Use a **transit gateway** instead.');
  await other.getByRole('button', { name: 'Post reply' }).click();
  await expect(toast(other, 'Reply posted')).toBeVisible();
  await expect(
    other.getByRole('article', { name: 'Post by Charles Babbage' }).locator('strong'),
  ).toHaveText('transit gateway');
  const adaPost = other.getByRole('article', { name: 'Post by Ada Lovelace' });
  await adaPost.getByRole('button', { name: 'Add a reaction' }).click();
  await other.getByRole('menuitem', { name: 'React like' }).click();
  await expect(adaPost.getByRole('button', { name: 'like: 1, yours' })).toBeVisible();

  // Ada followed her thread: Charles's reply is in her inbox.
  await expect
    .poll(async () => {
      const inbox = await apiAs<{ data: { items: { subject: string }[] } }>(
        request,
        ada.token,
        'GET',
        '/api/messages',
      );
      return inbox.data.items.map((m) => m.subject);
    })
    .toContain('New reply in “Peering two VPCs across regions”');

  // The owner moderates: locks the thread with a reason.
  const moderator = await pageAs(browser, owner.token);
  await moderator.goto(threadUrl);
  await moderator.getByRole('button', { name: 'Moderate', exact: true }).click();
  await moderator.getByRole('menuitem', { name: 'Lock thread' }).click();
  const lock = moderator.getByRole('dialog', { name: 'Lock thread' });
  await lock.getByLabel('Reason (optional)').fill('Answered');
  await lock.getByRole('button', { name: 'Lock' }).click();
  await expect(toast(moderator, 'Thread locked')).toBeVisible();
  await expect(moderator.getByText('Locked: only moderators can reply.')).toBeVisible();

  await page.reload();
  await expect(page.getByText('This thread is locked: it takes no new replies.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your reply' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'a forum thread');
  await capture(page, 'forums-thread');
  await page.getByRole('button', { name: 'All threads' }).click();
  await expect(page.getByRole('button', { name: /Peering two VPCs across regions/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the forums');
  await capture(page, 'forums-list');
});

test('forums: a report reaches the moderators, who hide the post; the categories dialog', async ({
  page,
  browser,
  request,
}) => {
  const owner = await ensureAccount(request, E2E_OWNER_EMAIL);
  const { data } = await apiAs<{ data: { category: { id: string } } }>(
    request,
    owner.token,
    'POST',
    '/api/forums/categories',
    { name: `Billing ${Date.now().toString(36)}`, description: 'Invoices and plans' },
  );
  const author = await createAccount(request, { firstName: 'Spam', lastName: 'Bot' });
  const reader = await createAccount(request, { firstName: 'Grace', lastName: 'Hopper' });
  const thread = await apiAs<{ data: { thread: { id: string } } }>(
    request,
    author.token,
    'POST',
    '/api/forums/threads',
    { categoryId: data.category.id, title: 'Cheap cloud credits here', body: 'Visit my site' },
  );
  const threadUrl = `/forums?thread=${thread.data.thread.id}`;

  await useStoredSession(page, reader.token);
  await page.goto(threadUrl);
  await page
    .getByRole('article', { name: 'Post by Spam Bot' })
    .getByRole('button', { name: 'Report' })
    .click();
  const report = page.getByRole('dialog', { name: 'Report post' });
  await report.getByLabel('Reason').fill('Advertising');
  await report.getByRole('button', { name: 'Report' }).click();
  await expect(toast(page, 'Thanks: the moderators will look at this post')).toBeVisible();

  const moderator = await pageAs(browser, owner.token);
  await moderator.goto('/forums?view=reports');
  const item = moderator.getByRole('listitem').filter({ hasText: 'Cheap cloud credits here' });
  await expect(item).toContainText('Reason: Advertising');
  await capture(moderator, 'forums-reports');
  await item.getByRole('button', { name: 'Open thread' }).click();
  await moderator.getByRole('button', { name: 'Moderate post' }).click();
  await moderator.getByRole('menuitem', { name: 'Hide post' }).click();
  const hide = moderator.getByRole('dialog', { name: 'Hide post' });
  await hide.getByLabel('Reason').fill('Spam');
  await hide.getByRole('button', { name: 'Hide' }).click();
  await expect(toast(moderator, 'Post hidden')).toBeVisible();
  await expect(moderator.getByText('Hidden: Spam')).toBeVisible();

  // A hidden opening post hides its thread from everyone but moderators.
  await page.reload();
  await expect(page.getByText('Thread not found')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);

  await moderator.goto('/forums');
  await moderator.getByRole('button', { name: 'Categories' }).click();
  const categories = moderator.getByRole('dialog', { name: 'Manage categories' });
  await expect(categories.getByRole('list', { name: 'Categories in order' })).toBeVisible();
  await capture(moderator, 'forums-categories');
});
