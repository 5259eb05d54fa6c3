import { expect, test, type Page } from '@playwright/test';
import { createAccount, useStoredSession } from '../support/accounts';
import { captureWidths } from '../support/screens';

/**
 * Issue 14's inventory journey: a Terraform state dropped in, its assets filtered and searched,
 * a database's password masked in the drawer, then the CMDB graph and a blast radius.
 */

const instance = (attributes: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  schema_version: 0,
  attributes,
  ...extra,
});

/** A small format-4 state written for this journey: a VPC, a database in a keyed module, a web server, a bucket. */
const STATE = {
  version: 4,
  terraform_version: '1.9.5',
  serial: 7,
  lineage: 'e2e-inventory-0001',
  outputs: {},
  resources: [
    {
      mode: 'managed',
      type: 'aws_vpc',
      name: 'main',
      provider: 'provider["registry.terraform.io/hashicorp/aws"]',
      instances: [
        instance({
          id: 'vpc-0e2e0001',
          arn: 'arn:aws:ec2:eu-west-1:111122223333:vpc/vpc-0e2e0001',
          cidr_block: '10.0.0.0/16',
          tags: { Name: 'main' },
        }),
      ],
    },
    {
      module: 'module.db["eu.west"]',
      mode: 'managed',
      type: 'aws_db_instance',
      name: 'main',
      provider: 'provider["registry.terraform.io/hashicorp/aws"]',
      instances: [
        instance(
          {
            id: 'db-e2e',
            identifier: 'orders',
            engine: 'postgres',
            password: 'hunter2-not-shown',
            tags: { team: 'data' },
          },
          {
            sensitive_attributes: [[{ type: 'get_attr', value: 'password' }]],
            dependencies: ['aws_vpc.main', 'aws_security_group.removed'],
          },
        ),
      ],
    },
    {
      mode: 'managed',
      type: 'aws_instance',
      name: 'web',
      provider: 'provider["registry.terraform.io/hashicorp/aws"]',
      instances: [
        instance(
          { id: 'i-0e2e0001', instance_type: 't3.micro', tags: { Name: 'web' } },
          { dependencies: ['aws_vpc.main', 'module.db["eu.west"].aws_db_instance.main'] },
        ),
      ],
    },
    {
      mode: 'managed',
      type: 'aws_s3_bucket',
      name: 'logs',
      provider: 'provider["registry.terraform.io/hashicorp/aws"]',
      instances: [instance({ id: 'e2e-logs', bucket: 'e2e-logs', tags: { env: 'prod' } })],
    },
  ],
};

const table = (page: Page) => page.getByRole('table', { name: 'Assets' });
const rows = (page: Page) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

test('a state imported, its assets filtered and searched, a secret masked, the graph and a blast radius', async ({
  page,
  request,
}) => {
  const { token } = await createAccount(request);
  await useStoredSession(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/inventory');
  await expect(
    page.getByRole('heading', { name: 'No sources yet: drop a file above' }),
  ).toBeVisible();
  await expect(page.getByText('terraform state pull > prod.tfstate')).toBeVisible();

  await page.getByLabel('Choose a file to import').setInputFiles({
    name: 'prod.tfstate',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(STATE, null, 2)),
  });
  await expect(page.getByLabel('What it is')).toHaveValue('tfstate');
  await expect(page.getByLabel('Source name')).toHaveValue('prod');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(
    page.getByText('Imported “prod” (version 1): 4 managed resource instances.'),
  ).toBeVisible();
  await expect(rows(page)).toHaveCount(4);

  // A facet narrows the table; the search goes into the address, so the view can be shared.
  await page.getByRole('button', { name: /^aws_s3_bucket\s*1$/ }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('aws_s3_bucket.logs');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows(page)).toHaveCount(4);
  await page.getByRole('searchbox', { name: 'Search assets' }).fill('orders');
  await expect(page).toHaveURL(/[?&]q=orders/);
  await expect(rows(page)).toHaveCount(1);
  await captureWidths(page, 'inventory-assets');

  // The drawer: the password the state marks sensitive is masked, never shown.
  await rows(page).first().click();
  const drawer = page.getByRole('dialog', { name: 'module.db["eu.west"].aws_db_instance.main' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('row', { name: /password/ })).toContainText('masked (sensitive)');
  await expect(drawer.getByText('hunter2-not-shown')).toHaveCount(0);
  await expect(drawer.getByText('Depended on by (1)')).toBeVisible();
  await captureWidths(page, 'inventory-drawer');

  // The CMDB, focused on the database: the web server depends on it; a target outside the
  // source is an external node and a warning.
  await drawer.getByRole('link', { name: 'Show it in the CMDB graph' }).click();
  await expect(page).toHaveURL(/\/cmdb\?source=.+&focus=/);
  const selected = page.getByRole('region', { name: 'Selected resource' });
  await expect(
    selected.getByRole('heading', { name: 'module.db["eu.west"].aws_db_instance.main' }),
  ).toBeVisible();
  await expect(selected.getByText('Blast radius: 1 resource')).toBeVisible();
  await expect(selected.getByRole('list', { name: 'Blast radius' })).toContainText(
    'aws_instance.web',
  );
  await expect(page.getByRole('region', { name: 'Graph warnings' })).toContainText(
    '1 external node',
  );
  await expect(page.getByText(/laid out in \d+ ms/)).toBeVisible();

  // The VPC is under everything: choosing it in the graph shows a blast radius of two (once the
  // final layout has placed the nodes: a click during the swap would land where a node was).
  await expect(page.getByRole('region', { name: 'Dependency graph' })).toHaveAttribute(
    'aria-busy',
    'false',
  );
  await page.getByRole('group', { name: 'aws_vpc.main', exact: true }).click();
  await expect(selected.getByText('Blast radius: 2 resources')).toBeVisible();
  await captureWidths(page, 'cmdb-blast-radius');
});
