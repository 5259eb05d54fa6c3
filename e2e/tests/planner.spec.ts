import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, useStoredSession } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expectValidCode, next, stepButton, unzipDownload } from '../support/planner';
import { captureWidths } from '../support/screens';

/**
 * The planner's main journeys: for each cloud, from provider selection through the board to a
 * downloaded .zip whose files the engine's offline validator accepts.
 */
test.describe.configure({ timeout: 120_000 });

const board = (page: Page) => page.getByRole('region', { name: 'Architecture board' });
const nodes = (page: Page) => board(page).locator('.react-flow__node');

async function generateAndCheck(page: Page, format: 'Terraform' | 'ARM templates' = 'Terraform') {
  await page.getByText(format, { exact: true }).click();
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('tab', { name: /^Files \(\d+\)$/ })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .zip' }).click();
  const { dir, files } = await unzipDownload(await downloading);
  expect(files.length).toBeGreaterThan(0);
  await expectValidCode(dir);
  return { dir, files };
}

async function saveProject(page: Page, name: string) {
  await page.getByRole('button', { name: 'Save as project' }).last().click();
  await page.getByLabel('Project name').fill(name);
  await page.getByRole('button', { name: 'Save project' }).click();
  await expect(page).toHaveURL(/project=/);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
}

test('AWS, by hand: palette, drop into containers, a typed connection, undo, names, files, code', async ({
  page,
  request,
}) => {
  const { token } = await createAccount(request);
  await useStoredSession(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/planner');
  await expect(page.getByRole('heading', { name: 'Cloud provider' })).toBeVisible();
  await captureWidths(page, 'planner-0-provider');
  await page.getByText('Amazon Web Services').click();
  await next(page);

  for (const name of ['VPC', 'Subnet', 'EC2 instance', 'S3 bucket'])
    await page.getByRole('checkbox', { name, exact: true }).check();
  await page.getByLabel('Search services').fill('queue');
  await expect(page.getByRole('checkbox', { name: 'SQS queue' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'VPC', exact: true })).toHaveCount(0);
  await page.getByLabel('Search services').fill('');
  await expect(page.getByText(/^4 of \d+ selected$/)).toBeVisible();
  await captureWidths(page, 'planner-1-services');
  await next(page);

  // Step 3: pressing a palette item adds it; a selected container receives the next one.
  await expect(stepButton(page, 4)).toHaveAccessibleName(/\(locked\)$/);
  await page.getByRole('button', { name: 'Add VPC' }).click();
  await page.getByRole('button', { name: 'Add Subnet' }).click();
  await page.getByRole('button', { name: 'Add EC2 instance' }).click();
  await expect(nodes(page)).toHaveCount(3);
  // Drag from the palette onto the board, outside the network.
  await page
    .getByRole('button', { name: 'Add S3 bucket' })
    .dragTo(board(page), { targetPosition: { x: 40, y: 40 } });
  await expect(nodes(page)).toHaveCount(4);
  await page.getByRole('button', { name: 'Zoom to fit' }).click();

  // A data connection from the instance to the bucket, drawn handle to handle.
  const vm = board(page).locator('.react-flow__node[data-id="vm"]');
  const bucket = board(page).locator('.react-flow__node[data-id="object-storage"]');
  await page.getByLabel('New connections').selectOption('data');
  await vm
    .locator('.react-flow__handle.source')
    .dragTo(bucket.locator('.react-flow__handle.target'));
  await expect(board(page).locator('.react-flow__edge')).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'Valid' })).toBeVisible();

  // Properties from the catalog: a real instance size.
  await vm.click();
  await page.getByRole('combobox', { name: 'Instance type' }).selectOption('t3.small');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('web');
  await expect(vm).toContainText('web');
  // Undo and redo (toolbar and keyboard).
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(vm).not.toContainText('web');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(vm).toContainText('web');
  await expect(stepButton(page, 4)).not.toHaveAccessibleName(/\(locked\)$/);
  await expectNoSeriousA11yViolations(page, 'planner board');
  await captureWidths(page, 'planner-2-board');
  await page.setViewportSize({ width: 1280, height: 900 });
  await next(page);

  // Step 4: naming, with every final name previewed.
  await page.getByLabel('Organisation', { exact: true }).fill('acme');
  await expect(page.getByText('acme-dev-ec2-web')).toBeVisible();
  await captureWidths(page, 'planner-3-naming');
  await next(page);

  // Step 5: the layout decides the files; the tree shows exactly them.
  await page.getByText('Single file', { exact: true }).click();
  await expect(page.getByRole('heading', { name: /files will be generated/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Files that will be generated' })).toContainText(
    'main.tf',
  );
  await captureWidths(page, 'planner-4-files');
  await next(page);

  // Step 6: generation needs a saved project; the header chip counts it.
  await expect(page.getByRole('heading', { name: 'Generation runs on the server' })).toBeVisible();
  await saveProject(page, 'Shop on AWS');
  await expect(page.getByText('5 left')).toBeVisible();
  const { dir, files } = await generateAndCheck(page);
  // One file of code, and per environment its variables and its own state (a partial backend).
  expect(files).toEqual(
    [
      'README.md',
      ...['dev', 'prod', 'staging'].flatMap((env) => [
        `env/${env}.backend.hcl`,
        `env/${env}.tfvars`,
      ]),
      'main.tf',
    ].map((f) => `shop-on-aws-terraform/${f}`),
  );
  const main = await readFile(path.join(dir, 'shop-on-aws-terraform/main.tf'), 'utf8');
  expect(main).toContain('resource "aws_instance" "vm"');
  expect(main).toContain('"t3.small"');
  await expect(page.getByText('4 left')).toBeVisible();
  await expect(page.locator('.cm-content')).toContainText('required_providers');
  await captureWidths(page, 'planner-5-generation');
  await page.getByRole('tab', { name: /Validation report/ }).click();
  await expect(page.getByText('The design is valid')).toBeVisible();
});

const FROM_TEMPLATES = [
  {
    cloud: 'Microsoft Azure',
    template: 'Web platform',
    formats: ['Terraform', 'ARM templates'] as const,
  },
  { cloud: 'Google Cloud', template: 'Three-tier web app', formats: ['Terraform'] as const },
  {
    cloud: 'Oracle Cloud Infrastructure',
    template: 'Three-tier web app',
    formats: ['Terraform'] as const,
  },
];

for (const { cloud, template, formats } of FROM_TEMPLATES) {
  test(`${cloud}: a starter template on the board, generated and validated`, async ({
    page,
    request,
  }) => {
    const { token } = await createAccount(request);
    await useStoredSession(page, token);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/planner');
    await page.getByText(cloud, { exact: true }).click();
    await next(page);
    await page.getByRole('checkbox').first().check();
    await next(page);
    await page.getByRole('button', { name: template, exact: true }).click();
    await expect(page.getByText(`Template “${template}” loaded`)).toBeVisible();
    await expect(nodes(page).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Valid/ })).toBeVisible();
    await stepButton(page, 6).click();
    await saveProject(page, `${cloud} plan`);
    for (const format of formats) await generateAndCheck(page, format);
  });
}
