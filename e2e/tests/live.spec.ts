import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import pg from 'pg';
import { createAccount, useStoredSession } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { E2E_DATA_DIR, E2E_PORT } from '../support/env';
import { captureWidths } from '../support/screens';

/**
 * Two Stratum processes behind no balancer at all: each on its own port, sharing one fresh
 * database on the machine's PostgreSQL and the machine's Redis, as two replicas do.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORTS = [E2E_PORT + 20, E2E_PORT + 21] as const;
const MAIN_JS = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));
const urlOf = (port: number) => `http://127.0.0.1:${port}`;

const database = `stratum_e2e_live_${Date.now()}_${randomBytes(3).toString('hex')}`;
const processes: ChildProcess[] = [];

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function startProcess(port: number, databaseUrl: string): Promise<void> {
  const child = spawn(process.execPath, [MAIN_JS], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The journeys' data directory: its outbox holds the sign-up codes createAccount reads.
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      SECRET_KEY: 'e2e-live-secret-key-shared-by-both-processes',
      PUBLIC_URL: urlOf(port),
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  processes.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  for (let i = 0; i < 120; i += 1) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${stderr}`);
    const ok = await fetch(`${urlOf(port)}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server on ${port} did not answer /healthz: ${stderr}`);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await admin((client) => client.query(`CREATE DATABASE ${database}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  // One after the other: the first migrates the new database.
  await startProcess(PORTS[0], url.toString());
  await startProcess(PORTS[1], url.toString());
});

test.afterAll(async () => {
  for (const child of processes) child.kill('SIGTERM');
  for (const child of processes) {
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
  }
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
});

/** A browser context of its own, signed in, on one process, with `projectId` as the open project. */
async function openOn(
  browser: Browser,
  port: number,
  token: string,
  projectId: string,
): Promise<Page> {
  const context = await browser.newContext({ baseURL: urlOf(port) });
  const page = await context.newPage();
  await useStoredSession(page, token);
  await page.addInitScript((id) => {
    localStorage.setItem(
      'planner_project',
      JSON.stringify({ id, name: 'Shared shop', revision: 1 }),
    );
  }, projectId);
  await page.goto('/dashboard');
  return page;
}

const tour = (page: Page) =>
  page.getByRole('region', {
    name: /Cloud Cost Estimator|AI Converter|Quick Assistant|Project Dashboard/,
  });

test("live: two people on two processes share a project, see each other's tour step and the bell ring", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const api1 = await playwrightRequest.newContext({ baseURL: urlOf(PORTS[0]) });
  const api2 = await playwrightRequest.newContext({ baseURL: urlOf(PORTS[1]) });
  const alice = await createAccount(api1, { firstName: 'Alice', lastName: 'Architect' });
  const bob = await createAccount(api2, { firstName: 'Bob', lastName: 'Builder' });
  const created = await api1.post('/api/projects', {
    headers: { authorization: `Bearer ${alice.token}` },
    data: { name: 'Shared shop' },
  });
  expect(created.ok()).toBe(true);
  const projectId = ((await created.json()) as { data: { project: { id: string } } }).data.project
    .id;

  const onOne = await openOn(browser, PORTS[0], alice.token, projectId);
  const onTwo = await openOn(browser, PORTS[1], bob.token, projectId);
  await expect(onTwo.getByRole('link', { name: 'Messages, none unread' })).toBeVisible();

  // Alice shares the project through process 1: Bob's bell on process 2 rings at once (the
  // invitation message), long before its 30 s poll.
  const invited = await api1.post(`/api/projects/${projectId}/members`, {
    headers: { authorization: `Bearer ${alice.token}` },
    data: { email: bob.email, role: 'editor' },
  });
  expect(invited.ok()).toBe(true);
  await expect(onTwo.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible({
    timeout: 10_000, // a third of the poll: only the live channel can ring it this soon
  });

  // Bob now sees the project; reloading registers it on his live socket.
  await onTwo.reload();
  for (const page of [onOne, onTwo]) {
    await expect(tour(page).getByRole('heading', { name: 'Cloud Cost Estimator' })).toBeVisible();
    await expect(tour(page).getByRole('button', { name: 'Previous' })).toBeDisabled();
  }
  await expectNoSeriousA11yViolations(onOne, 'dashboard with the onboarding tour');
  await captureWidths(onOne, 'live-tour');

  // Alice moves on through process 1; Bob's tour on process 2 follows, and back.
  await tour(onOne).getByRole('button', { name: 'Next' }).click();
  await expect(tour(onOne).getByRole('heading', { name: 'AI Converter' })).toBeVisible();
  await expect(tour(onTwo).getByRole('heading', { name: 'AI Converter' })).toBeVisible();
  await tour(onTwo).getByRole('button', { name: 'Next' }).click();
  await tour(onTwo).getByRole('button', { name: 'Next' }).click();
  await expect(tour(onTwo).getByRole('button', { name: 'Finish' })).toBeVisible();
  await expect(tour(onOne).getByRole('heading', { name: 'Project Dashboard' })).toBeVisible();
  await expect(tour(onOne).getByRole('button', { name: 'Finish' })).toBeVisible();

  // Bob dismisses: remembered for him, and Alice's tour closes with it.
  await tour(onTwo).getByRole('button', { name: 'Dismiss' }).click();
  await expect(tour(onTwo)).toHaveCount(0);
  expect(await onTwo.evaluate(() => localStorage.getItem('onboardingDismissed'))).toBe('true');
  await expect(tour(onOne)).toHaveCount(0);
  // Saved on the server: after a reload on the other process it stays closed for Bob.
  const records = await api1.get(`/api/onboarding/${projectId}`, {
    headers: { authorization: `Bearer ${alice.token}` },
  });
  expect(((await records.json()) as { data: Record<string, unknown> }).data).toMatchObject({
    [await userIdOf(api2, bob.token)]: { step: 3, dismissed: true },
  });
  await api1.dispose();
  await api2.dispose();
});

async function userIdOf(api: APIRequestContext, token: string): Promise<string> {
  const me = await api.get('/api/auth/verify', { headers: { authorization: `Bearer ${token}` } });
  return ((await me.json()) as { user: { id: string } }).user.id;
}
