import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, useStoredSession, type Account } from '../support/accounts';
import { E2E_MONITOR_PORT } from '../support/env';

/**
 * The Monitoring page against a local server on the port the journeys' EGRESS_ALLOW opens: a
 * check is added (the form says what is wrong first), the scheduler finds it up, the chart and
 * figures appear, the server fails and the check goes down with an incident and a message, it
 * comes back, and the public status page shows it to a visitor without sign-in.
 */
let server: Server;
let status = 200;

test.beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: status === 200 ? 'ok' : 'failing' }));
  });
  await new Promise<void>((resolve) => server.listen(E2E_MONITOR_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const SCREENS_DIR = path.resolve(
  fileURLToPath(new URL('../../test-results/screens', import.meta.url)),
);

async function capture(page: Page, name: string) {
  const original = page.viewportSize();
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [390, 820, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

let account: Account;

test.beforeEach(async ({ page, request }) => {
  account = await createAccount(request);
  await useStoredSession(page, account.token);
});

test('a check is added, goes down with an incident and a message, and comes back', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  status = 200;
  await page.goto('/monitoring');
  await expect(page.getByRole('heading', { name: 'Monitoring', level: 1 })).toBeVisible();
  await expect(page.getByText('No check yet')).toBeVisible();

  await page.getByRole('button', { name: 'New check' }).click();
  const form = page.getByRole('form', { name: 'New check' });
  await form.getByLabel('Name', { exact: true }).fill('Shop API');
  await form.getByLabel('URL', { exact: true }).fill('not a url');
  await form.getByLabel('Interval (seconds)', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Add check' }).click();
  await expect(form.getByText('Enter a full URL such as https://example.com/health')).toBeVisible();
  await expect(form.getByText('The interval is at least 30 seconds')).toBeVisible();
  await page.screenshot({
    path: path.join(SCREENS_DIR, 'monitoring-form-1440.png'),
    fullPage: true,
  });

  await form.getByLabel('URL', { exact: true }).fill(`http://127.0.0.1:${E2E_MONITOR_PORT}/health`);
  await form.getByLabel('Interval (seconds)', { exact: true }).fill('30');
  await form.getByLabel('Retries before alerting', { exact: true }).fill('0');
  await form.getByLabel('JSON path (optional)', { exact: true }).fill('$.status');
  await form.getByLabel('Expected value (optional)', { exact: true }).fill('ok');
  await page.getByRole('button', { name: 'Add check' }).click();

  // The server's scheduler runs it (no one presses anything): pending, then up.
  const card = page.getByRole('list', { name: 'Checks' }).getByRole('button', { name: /Shop API/ });
  await expect(card.getByText('Up', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByRole('tab', { name: '1 hour' })).toBeVisible();
  await page.getByRole('tab', { name: '1 hour' }).click();
  // The scheduled run and this one (a later scheduled run may join them), in words and as dots.
  // Not recharts' line group: it is empty for one run, and a flat line (two runs of equal
  // latency) has a box of no height, which Playwright takes for hidden.
  const chart = page.getByRole('img', {
    name: /^Latency over the last 1 hour: ([2-9]|\d{2,}) runs, /,
  });
  await expect(chart.locator('.recharts-line-dot').nth(1)).toBeVisible();
  await expect(page.getByText('p95 latency')).toBeVisible();
  await expect(page.getByText('No incident: it has not been down.')).toBeVisible();

  status = 500;
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(card.getByText('Down', { exact: true })).toBeVisible();
  const incidents = page.getByRole('list', { name: 'Incidents' });
  await expect(incidents.getByText(/ongoing/)).toBeVisible();
  await expect(incidents.getByText('Status 500, expected 200-299')).toBeVisible();
  await capture(page, 'monitoring-down');

  const inbox = await request.get('/api/messages', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  const subjects = (
    (await inbox.json()) as { data: { items: { subject: string }[] } }
  ).data.items.map((m) => m.subject);
  expect(subjects).toContain('Shop API is down');

  status = 200;
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(card.getByText('Up', { exact: true })).toBeVisible();
  await expect(incidents.getByText(/^Down for/)).not.toContainText('ongoing');

  // The public status page: switched on, then seen by a visitor who is not signed in.
  await page.getByRole('tab', { name: 'Status page' }).click();
  const slug = `shop-${Date.now().toString(36)}`;
  await page.getByLabel('Public status page is on', { exact: true }).check();
  await page.getByLabel('Address', { exact: true }).fill(slug);
  await page.getByLabel('Title', { exact: true }).fill('Shop status');
  await page
    .getByRole('group', { name: /Checks shown/ })
    .getByLabel('Shop API', { exact: true })
    .check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: `Open /status/${slug}` })).toBeVisible();
  await page.getByRole('tab', { name: 'Status', exact: true }).click();
  await capture(page, 'monitoring-up');

  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/status/${slug}`);
  await expect(publicPage.getByRole('heading', { name: 'Shop status' })).toBeVisible();
  await expect(publicPage.getByText('All systems operational')).toBeVisible();
  await expect(publicPage.getByRole('list', { name: 'Services' })).toContainText('Shop API');
  await expect(publicPage.locator('body')).not.toContainText('127.0.0.1');
  await capture(publicPage, 'monitoring-status-page');
  await visitor.close();
});
