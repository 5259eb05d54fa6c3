import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { ensureAccount } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { pageAs } from '../support/business';
import { E2E_OWNER_EMAIL } from '../support/env';

/**
 * The owner connects the admin panel's database console to an external PostgreSQL — a
 * throwaway database on the machine's server at 127.0.0.1:5432, which the journeys' server
 * may reach because its EGRESS_ALLOW names it — and queries it.
 */
const adminUrl = process.env.E2E_TARGET_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const target = `stratum_e2e_${randomBytes(3).toString('hex')}`;

async function onServer(database: string, sqlText: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query(sqlText)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  await onServer('postgres', `CREATE DATABASE ${target}`);
  await onServer(
    target,
    `CREATE TABLE inventory (name text, qty integer);
     INSERT INTO inventory VALUES ('bolts', 40), ('nuts', 0), ('washers', NULL)`,
  );
});

test.afterAll(async () => {
  await onServer('postgres', `DROP DATABASE IF EXISTS ${target} WITH (FORCE)`);
});

test('the owner connects a database and runs a read, then a confirmed write', async ({
  browser,
  request,
}) => {
  const owner = await ensureAccount(request, E2E_OWNER_EMAIL);
  const page = await pageAs(browser, owner.token);
  await page.goto('/admin#database');

  // The operator's EGRESS_ALLOW is what lets the server reach this loopback database.
  await expect(page.getByRole('form', { name: 'Egress allow-list' })).toContainText(
    'EGRESS_ALLOW allows: 127.0.0.1:5432',
  );
  const settings = page.getByRole('form', { name: 'Database connection settings' });
  await settings.getByLabel('Server').fill('127.0.0.1');
  await settings.getByLabel('Port').fill('5432');
  await settings.getByLabel('Database').fill(target);
  await settings.getByLabel('User').fill(new URL(adminUrl).username || 'postgres');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Database not connected', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText(/^Connected to PostgreSQL/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disconnect' })).toBeVisible();

  const editor = page.getByRole('textbox', { name: 'SQL statement' });
  await editor.click();
  await page.keyboard.type(
    'SELECT name, qty FROM inventory WHERE qty IS NULL OR qty > $1 ORDER BY name',
  );
  await page.getByLabel('Parameters').fill('[10]');
  await editor.click();
  await page.keyboard.press('Control+Enter');
  const grid = page.getByRole('table', { name: 'Query result' });
  await expect(grid.getByRole('columnheader')).toHaveText(['nametext', 'qtyinteger']);
  await expect(grid.getByRole('row')).toHaveCount(3);
  await expect(grid.getByRole('row').nth(2)).toContainText('washersNULL');
  await expect(page.getByText(/^2 rows · \d+ ms · read-only/)).toBeVisible();

  // A write in read-only mode is refused by PostgreSQL, and can be run again after confirming.
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type("INSERT INTO inventory VALUES ('screws', 7)");
  await page.getByLabel('Parameters').fill('');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'read-only transaction' })).toBeVisible();
  await page.getByRole('button', { name: 'Run with write access…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Run with write access?' });
  await expect(confirm).toContainText('This statement can change data');
  await confirm.getByRole('button', { name: 'Run and commit' }).click();
  await expect(page.getByText(/^INSERT: 1 row affected · \d+ ms · committed/)).toBeVisible();
  expect(await onServer(target, "SELECT qty FROM inventory WHERE name = 'screws'")).toEqual([
    { qty: 7 },
  ]);

  const log = page.getByRole('list', { name: 'Statements, newest first' });
  await expect(log.getByRole('listitem').first()).toContainText(
    "INSERT INTO inventory VALUES ('screws', 7)",
  );
  await expectNoSeriousA11yViolations(page, 'admin database page');

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
});
