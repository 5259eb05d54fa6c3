import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { createAccount, useStoredSession } from '../support/accounts';
import { pageAs, toast } from '../support/business';
import { captureWidths } from '../support/screens';

test('messages: one user writes to another, the bell counts it, the reply comes back', async ({
  page,
  browser,
  request,
}) => {
  const ada = await createAccount(request, { firstName: 'Ada', lastName: 'Lovelace' });
  const charles = await createAccount(request, { firstName: 'Charles', lastName: 'Babbage' });

  await useStoredSession(page, ada.token);
  await page.goto('/messages');
  // §2 onboarding hint: dismissed for this page only.
  const hint = page.getByRole('complementary', { name: 'Tip: Messages' });
  await hint.getByRole('button', { name: 'Dismiss' }).click();
  await expect(hint).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('onboardingDismissedPages'))).toBe(
    '{"messages":true}',
  );
  await page.getByRole('button', { name: 'New message' }).click();
  const compose = page.getByRole('dialog', { name: 'New message' });
  await compose.getByLabel('A user').check();
  await compose.getByLabel('Recipient email').fill(charles.email);
  await compose.getByLabel('Subject').fill('Analytical engine');
  await compose.getByLabel('Message', { exact: true }).fill('Shall we compute Bernoulli numbers?');
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Message sent')).toBeVisible();
  await page.getByRole('tab', { name: 'Sent' }).click();
  await expect(
    page.getByRole('button', { name: /To Charles Babbage.*Analytical engine/ }),
  ).toBeVisible();

  const other = await pageAs(browser, charles.token);
  await other.goto('/dashboard');
  await expect(other.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();
  await other.getByRole('link', { name: 'Messages, 1 unread' }).click();
  await expect(other.getByRole('tab', { name: 'Inbox (1)' })).toBeVisible();
  await expectNoSeriousA11yViolations(other, '/messages');
  await captureWidths(other, 'messages-inbox');
  await other.getByRole('button', { name: /Ada Lovelace.*Unread: Analytical engine/ }).click();
  const message = other.getByRole('article');
  await expect(message).toContainText('Shall we compute Bernoulli numbers?');
  await expect(other.getByRole('link', { name: 'Messages, none unread' })).toBeVisible();
  await message.getByRole('button', { name: 'Mark as unread' }).click();
  await expect(other.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();
  await message.getByRole('button', { name: 'Reply' }).click();
  const reply = other.getByRole('dialog', { name: 'Reply to Ada Lovelace' });
  await expect(reply.getByLabel('Subject')).toHaveValue('Re: Analytical engine');
  await reply.getByLabel('Message', { exact: true }).press('Control+Home');
  await reply.getByLabel('Message', { exact: true }).pressSequentially('Yes, with the engine.');
  await reply.getByRole('button', { name: 'Send' }).click();
  await expect(toast(other, 'Message sent')).toBeVisible();
  await other.context().close();

  await page.goto('/subscription');
  await expect(page.getByRole('complementary', { name: 'Tip: Plans and vouchers' })).toBeVisible();
  await page.goto('/messages');
  await expect(page.getByRole('complementary', { name: /^Tip:/ })).toHaveCount(0);
  await page.getByRole('button', { name: /Charles Babbage.*Re: Analytical engine/ }).click();
  await expect(page.getByRole('article')).toContainText('Yes, with the engine.');
  await page.getByRole('article').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete message' }).click();
  await expect(toast(page, 'Message deleted')).toBeVisible();
  await expect(page.getByRole('button', { name: /Re: Analytical engine/ })).toHaveCount(0);
});
