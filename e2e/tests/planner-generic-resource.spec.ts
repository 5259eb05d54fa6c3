import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, useStoredSession } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expectValidCode, next, unzipDownload } from '../support/planner';
import { captureWidths } from '../support/screens';

/**
 * The generic component: any provider resource type from the palette, its form built from the
 * provider schema the server sends, and its arguments in the generated Terraform.
 */
test.describe.configure({ timeout: 120_000 });

const board = (page: Page) => page.getByRole('region', { name: 'Architecture board' });
const panel = (page: Page) => page.getByRole('complementary', { name: 'Properties' });

test('AWS: a searched resource type on the board, its schema form, its arguments in main.tf', async ({
  page,
  request,
}) => {
  const { token } = await createAccount(request);
  await useStoredSession(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/planner');
  await page.getByText('Amazon Web Services').click();
  await next(page);
  await page.getByRole('checkbox', { name: 'VPC', exact: true }).check();
  await next(page);
  await expect(board(page)).toBeVisible();

  // The type picker searches the server as one types; Enter takes the highlighted type.
  await page.getByRole('button', { name: 'Add Any AWS resource type' }).click();
  await page.getByRole('combobox', { name: 'Search resource types' }).fill('sqs_queue');
  await expect(page.getByRole('option', { name: /^aws_sqs_queue\b/ }).first()).toBeVisible();
  await page.getByRole('option', { name: /^aws_sqs_queue 6\./ }).click();
  const queue = board(page).locator('.react-flow__node[data-id="sqs-queue"]');
  await expect(queue).toContainText('aws_sqs_queue');

  // The form comes from the provider schema: no required argument, 20-odd optional ones.
  await expect(panel(page).getByText('This type has no required arguments.')).toBeVisible();
  await panel(page)
    .getByRole('button', { name: /Show optional arguments/ })
    .click();
  await panel(page).getByRole('searchbox', { name: 'Filter optional arguments' }).fill('visib');
  const timeout = panel(page).getByRole('textbox', { name: 'visibility_timeout_seconds' });
  await timeout.fill('sixty');
  await expect(panel(page).getByText('Enter a number.')).toBeVisible();
  await timeout.fill('60');
  await expect(panel(page).getByText('Enter a number.')).toBeHidden();
  await expectNoSeriousA11yViolations(page, 'generic component form');
  await captureWidths(page, 'planner-2-generic-resource');

  await next(page);
  await next(page);
  await page.getByText('Single file', { exact: true }).click();
  await next(page);
  await page.getByRole('button', { name: 'Save as project' }).last().click();
  await page.getByLabel('Project name').fill('Generic on AWS');
  await page.getByRole('button', { name: 'Save project' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.getByText('Terraform', { exact: true }).click();
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('tab', { name: /^Files \(\d+\)$/ })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .zip' }).click();
  const { dir } = await unzipDownload(await downloading);
  await expectValidCode(dir);
  const main = await readFile(path.join(dir, 'generic-on-aws-terraform/main.tf'), 'utf8');
  expect(main).toContain('resource "aws_sqs_queue"');
  expect(main).toMatch(/visibility_timeout_seconds\s*=\s*60/);
});
