import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { createAccount, ensureAccount, useStoredSession } from '../support/accounts';
import { apiAs, pageAs, toast } from '../support/business';
import { E2E_OWNER_EMAIL } from '../support/env';
import { waitForMail } from '../support/outbox';
import { captureWidths } from '../support/screens';

test('activation: a user requests Pro, the owner approves it in the admin panel, the plan is active and mailed', async ({
  page,
  browser,
  request,
}) => {
  const owner = await ensureAccount(request, E2E_OWNER_EMAIL);
  const user = await createAccount(request, { firstName: 'Rosalind', lastName: 'Franklin' });

  // The user asks for Pro from the plans page.
  await useStoredSession(page, user.token);
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription plans' })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByText('5 left')).toBeVisible();
  await expect(page.getByText('0 of 5 used')).toBeVisible();
  await page.getByRole('button', { name: 'Request Pro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request the Pro plan' });
  await expect(dialog.getByText('Requests are reviewed within 24-48 hours.')).toBeVisible();
  await dialog.getByLabel('Message to staff (optional)').fill('For the data platform migration.');
  await dialog.getByLabel('Credits requested (optional)').fill('250');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  const sent = 'Your request for the Pro plan was sent. Requests are reviewed within 24-48 hours.';
  await expect(toast(page, sent)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: sent })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Ultra Pro' })).toBeDisabled();
  await waitForMail(user.email, /We received your request for the Pro plan/);
  await expectNoSeriousA11yViolations(page, '/subscription');
  await captureWidths(page, 'subscription');

  // The owner approves it from the queue.
  const staff = await pageAs(browser, owner.token);
  await staff.goto('/admin#requests');
  await expect(staff.getByRole('heading', { level: 1, name: 'Admin panel' })).toBeVisible();
  await staff.getByRole('button', { name: `Review request from ${user.email}` }).click();
  const review = staff.getByRole('dialog', { name: 'Request from Rosalind Franklin' });
  await expect(review.getByLabel('Plan')).toHaveValue('pro');
  await expect(review.getByLabel('Credits')).toHaveValue('250');
  await expect(review.getByLabel('Duration (days)')).toHaveValue('365');
  await review.getByLabel('Notes (optional)').fill('Welcome aboard.');
  await review.getByRole('button', { name: 'Approve request' }).click();
  await expect(toast(staff, 'Activation request approved')).toBeVisible();
  await expect(
    staff.getByRole('button', { name: `Review request from ${user.email}` }),
  ).toHaveCount(0);

  const mail = await waitForMail(user.email, /Your Pro plan is active/);
  expect(mail.text).toContain('250 credits were added');

  // The user's plan is active, the chip shows credits, and a system message explains it.
  await page.reload();
  const proCard = page.getByRole('region', { name: 'Pro', exact: true });
  await expect(proCard.getByRole('button', { name: 'Current plan' })).toBeDisabled();
  await expect(header.getByText('250 credits', { exact: true })).toBeVisible();
  await page.goto('/messages');
  await page.getByRole('button', { name: /Your Pro plan is active/ }).click();
  await expect(
    page.getByRole('article').getByText('Note from the staff: Welcome aboard.'),
  ).toBeVisible();

  await staff.context().close();
});

