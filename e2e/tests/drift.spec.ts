import { expect, test } from '@playwright/test';
import { createAccount, useStoredSession } from '../support/accounts';
import { setPlan } from '../support/planner';
import { captureWidths } from '../support/screens';

/**
 * Issue 14's drift journey: a state file against a snapshot of S3 buckets as AWS reads them back.
 * One bucket's tag was changed outside Terraform, one bucket was made by hand, one is in sync
 * apart from noise (timeouts, force_destroy, an unset value).
 */

const bucket = (name: string, attributes: Record<string, unknown>) => ({
  mode: 'managed',
  type: 'aws_s3_bucket',
  name,
  provider: 'provider["registry.terraform.io/hashicorp/aws"]',
  instances: [{ schema_version: 0, attributes }],
});

/** A small format-4 state written for this journey. */
const STATE = {
  version: 4,
  terraform_version: '1.9.5',
  serial: 3,
  lineage: 'e2e-drift-0001',
  outputs: {},
  resources: [
    bucket('logs', {
      id: 'e2e-logs',
      bucket: 'e2e-logs',
      tags: { env: 'prod' },
      force_destroy: false,
    }),
    bucket('assets', {
      id: 'e2e-assets',
      bucket: 'e2e-assets',
      tags: { env: 'prod' },
      force_destroy: true,
      timeouts: null,
      policy: '',
    }),
  ],
};

/** What the provider reads back: the logs bucket retagged, the assets bucket unchanged, one made by hand. */
const SNAPSHOT = [
  { id: 'e2e-logs', bucket: 'e2e-logs', tags: { env: 'dev' } },
  { id: 'e2e-assets', bucket: 'e2e-assets', tags: { env: 'prod' }, policy: null },
  { id: 'e2e-by-hand', bucket: 'e2e-by-hand', tags: {} },
];

test('a state against a snapshot: the buckets, one change with its attribute diff, noise left out', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await setPlan(request, account, 'pro');
  await useStoredSession(page, account.token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/drift');

  const form = page.getByRole('form', { name: 'Run a drift scan' });
  await form.getByRole('radio', { name: 'A state file' }).check();
  await form.getByLabel('Choose the state').setInputFiles({
    name: 'terraform.tfstate',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(STATE)),
  });
  await form.getByLabel('Read from').selectOption('snapshot');
  await form.getByLabel('Choose the file').setInputFiles({
    name: 's3.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(SNAPSHOT)),
  });
  await form.getByLabel('Resource type').fill('aws_s3_bucket');
  await form.getByRole('button', { name: 'Run the scan' }).click();

  const summary = page.getByRole('list', { name: 'Drift summary' });
  await expect(summary.getByRole('listitem', { name: 'Changed: 1' })).toBeVisible();
  await expect(summary.getByRole('listitem', { name: 'Unmanaged: 1' })).toBeVisible();
  await expect(summary.getByRole('listitem', { name: 'In sync: 1' })).toBeVisible();
  await expect(summary.getByRole('listitem', { name: 'Missing: 0' })).toBeVisible();

  const changed = page.getByRole('listitem', { name: 'Changed aws_s3_bucket.logs' });
  const tagRow = changed.getByRole('row', { name: /tags\.env/ });
  await expect(tagRow).toContainText('"prod"');
  await expect(tagRow).toContainText('"dev"');
  await expect(page.getByRole('listitem', { name: /^Changed aws_s3_bucket\.assets/ })).toHaveCount(
    0,
  );
  await expect(page.getByRole('listitem', { name: /^Unmanaged / })).toContainText('e2e-by-hand');
  // force_destroy (Terraform-only), timeouts and "" ≡ null are noise, counted apart.
  await expect(page.getByText(/^\d+ differences? dropped as noise/)).toBeVisible();
  await captureWidths(page, 'drift-scan');

  // Ignoring the attribute makes a rule the user can see and delete.
  await changed.getByRole('button', { name: 'Ignore tags.env on every aws_s3_bucket' }).click();
  await page.getByRole('tab', { name: 'Ignore rules' }).click();
  await expect(page.getByRole('list', { name: 'Ignore rules' })).toContainText(
    'attribute tags.env',
  );
});
