import { expect, test, type Page } from '@playwright/test';
import { createAccount, useStoredSession } from '../support/accounts';
import { next } from '../support/planner';

/**
 * The board in a real browser: it fills the planner's own layout, drops land anywhere on a
 * small board (no overview in the way), Ctrl+Z works after Delete, new subnets sit inside their
 * network, and the problem count opens a list that leads to the component.
 */
test.describe.configure({ timeout: 90_000 });

const board = (page: Page) => page.getByRole('region', { name: 'Architecture board' });
const nodes = (page: Page) => board(page).locator('.react-flow__node');
const node = (page: Page, id: string) => board(page).locator(`.react-flow__node[data-id="${id}"]`);

async function openAwsBoard(page: Page, request: Parameters<typeof createAccount>[0]) {
  const { token } = await createAccount(request);
  await useStoredSession(page, token);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/planner');
  await page.getByText('Amazon Web Services').click();
  await next(page);
  for (const name of ['VPC', 'Subnet', 'EC2 instance', 'S3 bucket'])
    await page.getByRole('checkbox', { name, exact: true }).check();
  await next(page);
  await expect(board(page)).toBeVisible();
}

async function box(page: Page, id: string) {
  const b = await node(page, id).boundingBox();
  if (!b) throw new Error(`${id} is not on the board`);
  return b;
}

test('the board fills the window at 1280×800; drops under the overview corner land; Ctrl+Z after Delete', async ({
  page,
  request,
}) => {
  await openAwsBoard(page, request);
  // The planner's own layout: no page scroll, the board reaching down to the window's bottom.
  await page.getByRole('button', { name: 'Dismiss' }).click();
  const layout = await page.evaluate(() => {
    const main = document.querySelector('main');
    const rect = document
      .querySelector('[aria-label="Architecture board"]')
      ?.getBoundingClientRect();
    return {
      pageScroll: document.documentElement.scrollHeight - window.innerHeight,
      mainScroll: main ? main.scrollHeight - main.clientHeight : -1,
      bottom: rect?.bottom ?? 0,
      height: rect?.height ?? 0,
    };
  });
  expect(layout.pageScroll).toBeLessThanOrEqual(0);
  expect(layout.mainScroll).toBeLessThanOrEqual(1);
  expect(layout.bottom).toBeGreaterThan(800 - 40);
  expect(layout.height).toBeGreaterThan(350);

  // A small board shows no overview, so the bottom-right corner takes drops like anywhere else.
  await page.getByRole('button', { name: 'Add EC2 instance' }).click();
  await expect(nodes(page)).toHaveCount(1);
  await expect(page.getByRole('img', { name: 'Board overview' })).toHaveCount(0);
  const area = await board(page).boundingBox();
  if (!area) throw new Error('no board');
  await page
    .getByRole('button', { name: 'Add S3 bucket' })
    .dragTo(board(page), { targetPosition: { x: area.width - 60, y: area.height - 40 } });
  await expect(nodes(page)).toHaveCount(2);

  // Delete removes the focused node and the focus stays on the board: Ctrl+Z brings it back,
  // Ctrl+Shift+Z removes it again.
  await node(page, 'vm').click();
  await page.keyboard.press('Delete');
  await expect(nodes(page)).toHaveCount(1);
  await expect(node(page, 'vm')).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(node(page, 'vm')).toBeVisible();
  await page.keyboard.press('Control+Shift+z');
  await expect(node(page, 'vm')).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(node(page, 'vm')).toBeVisible();

  // Panned so that the board outgrows its view: the overview appears, and it can be put away.
  await page.mouse.move(area.x + area.width - 30, area.y + 30);
  await page.mouse.down();
  await page.mouse.move(area.x + 30, area.y + 30, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByRole('img', { name: 'Board overview' })).toBeVisible();
  await page.getByRole('button', { name: 'Hide overview' }).click();
  await expect(page.getByRole('img', { name: 'Board overview' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show overview' }).click();
  await expect(page.getByRole('img', { name: 'Board overview' })).toBeVisible();
});

test('subnets added with + sit inside their network with free ranges; the problem list leads to the component', async ({
  page,
  request,
}) => {
  await openAwsBoard(page, request);
  await page.getByRole('button', { name: 'Add VPC' }).click();
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Add Subnet' }).click();
  await expect(nodes(page)).toHaveCount(4);
  const network = await box(page, 'network');
  const subnets = [
    await box(page, 'subnet'),
    await box(page, 'subnet-2'),
    await box(page, 'subnet-3'),
  ];
  for (const s of subnets) {
    expect(s.x).toBeGreaterThanOrEqual(network.x);
    expect(s.y).toBeGreaterThanOrEqual(network.y);
    expect(s.x + s.width).toBeLessThanOrEqual(network.x + network.width + 1);
    expect(s.y + s.height).toBeLessThanOrEqual(network.y + network.height + 1);
  }
  const [a, b] = subnets;
  expect(a && b && (a.x + a.width <= b.x || a.y + a.height <= b.y)).toBe(true);
  await expect(node(page, 'subnet-3')).toContainText('10.0.2.0/24');
  await expect(page.getByRole('status').filter({ hasText: /^Valid/ })).toBeVisible();

  // A range outside the network: the count names it, and choosing it selects that subnet.
  // The panel shows subnet-2 before its range is typed, and the node the new range before the
  // selection is cleared: on a slow host the panel of the subnet added last was still open.
  const panel = page.getByRole('complementary', { name: 'Properties' });
  await node(page, 'subnet-2').click({ position: { x: 60, y: 12 } });
  await expect(panel).toContainText('id subnet-2');
  await page.getByRole('textbox', { name: 'CIDR block' }).fill('192.168.0.0/24');
  await expect(node(page, 'subnet-2')).toContainText('192.168.0.0/24');
  await page.keyboard.press('Escape');
  await board(page).click({ position: { x: 5, y: 5 } });
  await page.getByRole('button', { name: /1 error.*show the list/ }).click();
  const item = page.getByRole('menuitem', { name: /snet-2 \(Subnet\).*outside network/ });
  await expect(item).toBeVisible();
  await item.click();
  await expect(panel).toContainText('id subnet-2');
  await expect(node(page, 'subnet-2')).toHaveClass(/selected/);
});
