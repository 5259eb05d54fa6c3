import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, useStoredSession } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { pageAs } from '../support/business';
import { createProject, stepButton } from '../support/planner';
import { captureWidths } from '../support/screens';

/**
 * §1's floating quota display and §4's sparkle: the free plan's generations left in the corner,
 * one fewer (with a burst of sparkles) right after a generation; folded in the planner and on
 * phones until the user chooses, and the choice remembered.
 */
// Two pages, a generation and six screenshots: longer than the default minute under load.
test.describe.configure({ timeout: 120_000 });

const quota = (page: Page) => page.getByRole('complementary', { name: 'Your quota' });
const SHOTS = fileURLToPath(new URL('../../test-results/screens', import.meta.url));

/** The viewport as a user sees it (the display is fixed to it), at the widths §2 asks for. */
async function viewportShots(page: Page, name: string) {
  for (const width of [390, 820, 1440]) {
    await page.setViewportSize({ width, height: 844 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SHOTS, `${name}-viewport-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the corner display counts down after a generation, sparkles, and stays folded once folded', async ({
  page,
  browser,
  request,
}) => {
  const account = await createAccount(request);
  const id = await createProject(request, account, 'Bucket', {
    currentStep: 5,
    selectedProvider: 'gcp',
    selectedServices: ['gcp.cloud-storage'],
    architectureOptionalOverride: true,
  });

  await useStoredSession(page, account.token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  await expect(quota(page)).toContainText('5 generations left');
  await expect(quota(page)).toContainText('Free plan');
  await expect(quota(page).getByRole('link', { name: 'See plans and vouchers' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/dashboard with the quota display');
  await captureWidths(page, 'quota-display-dashboard');
  await viewportShots(page, 'quota-display-dashboard');

  await page.goto(`/planner?project=${id}`);
  await page.evaluate(() => {
    const w = window as unknown as { sparkles: number };
    w.sparkles = 0;
    window.addEventListener('magic:sparkle', () => (w.sparkles += 1));
  });
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('tab', { name: /^Files \(\d+\)$/ })).toBeVisible({ timeout: 30_000 });
  // In the planner it starts folded: the board reaches the corner.
  const pill = quota(page).getByRole('button', { name: /Show quota/ });
  await expect(pill).toHaveText(/4 generations left/);
  expect(await page.evaluate(() => (window as unknown as { sparkles: number }).sparkles)).toBe(1);
  await viewportShots(page, 'quota-display-planner');
  // A burst drawn on its own layer, which takes no clicks and is hidden from assistive tech.
  await page.evaluate(() =>
    window.dispatchEvent(new CustomEvent('magic:sparkle', { detail: { x: 640, y: 300 } })),
  );
  const layer = page.getByTestId('sparkle-layer');
  await expect(layer).toHaveAttribute('aria-hidden', 'true');
  await expect(layer).toHaveCSS('pointer-events', 'none');
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(SHOTS, 'quota-display-sparkle-1280.png') });
  await expect(layer).toHaveCount(0, { timeout: 5_000 }); // gone once its particles are
  // The board reaches the bottom of the window: the folded display sits below it.
  await stepButton(page, 3).click();
  await expect(page.getByRole('region', { name: 'Architecture board' })).toBeVisible({
    timeout: 30_000,
  });
  await viewportShots(page, 'quota-display-board');
  await stepButton(page, 6).click();

  await pill.click();
  const hide = quota(page).getByRole('button', { name: 'Hide quota' });
  await expect(hide).toBeFocused();
  await expect(quota(page)).toContainText('Used 1 of 5');
  await hide.click();
  await expect(quota(page).getByRole('button', { name: /Show quota/ })).toBeFocused();
  // Folding by hand is remembered, on every page.
  await page.goto('/dashboard');
  await expect(quota(page).getByRole('button', { name: /Show quota/ })).toBeVisible();
  await expect(quota(page).getByRole('button', { name: 'Hide quota' })).toHaveCount(0);

  // A phone that never chose starts folded, clear of the page's own controls.
  const phone = await pageAs(browser, account.token);
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`/planner?project=${id}`);
  await expect(phone.getByRole('heading', { level: 1, name: 'Planner' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(quota(phone).getByRole('button', { name: /Show quota/ })).toHaveText(
    /4 generations left/,
  );
  await phone.screenshot({ path: path.join(SHOTS, 'quota-display-phone-folded-390.png') });
  await phone.context().close();
});
