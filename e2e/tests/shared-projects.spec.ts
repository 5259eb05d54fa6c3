import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, useStoredSession } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { pageAs, toast } from '../support/business';
import { waitForMail } from '../support/outbox';
import { createProject } from '../support/planner';

const SCREENS = path.resolve(fileURLToPath(new URL('../../test-results/screens', import.meta.url)));

/** Phone, tablet and desktop captures of what is on screen now, for review. */
async function capture(page: Page, name: string) {
  for (const width of [390, 820, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SCREENS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const NAMING = {
  selectedProvider: 'gcp',
  selectedServices: ['gcp.cloud-storage'],
  architectureOptionalOverride: true,
  currentStep: 3,
};

test('shared projects: the owner invites, the viewer reads only, an editor changes it', async ({
  page,
  browser,
  request,
}) => {
  const ada = await createAccount(request, { firstName: 'Ada', lastName: 'Lovelace' });
  const charles = await createAccount(request, { firstName: 'Charles', lastName: 'Babbage' });
  const id = await createProject(request, ada, 'Engine', NAMING);

  // The owner shares the project from the planner.
  await useStoredSession(page, ada.token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/planner?project=${id}`);
  await expect(page.getByRole('heading', { name: 'Naming convention' })).toBeVisible();
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share “Engine”' });
  await dialog.getByLabel('E-mail address').fill(charles.email);
  await dialog.getByLabel('Role').selectOption('viewer');
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(toast(page, 'Shared with Charles Babbage')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Role of Charles Babbage' })).toHaveValue(
    'viewer',
  );
  await dialog.getByLabel('E-mail address').fill(charles.email);
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(dialog.getByText(/is already a viewer of this project/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'share dialog');
  await capture(page, 'shared-projects-share-dialog');
  const ownerDashboard = await pageAs(browser, ada.token);
  await ownerDashboard.goto('/dashboard');
  await expect(
    ownerDashboard
      .getByRole('listitem')
      .filter({ hasText: 'Engine' })
      .getByText('Shared with 1 person'),
  ).toBeVisible();
  await capture(ownerDashboard, 'shared-projects-owner-dashboard');
  await ownerDashboard.context().close();
  const mail = await waitForMail(charles.email, /shared the project Engine with you/);
  expect(mail.text).toContain('as viewer');

  // The viewer finds it on the dashboard, with its owner and their role, and opens it.
  const viewer = await pageAs(browser, charles.token);
  await viewer.setViewportSize({ width: 1280, height: 900 });
  await viewer.goto('/dashboard');
  const row = viewer.getByRole('listitem').filter({ hasText: 'Engine' });
  await expect(row.getByText('Viewer', { exact: true })).toBeVisible();
  await expect(row.getByText('Shared by Ada Lovelace')).toBeVisible();
  await capture(viewer, 'shared-projects-dashboard');
  await row.getByRole('link', { name: 'Engine' }).click();
  await expect(viewer.getByRole('heading', { name: 'Naming convention' })).toBeVisible();
  const note = viewer.getByRole('note');
  await expect(note.getByText('View only')).toBeVisible();
  await expect(note).toContainText('Ada Lovelace shared this project with you to view.');
  await expect(viewer.getByLabel('Organisation', { exact: true })).toBeDisabled();
  await viewer.getByRole('button', { name: 'History' }).click();
  const history = viewer.getByRole('dialog', { name: 'Version history' });
  await expect(history.getByText('No snapshots yet.', { exact: false })).toBeVisible();
  await expect(history.getByLabel('Description')).toHaveCount(0);
  await viewer.keyboard.press('Escape');
  await expectNoSeriousA11yViolations(viewer, 'view-only planner');
  await capture(viewer, 'shared-projects-view-only');

  // The owner changes the design: the viewer's open planner follows it live, without a reload.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByLabel('Organisation', { exact: true }).fill('lovelace');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(viewer.getByLabel('Organisation', { exact: true })).toHaveValue('lovelace', {
    timeout: 15_000,
  });

  // The owner makes them an editor: on reload they can change the design, and it is saved.
  await page.getByRole('button', { name: 'Share' }).click();
  await dialog.getByRole('combobox', { name: 'Role of Charles Babbage' }).selectOption('editor');
  await expect(dialog.getByRole('combobox', { name: 'Role of Charles Babbage' })).toHaveValue(
    'editor',
  );
  await viewer.reload();
  await expect(viewer.getByRole('heading', { name: 'Naming convention' })).toBeVisible();
  await expect(viewer.getByText('View only')).toHaveCount(0);
  await viewer.getByLabel('Organisation', { exact: true }).fill('babbage');
  await expect(viewer.getByText('Saved', { exact: true })).toBeVisible();
  const saved = await request.get(`/api/projects/${id}`, {
    headers: { authorization: `Bearer ${ada.token}` },
  });
  expect(JSON.stringify(await saved.json())).toContain('babbage');

  // Removed by the owner, their open planner closes the project at once.
  await dialog.getByRole('button', { name: 'Remove Charles Babbage' }).click();
  await expect(toast(page, 'Charles Babbage no longer has access')).toBeVisible();
  await expect(toast(viewer, 'You no longer have access to “Engine”.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(viewer).toHaveURL(/\/dashboard$/);
  await expect(viewer.getByRole('link', { name: 'Engine' })).toHaveCount(0);
  await viewer.context().close();
});