test('vouchers: staff create one with a generated code; users redeem it with the §8 answers', async ({
  page,
  browser,
  request,
}) => {
  const owner = await ensureAccount(request, E2E_OWNER_EMAIL);
  const [first, second, third] = [
    await createAccount(request),
    await createAccount(request),
    await createAccount(request),
  ];

  const staff = await pageAs(browser, owner.token);
  await staff.goto('/admin#vouchers');
  await staff.getByRole('button', { name: 'New voucher' }).click();
  const form = staff.getByRole('dialog', { name: 'New voucher' });
  const code = await form.getByLabel('Code').inputValue();
  expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await form.getByLabel('Plan granted').selectOption('ultra-pro');
  await form.getByLabel('Credits').fill('40');
  await form.getByLabel('Duration (days)').fill('14');
  await form.getByLabel('Usage limit').fill('2');
  await form.getByRole('button', { name: 'Create voucher' }).click();
  await expect(toast(staff, `Voucher ${code} created`)).toBeVisible();

  // The server first says what the voucher will do; redeeming is the second step.
  const redeem = async (target: typeof page, value: string) => {
    const box = target.getByRole('form', { name: 'Redeem a voucher' });
    await box.getByLabel('Voucher code').fill(value);
    await box.getByRole('button', { name: 'Check voucher' }).click();
    const redeemButton = box.getByRole('button', { name: 'Redeem', exact: true });
    await expect(redeemButton.or(box.getByRole('alert'))).toBeVisible();
    if (await redeemButton.isVisible()) await redeemButton.click();
    return box;
  };

  await useStoredSession(page, first.token);
  await page.goto('/subscription');
  const box = await redeem(page, 'ZZZZ-ZZZZ-ZZZZ');
  await expect(box.getByRole('alert')).toHaveText('Voucher code not found');
  await box.getByLabel('Voucher code').fill(code.replaceAll('-', '').toLowerCase());
  await box.getByRole('button', { name: 'Check voucher' }).click();
  await expect(
    box
      .getByRole('status')
      .getByText('This voucher adds 40 credits and gives you the Ultra Pro plan for 14 days.'),
  ).toBeVisible();
  await box.getByRole('button', { name: 'Redeem', exact: true }).click();
  await expect(box.getByRole('status')).toHaveText(
    'Voucher redeemed successfully! You received 40 credits and ultra-pro subscription for 14 days.',
  );
  await expect(page.getByRole('banner').getByText('40 credits', { exact: true })).toBeVisible();
  await redeem(page, code);
  await expect(box.getByRole('alert')).toHaveText('You have already used this voucher');

  const other = await pageAs(browser, second.token);
  await other.goto('/subscription');
  const otherBox = await redeem(other, code);
  await expect(otherBox.getByRole('status')).toHaveText(/^Voucher redeemed successfully!/);
  const last = await pageAs(browser, third.token);
  await last.goto('/subscription');
  const lastBox = await redeem(last, code);
  await expect(lastBox.getByRole('alert')).toHaveText('Voucher usage limit reached');
  await last.context().close();

  // Staff see who used it, then expire a second voucher: it can no longer be redeemed.
  await staff.getByRole('button', { name: `Usage of ${code}` }).click();
  await expect(staff.getByRole('dialog', { name: `Usage of ${code}` })).toContainText(first.email);
  await staff.keyboard.press('Escape');
  const created = await apiAs<{ data: { voucher: { code: string } } }>(
    request,
    owner.token,
    'POST',
    '/api/admin/vouchers',
    { type: 'pro', credits: 5, duration: 7, usageLimit: 10 },
  );
  const expiredCode = created.data.voucher.code;
  await staff.reload();
  await staff.getByRole('button', { name: `Expire ${expiredCode}` }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Expire voucher' }).click();
  await expect(toast(staff, `Voucher ${expiredCode} expired`)).toBeVisible();
  await redeem(other, expiredCode);
  await expect(otherBox.getByRole('alert')).toHaveText('Voucher has expired');
  await staff.context().close();
  await other.context().close();
});

test('plans: a pending request is withdrawn without changing the plan; the owner has no limits', async ({
  page,
  browser,
  request,
}) => {
  // The owner first: on a fresh instance the first account is the owner.
  const owner = await ensureAccount(request, E2E_OWNER_EMAIL);
  const user = await createAccount(request);
  await useStoredSession(page, user.token);
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Request Ultra Pro' }).click();
  await page
    .getByRole('dialog', { name: 'Request the Ultra Pro plan' })
    .getByRole('button', { name: 'Send request' })
    .click();
  const pending = page.getByRole('status').filter({ hasText: 'Ultra Pro plan was sent' });
  await expect(pending).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Pro' })).toBeDisabled();
  await pending.getByRole('button', { name: 'Withdraw request' }).click();
  await expect(toast(page, 'Your request was withdrawn. Your plan stays as it is.')).toBeVisible();
  await expect(pending).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Request Pro' })).toBeEnabled();
  const panel = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Your subscription' }) });
  await expect(panel.getByText('Free', { exact: true })).toBeVisible();
  await expect(panel.getByText('0 of 2 used')).toBeVisible();

  // Staff are not customers of their own instance (decision 0010).
  const staff = await pageAs(browser, owner.token);
  await staff.goto('/subscription');
  await expect(staff.getByRole('banner').getByText('Unlimited')).toBeVisible();
  await expect(
    staff.getByText('As staff of this instance you have no project or generation limits', {
      exact: false,
    }),
  ).toBeVisible();
  await captureWidths(staff, 'subscription-staff');
  await staff.goto('/dashboard');
  await expect(staff.getByRole('button', { name: 'New project' })).toBeEnabled();
  await staff.context().close();
});
