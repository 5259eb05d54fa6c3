import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_OWNER_EMAIL } from './env';
import { waitForCode } from './outbox';

export const STRONG_PASSWORD = 'Str0ng!Passw0rd';

let counter = 0;
/** A fresh address per call, so journeys never share an account. */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export interface Account {
  email: string;
  password: string;
  token: string;
  role: string;
}

let ownerReady: Promise<unknown> | undefined;

/**
 * Registers and verifies an account through the API (code read from the outbox). The owner
 * is made first: on a fresh instance the first account is the owner, and staff have no quotas
 * (decision 0010), so a journey's user must never be it by running first.
 */
export async function createAccount(
  request: APIRequestContext,
  options: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<Account> {
  if (options.email !== E2E_OWNER_EMAIL) {
    ownerReady ??= ensureAccount(request, E2E_OWNER_EMAIL);
    await ownerReady;
  }
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? STRONG_PASSWORD;
  const register = await request.post('/api/auth/register', {
    data: {
      email,
      password,
      firstName: options.firstName ?? 'Grace',
      lastName: options.lastName ?? 'Hopper',
    },
  });
  if (!register.ok())
    throw new Error(`register ${email}: ${register.status()} ${await register.text()}`);
  const code = await waitForCode(email);
  const verified = await request.post('/api/auth/verify-otp', { data: { email, code } });
  if (!verified.ok()) throw new Error(`verify ${email}: ${await verified.text()}`);
  const body = (await verified.json()) as { token: string; user: { role: string } };
  return { email, password, token: body.token, role: body.user.role };
}

/**
 * Signs in or creates the account; for the instance's known owner (OWNER_EMAIL). Journeys run in
 * two worker processes: when the other one is creating the account at this moment (the address
 * is taken but not yet verified), this waits for it to finish and signs in.
 */
export async function ensureAccount(request: APIRequestContext, email: string): Promise<Account> {
  const signIn = async () => {
    const login = await request.post('/api/auth/login', {
      data: { email, password: STRONG_PASSWORD },
    });
    if (!login.ok()) return null;
    const body = (await login.json()) as { token: string; user: { role: string } };
    return { email, password: STRONG_PASSWORD, token: body.token, role: body.user.role };
  };
  const existing = await signIn();
  if (existing) return existing;
  try {
    return await createAccount(request, { email, firstName: 'Olive', lastName: 'Owner' });
  } catch (error) {
    if (!String(error).includes(': 409 ')) throw error;
    for (let i = 0; i < 60; i += 1) {
      await new Promise((r) => setTimeout(r, 500));
      const account = await signIn();
      if (account) return account;
    }
    throw error;
  }
}

/** Starts the page with a stored session, as a returning user's browser would have. */
export async function useStoredSession(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('e2e-session-seeded')) {
      window.localStorage.setItem('auth_token', value);
      window.sessionStorage.setItem('e2e-session-seeded', '1');
    }
  }, token);
}
