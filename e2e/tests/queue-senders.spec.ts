import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, useStoredSession } from '../support/accounts';
import { createProject, stepButton, unzipDownload } from '../support/planner';

/**
 * A queue's senders (decision 0040): an API function that enqueues jobs, listed in the queue's
 * Senders on the board, is not invoked with the jobs; the worker is.
 */
test.describe.configure({ timeout: 120_000 });

const SCREENS = path.resolve(fileURLToPath(new URL('../../test-results/screens', import.meta.url)));

const node = (page: Page, id: string) =>
  page
    .getByRole('region', { name: 'Architecture board' })
    .locator(`.react-flow__node[data-id="${id}"]`);

test('a queue’s sender is not fed its messages in the generated Terraform', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await useStoredSession(page, account.token);
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await createProject(request, account, 'Jobs', {
    currentStep: 2,
    selectedProvider: 'aws',
    selectedServices: ['aws.lambda', 'aws.sqs'],
    architectureConfig: {
      name: 'jobs',
      components: [
        { id: 'api', service: 'aws.lambda', name: 'api' },
        { id: 'worker', service: 'aws.lambda', name: 'worker' },
        { id: 'jobs', service: 'aws.sqs', name: 'jobs' },
      ],
      connections: [
        { from: 'api', to: 'jobs', type: 'data' },
        { from: 'worker', to: 'jobs', type: 'data' },
      ],
    },
  });
  await page.goto(`/planner?project=${id}`);
  await expect(node(page, 'jobs')).toBeVisible();
  const senders = page.getByLabel('Senders', { exact: true });
  // The board fits its view a few frames after it opens: click until the queue is selected.
  await expect(async () => {
    await node(page, 'jobs').click();
    await expect(senders).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText(/Components that only send to it, by name or id/)).toBeVisible();
  await senders.fill('apii');
  // A name no client of the queue has: the generation report warns, naming the queue's clients.
  await stepButton(page, 6).click();
  await page.getByRole('button', { name: 'Generate' }).click();
  await page.getByRole('tab', { name: 'Validation report (1)' }).click();
  await expect(
    page.getByText(/Queue “jobs” lists “apii” as a sender.*its clients: “api”, “worker”/),
  ).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS, 'queue-senders-report-1440.png') });
  await stepButton(page, 3).click();
  await expect(async () => {
    await node(page, 'jobs').click();
    await expect(senders).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await senders.fill('api');
  await senders.blur();
  // The field and its hint, at phone and desktop widths, for review.
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    // On a phone the properties are a panel of their own, opened from the board's toolbar.
    if (width < 768) await page.getByRole('button', { name: 'Properties', exact: true }).click();
    await senders.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENS, `queue-senders-${width}.png`) });
  }

  await stepButton(page, 6).click();
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('tab', { name: /^Files \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Validation report/ })).toHaveText(
    'Validation report',
  );
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .zip' }).click();
  const { dir, files } = await unzipDownload(await downloading);
  const code = (
    await Promise.all(
      files.filter((f) => f.endsWith('.tf')).map((f) => readFile(path.join(dir, f), 'utf8')),
    )
  ).join('\n');
  expect(code).toContain('resource "aws_lambda_event_source_mapping" "worker_jobs"');
  expect(code).not.toContain('resource "aws_lambda_event_source_mapping" "api_jobs"');
});
