import { expect, test, type Page } from '@playwright/test';
import { createAccount, useStoredSession } from '../support/accounts';
import { createProject, next, setPlan, stepButton } from '../support/planner';
import { captureWidths } from '../support/screens';

/** Step gating and skips at each width, persistence, the free quota, snapshots, deployment gating. */
test.describe.configure({ timeout: 90_000 });

const skipGeneration = (page: Page) => page.getByRole('button', { name: 'Skip to Generation' });
const skipDeployment = (page: Page) => page.getByRole('button', { name: 'Skip to Deployment' });

const READY = {
  selectedProvider: 'gcp',
  selectedServices: ['gcp.cloud-storage'],
  architectureOptionalOverride: true,
};

test('locked steps say why; skips follow the width; Arch skipped; the state survives a reload', async ({
  page,
  request,
}) => {
  const { token } = await createAccount(request);
  await useStoredSession(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/planner');

  await expect(stepButton(page, 1)).toHaveAccessibleName('Step 1: Cloud provider (current)');
  await expect(stepButton(page, 2)).toHaveAccessibleName('Step 2: Services (locked)');
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  await expect(page.getByText('1/7')).toBeVisible();
  await stepButton(page, 2).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Select a cloud provider first');
  await stepButton(page, 2).click({ force: true });
  await expect(page.getByRole('heading', { name: 'Cloud provider' })).toBeVisible();

  await page.getByText('Google Cloud', { exact: true }).click();
  await stepButton(page, 3).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Pick at least one service');
  await next(page);
  await page.getByRole('checkbox', { name: 'Cloud Storage bucket' }).check();
  await next(page);
  await expect(page.getByText('3/7')).toBeVisible();
  await expect(stepButton(page, 1)).toHaveAccessibleName('Step 1: Cloud provider (completed)');
  await expect(stepButton(page, 3)).toHaveAccessibleName('Step 3: Architecture (current)');
  await stepButton(page, 4).focus();
  await expect(page.getByRole('tooltip')).toHaveText('Add components or enable override');
  await expect(skipGeneration(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();

  // The override makes the architecture optional: 'Arch skipped', and both steps are reachable.
  await page.getByRole('switch', { name: 'Architecture optional' }).click();
  await expect(page.getByText('Arch skipped')).toBeVisible();
  await expect(skipGeneration(page)).toBeVisible();
  await expect(skipDeployment(page)).toBeVisible();
  await page.setViewportSize({ width: 900, height: 900 });
  await expect(skipGeneration(page)).toBeVisible();
  await expect(skipDeployment(page)).toBeHidden();
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(skipGeneration(page)).toBeHidden();
  await expect(skipDeployment(page)).toBeHidden();
  await captureWidths(page, 'planner-2-override');

  await page.setViewportSize({ width: 1280, height: 900 });
  await skipGeneration(page).click();
  await expect(page.getByText('6/7')).toBeVisible();
  await expect(skipGeneration(page)).toHaveCount(0);
  await expect(skipDeployment(page)).toBeVisible();

  // §3 keys hold the step and the plan; a reload comes back to the same place.
  await expect
    .poll(() =>
      page.evaluate(() => ({
        step: localStorage.getItem('wizard_current_step'),
        provider: localStorage.getItem('selected_provider'),
        services: localStorage.getItem('selected_services'),
        override: localStorage.getItem('architecture_optional_override'),
      })),
    )
    .toEqual({
      step: '5',
      provider: '"gcp"',
      services: '["gcp.cloud-storage"]',
      override: 'true',
    });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Code generation' })).toBeVisible();
  await expect(page.getByText('Arch skipped')).toBeVisible();

  // §2: any other index shows provider selection.
  await page.evaluate(() => localStorage.setItem('wizard_current_step', '9'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Cloud provider' })).toBeVisible();
});

test('a saved project autosaves, reopens after a reload, meets a conflict honestly, and a snapshot restores it', async ({
  page,
  browser,
  request,
}) => {
  const account = await createAccount(request);
  const id = await createProject(request, account, 'Snapshots', { ...READY, currentStep: 3 });
  await useStoredSession(page, account.token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/planner?project=${id}`);
  await expect(page.getByRole('heading', { name: 'Naming convention' })).toBeVisible();
  await page.getByLabel('Organisation', { exact: true }).fill('before');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'History' }).click();
  await page.getByLabel('Description').fill('Org is before');
  await page.getByLabel('Tags').fill('v1, reviewed');
  await page.getByRole('button', { name: 'Take snapshot' }).click();
  const snapshots = page.getByRole('list', { name: 'Snapshots' });
  await expect(snapshots.getByText('Org is before')).toBeVisible();
  await expect(snapshots.getByText('reviewed')).toBeVisible();
  await captureWidths(page, 'planner-history');
  await page.keyboard.press('Escape');

  await page.getByLabel('Organisation', { exact: true }).fill('after');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Organisation', { exact: true })).toHaveValue('after');

  // Saved from another tab meanwhile: this tab's next save is refused (409) and the user decides.
  const other = await (await browser.newContext()).newPage();
  await useStoredSession(other, account.token);
  await other.goto(`/planner?project=${id}`);
  await other.getByLabel('Organisation', { exact: true }).fill('elsewhere');
  await expect(other.getByText('Saved', { exact: true })).toBeVisible();
  await other.context().close();
  await page.getByLabel('Organisation', { exact: true }).fill('mine');
  const conflict = page.getByRole('alert').filter({ hasText: 'changed somewhere else' });
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: 'Load the saved version' }).click();
  await expect(page.getByLabel('Organisation', { exact: true })).toHaveValue('elsewhere');
  await expect(conflict).toBeHidden();

  await page.getByRole('button', { name: 'History' }).click();
  await page
    .getByRole('button', { name: /^Restore snapshot/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByText(/Snapshot restored/)).toBeVisible();
  await expect(page.getByLabel('Organisation', { exact: true })).toHaveValue('before');
});

test("the free plan's generations run out: a clear message, a link to Subscription, nothing generated", async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const id = await createProject(request, account, 'Quota', { ...READY, currentStep: 5 });
  const headers = { authorization: `Bearer ${account.token}` };
  for (let i = 0; i < 4; i++) {
    const r = await request.post(`/api/projects/${id}/generations`, {
      headers,
      data: { format: 'terraform' },
    });
    expect(r.ok(), await r.text()).toBe(true);
  }
  await useStoredSession(page, account.token);
  await page.goto(`/planner?project=${id}`);
  await expect(page.getByText('1 left')).toBeVisible();
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('0 of 5 generations left this month', { exact: true })).toBeVisible();
  await expect(page.getByText('0 left')).toBeVisible();
  const listed = await page
    .getByRole('list')
    .filter({ hasText: 'revision' })
    .getByRole('listitem')
    .count();

  await page.getByRole('button', { name: 'Generate' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'generations of the Free plan' });
  await expect(alert).toBeVisible();
  await expect(alert.getByText('Nothing was generated.')).toBeVisible();
  await captureWidths(page, 'planner-quota');
  await expect(
    page.getByRole('list').filter({ hasText: 'revision' }).getByRole('listitem'),
  ).toHaveCount(listed);
  await alert.getByRole('link', { name: 'Go to Subscription' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
});

test('deployment is for Ultra Pro and Enterprise: others see why; a raised plan runs the simulation', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const environments = ['dev', 'staging', 'live'].map((name) => ({ name }));
  const id = await createProject(request, account, 'Deploy', {
    ...READY,
    currentStep: 6,
    architectureConfig: { environments },
  });
  await useStoredSession(page, account.token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/planner?project=${id}`);
  await expect(page.getByText('Deployment needs the Ultra Pro or Enterprise plan')).toBeVisible();
  await expect(page.getByRole('button', { name: /Deploy to dev/ })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Upgrade on Subscription' })).toBeVisible();
  await captureWidths(page, 'planner-6-deployment-gated');

  await setPlan(request, account, 'ultra-pro');
  await page.reload();
  await expect(page.getByText('Deployment needs the Ultra Pro or Enterprise plan')).toHaveCount(0);
  // Only the design's environments are offered: it has a 'live' and no 'prod'.
  const offered = page.getByRole('group', { name: 'Environment' }).getByRole('radio');
  await expect(offered).toHaveCount(3);
  await expect(page.getByRole('radio', { name: 'live' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'prod' })).toHaveCount(0);
  await page.getByText('staging', { exact: true }).click();
  await page.getByRole('button', { name: 'Deploy to staging (simulated)' }).click();
  const run = page.getByRole('region', { name: 'Deployment to staging' });
  await expect(run.getByText('Simulation', { exact: true })).toBeVisible();
  await expect(run.getByRole('status')).toHaveText('running', { timeout: 5_000 });
  await expect(run.getByRole('status')).toHaveText('completed', { timeout: 10_000 });
  await expect(run.getByText(/Simulated cost \$[\d,]+\.\d\d\/month/)).toBeVisible();
  await expect(
    run.getByRole('list', { name: 'Deployment logs' }).getByRole('listitem').first(),
  ).toBeVisible();
  await run.getByRole('button', { name: 'Roll back' }).click();
  await expect(run.getByText('Rollback completed', { exact: true })).toBeVisible({
    timeout: 10_000,
  });
  await captureWidths(page, 'planner-6-deployment');
  await expect(
    page.getByRole('region', { name: 'Execution history' }).getByText('staging'),
  ).toBeVisible();
});

test('a design problem names the component and says what to change', async ({ page, request }) => {
  const account = await createAccount(request);
  const id = await createProject(request, account, 'Lb', {
    selectedProvider: 'aws',
    selectedServices: ['aws.alb'],
    currentStep: 5,
    architectureConfig: {
      components: [{ id: 'lb', service: 'aws.alb', name: 'front-door' }],
    },
  });
  await useStoredSession(page, account.token);
  await page.goto(`/planner?project=${id}`);
  const problems = page.getByText('Fix these before generating').locator('..');
  await expect(
    problems.getByText(
      'Load balancer “front-door” must be placed in a subnet: drag it into one on the architecture board',
    ),
  ).toBeVisible();
  await expect(problems).not.toContainText('components[');
  await expect(page.getByRole('button', { name: 'Generate' })).toBeDisabled();
  await captureWidths(page, 'planner-5-design-issue');
});
