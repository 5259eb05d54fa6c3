import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, useStoredSession, type Account } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { E2E_API_PORT } from '../support/env';
import { setPlan } from '../support/planner';
import { captureWidths } from '../support/screens';

/**
 * The API Calls page against a local test server on the port the journeys' EGRESS_ALLOW opens:
 * an environment with a secret, a request built with {{variables}}, a test script, saving into
 * a collection and exporting it as Postman v2.1; a refused destination says why.
 */
let server: Server;
const seen: { url: string; authorization?: string }[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        method: req.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        items: Array.from({ length: 3 }, (_, i) => ({ id: i + 1, name: `item ${i + 1}` })),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(E2E_API_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

let account: Account;

test.beforeEach(async ({ page, request }) => {
  account = await createAccount(request);
  // Test scripts are an Ultra Pro feature.
  await setPlan(request, account, 'ultra-pro');
  await useStoredSession(page, account.token);
});

async function codeEditor(page: Page, name: string, text: string) {
  const editor = page.getByRole('textbox', { name });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await editor.pressSequentially(text, { delay: 0 });
}

test('API Calls: an environment with a secret, a request with variables, a test script, saved and exported', async ({
  page,
}) => {
  await page.goto('/api');
  await expect(page.getByRole('heading', { level: 1, name: 'API Calls' })).toBeVisible();

  // An environment: the base URL in clear, the token as a secret.
  await page.getByRole('tab', { name: 'Environments' }).click();
  await page.getByRole('button', { name: 'New environment' }).click();
  await page.getByLabel('Environment name').fill('Local');
  await page.getByRole('button', { name: 'Create environment' }).click();
  await page.getByRole('button', { name: 'Add variable' }).click();
  await page.getByLabel('Variable 1 name').fill('baseUrl');
  await page
    .getByRole('textbox', { name: 'Variable 1 value' })
    .fill(`http://127.0.0.1:${E2E_API_PORT}`);
  await page.getByRole('button', { name: 'Add variable' }).click();
  await page.getByLabel('Variable 2 name').fill('token');
  await page.getByLabel('Variable 2 is secret').check();
  await page.getByRole('textbox', { name: 'Variable 2 value' }).fill('s3cret-token');
  await page.getByRole('button', { name: 'Save environment' }).click();
  await page.getByRole('button', { name: 'Use for requests' }).click();
  await expect(page.getByLabel('Environment', { exact: true })).toHaveValue(/.+/);
  // Saved and read back: the secret is masked until revealed.
  await page.reload();
  await page.getByRole('tab', { name: 'Environments' }).click();
  await expect(page.getByRole('textbox', { name: 'Variable 2 value' })).not.toHaveValue(
    's3cret-token',
  );
  await page.getByRole('button', { name: 'Show Variable 2 value' }).click();
  await expect(page.getByRole('textbox', { name: 'Variable 2 value' })).toHaveValue('s3cret-token');

  // The request: the URL's query shows in the params table.
  await page.getByRole('button', { name: 'New request' }).first().click();
  await page.getByLabel('Request URL').fill('{{baseUrl}}/orders?status=open');
  await page.getByRole('tab', { name: 'Params' }).click();
  await expect(page.getByLabel('Parameter 1 name')).toHaveValue('status');
  await expect(page.getByLabel('Parameter 1 value')).toHaveValue('open');
  // …and the table writes back into the URL.
  await page.getByRole('button', { name: 'Add parameter' }).click();
  await page.getByLabel('Parameter 2 name').fill('limit');
  await page.getByLabel('Parameter 2 value').fill('2');
  await expect(page.getByLabel('Request URL')).toHaveValue(
    '{{baseUrl}}/orders?status=open&limit=2',
  );

  await page.getByRole('tab', { name: 'Auth' }).click();
  await page.getByLabel('Auth type').selectOption('bearer');
  await page.getByRole('textbox', { name: 'Token' }).fill('{{token}}');

  await page.getByRole('tab', { name: /^Scripts/ }).click();
  await codeEditor(
    page,
    'Test script',
    [
      "pm.test('status is 200', () => pm.response.to.have.status(200));",
      "pm.test('the query arrives', () => pm.expect(pm.response.json().query.limit).to.equal('2'));",
      "pm.test('three items', () => pm.expect(pm.response.json().items.length).to.equal(4));",
    ].join('\n'),
  );

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const response = page.getByRole('region', { name: 'Response' });
  await expect(response.getByTestId('response-status')).toHaveText(/^200/);
  // The server got the secret's value; the page never had to hold it.
  expect(seen.at(-1)).toEqual({
    url: '/orders?status=open&limit=2',
    authorization: 'Bearer s3cret-token',
  });
  await expect(response.getByText('"item 3"').first()).toBeVisible();

  await response.getByRole('tab', { name: /^Tests/ }).click();
  await expect(response.getByText('status is 200')).toBeVisible();
  await expect(response.getByText('the query arrives')).toBeVisible();
  await expect(response.getByText(/expected 3 to (deeply )?equal 4/)).toBeVisible();
  await expect(response.getByText(/2 passed|2 of 3 passed/)).toBeVisible();

  // Saved into a new collection.
  await page.getByRole('tab', { name: 'Collections' }).click();
  await page.getByRole('button', { name: 'New collection' }).click();
  await page.getByLabel('Collection name').fill('Shop API');
  await page.getByRole('button', { name: 'Create collection' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saveDialog = page.getByRole('dialog');
  await saveDialog.getByLabel('Request name').fill('Open orders');
  await saveDialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    page
      .getByRole('list', { name: 'Collections' })
      .getByRole('button', { name: 'GET Open orders' }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Open requests' })
      .getByRole('button', { name: 'GET Open orders' }),
  ).toBeVisible();

  await expectNoSeriousA11yViolations(page, 'API Calls');
  await captureWidths(page, 'api-client');

  // Exported as Postman v2.1: the request with its variables, auth and test script.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Actions for collection Shop API' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export as Postman v2.1' }).click();
  const download = await downloading;
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    info: { name: string; schema: string };
    item: { name: string; request: { url: { raw: string }; auth: { type: string } } }[];
  };
  expect(exported.info.name).toBe('Shop API');
  expect(exported.info.schema).toContain('v2.1.0');
  expect(exported.item[0]!.name).toBe('Open orders');
  expect(exported.item[0]!.request.url.raw).toBe('{{baseUrl}}/orders?status=open&limit=2');
  expect(exported.item[0]!.request.auth.type).toBe('bearer');

  // A destination the egress policy refuses: the cloud metadata address.
  await page.getByRole('button', { name: 'New request' }).first().click();
  await page.getByLabel('Request URL').fill('http://169.254.169.254/latest/meta-data/');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(/169\.254\.169\.254.*not allowed/)).toBeVisible();
});
