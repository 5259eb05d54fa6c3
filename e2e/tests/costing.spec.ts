import { expect, test, type Page } from '@playwright/test';
import { createAccount, useStoredSession } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { createProject, next, setPlan } from '../support/planner';
import { captureWidths } from '../support/screens';

/**
 * Issue 13's board badge journey: a design priced on the board as it is drawn (badge per
 * component, running total), then on the Costing page (breakdown, a usage assumption edited,
 * the three clouds side by side) and a Terraform plan's difference. Every figure is the seed
 * price book's arithmetic, stated beside it.
 */
test.describe.configure({ timeout: 120_000 });

const board = (page: Page) => page.getByRole('region', { name: 'Architecture board' });
const node = (page: Page, id: string) => board(page).locator(`.react-flow__node[data-id="${id}"]`);
const total = (page: Page) => page.getByRole('link', { name: /^Estimated \$[\d,.]+ a month/ });

/** A small `terraform show -json` plan, written for this journey (format 1.2). */
const vm = (type: string) => ({
  ami: 'ami-0abc1234',
  instance_type: type,
  tenancy: 'default',
  root_block_device: [{ volume_size: 20, volume_type: 'gp3' }],
  ebs_block_device: [],
});
const PLAN = {
  format_version: '1.2',
  terraform_version: '1.9.5',
  resource_changes: [
    {
      address: 'aws_instance.web',
      mode: 'managed',
      type: 'aws_instance',
      name: 'web',
      provider_name: 'registry.terraform.io/hashicorp/aws',
      change: { actions: ['update'], before: vm('t3.micro'), after: vm('m7i.large') },
    },
    {
      address: 'aws_nat_gateway.old',
      mode: 'managed',
      type: 'aws_nat_gateway',
      name: 'old',
      provider_name: 'registry.terraform.io/hashicorp/aws',
      change: { actions: ['delete'], before: { connectivity_type: 'public' }, after: null },
    },
  ],
  configuration: {
    provider_config: {
      aws: {
        name: 'aws',
        full_name: 'registry.terraform.io/hashicorp/aws',
        expressions: { region: { constant_value: 'us-east-1' } },
      },
    },
  },
};

test('a design priced on the board as it changes, then on Costing: breakdown, usage, three clouds, a plan', async ({
  page,
  request,
}) => {
  const { token } = await createAccount(request);
  await useStoredSession(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/planner');
  await page.getByText('Amazon Web Services').click();
  await next(page);
  for (const name of ['EC2 instance', 'S3 bucket'])
    await page.getByRole('checkbox', { name, exact: true }).check();
  await next(page);

  // The board: an EC2 instance at its default t3.micro is 730 h × $0.0104 = $7.59, plus its
  // 20 GB gp3 root volume × $0.08 = $1.60: $9.19 a month. The bucket at its default usage:
  // 100 GB × $0.023 = $2.30 and 100 × 1,000 writes × $0.005 = $0.50: $2.80 (usage-based, *).
  await page.getByRole('button', { name: 'Add EC2 instance' }).click();
  await page
    .getByRole('button', { name: 'Add S3 bucket' })
    .dragTo(board(page), { targetPosition: { x: 60, y: 60 } });
  await expect(node(page, 'vm').getByTestId('cost-badge')).toHaveText(
    'Costs about $9.19 a month/mo',
  );
  await expect(node(page, 'object-storage').getByTestId('cost-badge')).toContainText('$2.80*');
  // $9.19 + $2.80 = $11.99.
  await expect(total(page)).toHaveAccessibleName(
    /^Estimated \$11\.99 a month at list prices as of /,
  );

  // Another instance type: the badge and the total follow the change (priced in the browser;
  // how fast is a figure for a benchmark, not a timed test).
  await node(page, 'vm').click();
  await page.getByRole('combobox', { name: 'Instance type' }).selectOption('m7i.large');
  // m7i.large: 730 h × $0.1008 = $73.58, plus $1.60: $75.18; with the bucket, $77.98.
  await expect(node(page, 'vm').getByTestId('cost-badge')).toContainText('$75.18');
  await expect(total(page)).toHaveAccessibleName(/^Estimated \$77\.98 a month/);
  await expectNoSeriousA11yViolations(page, 'board with cost badges');
  await captureWidths(page, 'costing-board');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Costing, from the running total: the same design, priced by the server.
  await total(page).click();
  await expect(page).toHaveURL(/\/costing\?design=planner/);
  await expect(page.getByRole('heading', { name: 'Costing', level: 1 })).toBeVisible();
  const monthly = page.getByRole('status', { name: 'Monthly total' });
  await expect(monthly).toHaveText('$77.98');
  // By service: EC2 is $75.18 of $77.98 (96 %), S3 $2.80 (4 %).
  const byService = page.getByRole('table', { name: 'By service: monthly cost' });
  await expect(byService.getByRole('row', { name: /EC2/ })).toContainText('$75.18');
  await expect(byService.getByRole('row', { name: /S3/ })).toContainText('$2.80');
  await expect(page.getByRole('table', { name: 'By environment: monthly cost' })).toBeVisible();
  await expect(
    page.getByText(/List prices as of \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}/).first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: /Not priced/ })).toContainText(
    'Read requests (GET, SELECT) and data retrieval are not in the price book',
  );
  await expectNoSeriousA11yViolations(page, 'costing estimate');
  await captureWidths(page, 'costing-estimate');
  await page.setViewportSize({ width: 1280, height: 900 });

  // A usage assumption: 1,000 GB stored instead of 100 adds 900 × $0.023 = $20.70: $98.68.
  const stored = page.getByRole('textbox', { name: /^Data stored \(GB\) for / });
  await expect(stored).toHaveValue('100');
  await stored.fill('1000');
  await stored.press('Enter');
  await expect(monthly).toHaveText('$98.68');
  await expect(page.getByRole('button', { name: /^Reset Data stored for / })).toBeVisible();

  // Three clouds: the same design and usage on AWS, Azure and GCP; OCI unpriced with its reason.
  await page.getByRole('tab', { name: 'Three clouds' }).click();
  const table = page.getByRole('table', { name: 'Monthly cost on each cloud, by component' });
  const totals = table.getByRole('row', { name: /Total per month/ });
  await expect(totals.getByRole('cell').nth(0)).toContainText('$98.68');
  await expect(totals.getByRole('cell').nth(1)).toContainText(/\$\d/);
  await expect(totals.getByRole('cell').nth(2)).toContainText(/\$\d/);
  await expect(totals.getByRole('cell').nth(3)).toContainText(
    'Oracle Cloud Infrastructure has no dated list prices in the price book',
  );
  await expect(table.getByRole('row', { name: /^web|^vm|instance/i }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'costing three clouds');
  await captureWidths(page, 'costing-clouds');
  await page.setViewportSize({ width: 1280, height: 900 });

  // A plan: web t3.micro → m7i.large ($9.19 → $75.18, +$65.99) and a NAT gateway deleted
  // (730 h × $0.045 = $32.85 + 100 GB processed × $0.045 = $4.50: −$37.35). Before $46.54,
  // after $75.18, difference +$28.64.
  await page.getByRole('tab', { name: 'Terraform plan' }).click();
  await page.getByLabel('Choose a plan or state (JSON)').setInputFiles({
    name: 'plan.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(PLAN)),
  });
  await expect(page.getByText('Difference per month').locator('..')).toContainText('+$28.64');
  await expect(page.getByText('Before the plan').locator('..')).toContainText('$46.54');
  const resources = page.getByRole('table', { name: 'Resources of the plan' });
  await expect(resources.getByRole('row', { name: /aws_instance\.web/ })).toContainText('+$65.99');
  await expect(resources.getByRole('row', { name: /aws_nat_gateway\.old/ })).toContainText(
    '−$37.35',
  );
  await expectNoSeriousA11yViolations(page, 'costing plan');
  await captureWidths(page, 'costing-plan');
});

