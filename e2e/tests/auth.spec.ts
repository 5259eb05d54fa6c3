import { expect, test, type Page } from '@playwright/test';
import { createAccount, STRONG_PASSWORD, uniqueEmail } from '../support/accounts';
import { waitForCode, waitForMail } from '../support/outbox';

async function signInThroughForm(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

test('sign up, verify with the mailed code, sign out and sign in again', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/auth');
  // The tabs work by keyboard: arrow from Sign In to Sign Up.
  await page.getByRole('tab', { name: 'Sign In' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email').fill(email);
  const submit = form.getByRole('button', { name: 'Create account' });
  await form.getByLabel('Password', { exact: true }).fill('weakpass');
  await expect(form.getByText('Strength: Weak')).toBeVisible();
  await expect(submit).toBeDisabled();
  await form.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await expect(form.getByText('Strength: Very Strong')).toBeVisible();
  await form.getByLabel('Confirm password', { exact: true }).fill(`${STRONG_PASSWORD}!`);
  await submit.click();
  // Said once, next to the confirmation (not also as a toast).
  await expect(form.getByLabel('Confirm password', { exact: true })).toHaveAccessibleDescription(
    'Passwords do not match',
  );
  await expect(page.getByText('Passwords do not match')).toHaveCount(1);
  await form.getByLabel('Confirm password', { exact: true }).fill(STRONG_PASSWORD);
  await submit.click();

  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeDisabled();
  const code = await waitForCode(email);
  await page.getByLabel('6-digit code').pressSequentially(code);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Email verified! You are now signed in.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /, Ada$/ })).toBeVisible();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

  await signInThroughForm(page, email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the code view strips non-digits, rejects a wrong code, and a too-early resend restarts the countdown', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('code');
  await request.post('/api/auth/register', {
    data: { email, password: STRONG_PASSWORD, firstName: 'Alan', lastName: 'Turing' },
  });
  const code = await waitForCode(email);
  await page.clock.install();
  await page.goto('/auth');
  await signInThroughForm(page, email, STRONG_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('6-digit code').fill(`${wrong.slice(0, 3)} ${wrong.slice(3)}`);
  await expect(page.getByText('Invalid or expired code')).toBeVisible();

  // The browser's clock runs ahead; the server still counts less than 60 s and says 'please wait'.
  await page.clock.fastForward('01:01');
  const resend = page.getByRole('button', { name: 'Resend', exact: true });
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect(page.getByText('Please wait before requesting another code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend in 60s' })).toBeDisabled();

  await page.getByLabel('6-digit code').fill(`code: ${code}`);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('five failed sign-ins lock the form for five minutes', async ({ page, request }) => {
  const { email } = await createAccount(request);
  await page.goto('/auth');
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await signInThroughForm(page, email, `Wrong!Passw0rd${attempt}`);
    await expect(page.getByText(`Failed attempts: ${attempt}/5`)).toBeVisible();
  }
  await expect(page.getByText('Invalid credentials').first()).toBeVisible();
  await signInThroughForm(page, email, 'Wrong!Passw0rd5');
  await expect(page.getByText('Failed attempts: 5/5')).toBeVisible();
  const form = page.getByRole('form', { name: 'Sign in' });
  await expect(
    page.getByText('Account temporarily locked due to multiple failed attempts'),
  ).toHaveCount(1);
  await expect(form.getByRole('alert')).toContainText(/Try again in [45]:\d\d/);
  await expect(form.getByRole('button', { name: 'Sign In' })).toBeDisabled();
});

test('forgot password: the mailed link opens the reset page, and the new password signs in', async ({
  page,
  request,
}) => {
  const { email } = await createAccount(request);
  await page.goto('/auth');
  await page.getByRole('form', { name: 'Sign in' }).getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('form', { name: 'Forgot password' });
  await expect(forgot.getByLabel('Email')).toHaveValue(email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If that address exists, a reset token was sent')).toHaveCount(1);
  await expect(forgot.getByRole('status')).toContainText('Check your inbox');

  const mail = await waitForMail(email, /reset/i);
  const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!);
  const reset = page.getByRole('form', { name: 'Reset password' });
  await expect(reset.getByLabel('Email')).toHaveValue(email);
  await expect(reset.getByLabel('Reset token')).not.toHaveValue('');
  const newPassword = 'N3w!Passphrase';
  await expect(reset.getByText(/filled in from the link in your email/)).toBeVisible();
  await reset.getByLabel('New password', { exact: true }).fill(newPassword);
  await reset.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password reset successful — please sign in')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await signInThroughForm(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a session survives a reload; a malformed or revoked token is cleared', async ({
  page,
  request,
}) => {
  const { email } = await createAccount(request);
  await page.goto('/auth');
  await signInThroughForm(page, email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.route('**/api/auth/verify', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.reload();
  await expect(page.getByText('Restoring session…')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /, Grace$/ })).toBeVisible();
  await page.unroute('**/api/auth/verify');

  // Not three dot-separated parts: cleared at start-up without asking the server.
  await page.evaluate(() => localStorage.setItem('auth_token', 'not-a-token'));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

  // Three parts but not ours: the server answers 401, the session is cleared, back to /auth.
  await page.evaluate(() => localStorage.setItem('auth_token', 'aaa.bbb.ccc'));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

  // A 401 from any authenticated call ends the session: revoke it, then save the profile.
  await signInThroughForm(page, email, STRONG_PASSWORD);
  await expect(page.getByText('This session')).toBeVisible();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  await expect(page.getByRole('button', { name: 'Save profile' })).toBeEnabled();
  // Revoked once the page has loaded everything, so the save is the call that meets the 401.
  await page.waitForLoadState('networkidle');
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('status').filter({ hasText: /sign in again/i })).toBeVisible();
});
