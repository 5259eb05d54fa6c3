import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { useStoredSession } from './accounts';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Calls the API as the holder of `token`; throws with the answer when it is not 2xx. */
export async function apiAs<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, { method, headers: auth(token), data });
  if (!response.ok()) {
    throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** The account id behind a token. */
export async function userIdOf(request: APIRequestContext, token: string): Promise<string> {
  const body = await apiAs<{ user: { id: string } }>(request, token, 'GET', '/api/auth/verify');
  return body.user.id;
}

/** A second browser, signed in as someone else, for journeys between two people. */
export async function pageAs(browser: Browser, token: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await useStoredSession(page, token);
  return page;
}

/** The toast sonner shows top-center (§8: 4 s). */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}
