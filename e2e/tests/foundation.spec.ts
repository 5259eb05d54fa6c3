import { expect, test } from '@playwright/test';
import { waitForCode } from '../support/outbox';

test('the started server serves the web app, deep links included, and JSON 404s under /api', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.getByText('develop, plan, operate').first()).toBeVisible();

  const deep = await request.get('/planner/some/deep/link');
  expect(deep.status()).toBe(200);
  expect(await deep.text()).toContain('<div id="root">');

  const api = await request.get('/api/does-not-exist');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ success: false, code: 'request/not_found' });
});

test('a sign-up on the embedded database mails a code to the outbox that signs the user in', async ({
  request,
}) => {
  const email = `e2e.${Date.now()}@example.com`;
  const register = await request.post('/api/auth/register', {
    data: { email, password: 'Str0ng!Passw0rd', firstName: 'Grace', lastName: 'Hopper' },
  });
  expect(register.status()).toBe(200);
  const code = await waitForCode(email);
  const verified = await request.post('/api/auth/verify-otp', { data: { email, code } });
  expect(verified.status()).toBe(200);
  const { token } = (await verified.json()) as { token: string };
  expect(token.split('.')).toHaveLength(3);
  const me = await request.get('/api/auth/verify', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
});