const stateWith = (instanceType: string) => ({
  currentStep: 5,
  selectedProvider: 'aws',
  selectedServices: ['aws.vpc', 'aws.subnet', 'aws.ec2'],
  architectureConfig: {
    region: 'us-east-1',
    groups: [
      { id: 'net', service: 'aws.vpc', name: 'net', properties: { cidr: '10.0.0.0/16' } },
      {
        id: 'app',
        service: 'aws.subnet',
        name: 'app',
        parent: 'net',
        properties: { cidr: '10.0.1.0/24' },
      },
    ],
    components: [
      { id: 'web', service: 'aws.ec2', name: 'web', group: 'app', properties: { instanceType } },
    ],
  },
});

test('Enterprise: the cost of a project at each generation, the design as saved now, the forecast', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await setPlan(request, account, 'enterprise');
  const id = await createProject(request, account, 'Shop', stateWith('t3.micro'));
  const headers = { authorization: `Bearer ${account.token}` };
  const generated = await request.post(`/api/projects/${id}/generations`, {
    headers,
    data: { format: 'terraform' },
  });
  expect(generated.ok(), await generated.text()).toBe(true);
  // The design changes after the generation: m7i.large, not generated yet.
  const saved = await request.put(`/api/projects/${id}/state`, {
    headers,
    data: { revision: 0, state: { v: 2, ...stateWith('m7i.large') } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  await useStoredSession(page, account.token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/costing?project=${id}#history`);
  // The generation's design: t3.micro 730 h × $0.0104 = $7.59 + 20 GB gp3 × $0.08 = $1.60.
  const generations = page.getByRole('table', { name: 'Monthly cost at each generation' });
  await expect(generations).toContainText('$9.19');
  // As saved now: m7i.large $73.58 + $1.60 = $75.18.
  await expect(page.getByText('The design as saved now').locator('..')).toContainText('$75.18');
  await expect(page.getByText('Generations priced').locator('..')).toContainText('1 of 1');
  // One day with a priced generation: the forecast holds its total flat for three months.
  const forecast = page.getByRole('table', { name: 'Forecast monthly cost' });
  await expect(forecast.getByRole('row')).toHaveCount(4);
  await expect(forecast).toContainText('$9.19');
  await expectNoSeriousA11yViolations(page, 'costing history');
  await captureWidths(page, 'costing-history');
});
