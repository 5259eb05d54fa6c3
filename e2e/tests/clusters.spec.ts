import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { startFakeKube, type FakeKube } from '../../server/test/k8s-fake/index';
import { createAccount, useStoredSession } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { E2E_KUBE_PORT } from '../support/env';
import { captureWidths } from '../support/screens';

/**
 * The Clusters page against the fake release-1.36 API server of the server's tests, on the port
 * the journeys' EGRESS_ALLOW opens: paste, browse live, YAML, logs, a terminal and apply.
 */
let kube: FakeKube;

test.beforeAll(async () => {
  kube = await startFakeKube({ port: E2E_KUBE_PORT });
});

test.afterAll(async () => {
  await kube.close();
});

test.beforeEach(async ({ page, request }) => {
  const { token } = await createAccount(request);
  await useStoredSession(page, token);
});

test('clusters: paste a kubeconfig, see pods change live, read YAML and logs, exec, apply', async ({
  page,
}) => {
  await page.goto('/clusters');
  await expect(page.getByRole('heading', { level: 1, name: 'Kubernetes clusters' })).toBeVisible();
  // With no cluster, the page opens where one is added.
  await expect(page.getByRole('heading', { name: 'Add clusters from a kubeconfig' })).toBeVisible();

  // A hostile kubeconfig is refused, naming the field, and nothing is stored.
  // An exec plugin would run a program on the server: refused, as JSON (also accepted).
  const hostile = parse(kube.kubeconfig({ context: 'evil' })) as {
    users: { user: Record<string, unknown> }[];
  };
  hostile.users[0]!.user = {
    exec: { apiVersion: 'client.authentication.k8s.io/v1', command: '/bin/sh' },
  };
  await page.getByLabel('Kubeconfig', { exact: true }).fill(JSON.stringify(hostile, null, 2));
  await page.getByRole('button', { name: 'Add clusters' }).click();
  await expect(page.getByText(/users\[0\]\.user\.exec/)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Clusters (0)' })).toBeVisible();

  await page
    .getByLabel('Kubeconfig', { exact: true })
    .fill(kube.kubeconfig({ context: 'kind-shop', namespace: 'shop' }));
  await page.getByRole('button', { name: 'Add clusters' }).click();
  // The first cluster becomes the active one, and the page shows its pods in the context's
  // namespace.
  await expect(page.getByRole('tab', { name: 'Clusters (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Resources' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByLabel('Cluster', { exact: true })).toHaveValue(/.+/);
  await expect(page.getByLabel('Cluster', { exact: true }).locator('option:checked')).toHaveText(
    'kind-shop',
  );
  await expect(page.getByLabel('Namespace')).toHaveValue('shop');
  const table = page.getByRole('table');
  await expect(table.getByRole('button', { name: 'web-7d4b9c8f5-h2x9q' })).toBeVisible();
  await expect(table.getByRole('button', { name: 'db-0' })).toBeVisible();
  await expect(page.getByRole('status').getByText('Live')).toBeVisible();
  // A pod the cluster starts now appears without a reload; one it deletes goes.
  const web = kube.store.get('pods', 'shop', 'web-7d4b9c8f5-p7k4m');
  kube.store.put({
    ...web!,
    metadata: {
      ...web!.metadata,
      name: 'web-7d4b9c8f5-zz9wk',
      uid: undefined,
      resourceVersion: undefined,
    },
  });
  await expect(table.getByRole('button', { name: 'web-7d4b9c8f5-zz9wk' })).toBeVisible();
  kube.store.remove('pods', 'shop', 'web-7d4b9c8f5-zz9wk');
  await expect(table.getByRole('button', { name: 'web-7d4b9c8f5-zz9wk' })).toHaveCount(0);

  await page.getByLabel('Filter').fill('db-');
  await expect(table.getByRole('button', { name: 'web-7d4b9c8f5-h2x9q' })).toHaveCount(0);
  await page.getByLabel('Filter').fill('');
  await expectNoSeriousA11yViolations(page, '/clusters');
  await captureWidths(page, 'clusters-pods');

  // One pod: its YAML, its log, a shell.
  await table.getByRole('button', { name: 'web-7d4b9c8f5-h2x9q' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByLabel('YAML of web-7d4b9c8f5-h2x9q')).toContainText('image: nginx:1.27');
  await drawer.getByRole('tab', { name: 'Logs' }).click();
  const log = drawer.getByLabel('Log of web-7d4b9c8f5-h2x9q, container web');
  await expect(log).toContainText('Configuration complete; ready for start up');
  kube.appendLog('shop', 'web-7d4b9c8f5-h2x9q', 'web', 'GET /checkout HTTP/1.1 200');
  await expect(log).toContainText('GET /checkout HTTP/1.1 200');
  await captureWidths(page, 'clusters-logs');

  await drawer.getByRole('tab', { name: 'Terminal' }).click();
  // A shell opens by itself; what is typed goes to it and its answer comes back.
  await expect(drawer.getByRole('status').getByText('Connected')).toBeVisible();
  const terminal = drawer.getByLabel('Terminal in web-7d4b9c8f5-h2x9q, container web');
  await terminal.click();
  await page.keyboard.type('echo hello from the pod\n');
  await expect(terminal).toContainText('hello from the pod');
  await captureWidths(page, 'clusters-terminal');
  // A one-off command runs to its end and says its exit code.
  await drawer.getByLabel('Command').fill('env');
  await drawer.getByRole('button', { name: 'Restart' }).click();
  await expect(drawer.getByRole('status').getByText('Exited with code 0')).toBeVisible();
  await expect(terminal).toContainText('NGINX_PORT=80');
  await drawer.getByRole('button', { name: 'Close' }).click();

  // Apply: a dry run changes nothing; the apply creates it, and the table shows it.
  await page.getByRole('tab', { name: 'Apply' }).click();
  const editor = page.getByLabel('Manifests to apply');
  await editor.click();
  await page.keyboard.insertText(
    [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata:',
      '  name: journey-settings',
      'data:',
      '  mode: blue',
      '',
    ].join('\n'),
  );
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByRole('region', { name: 'Dry run result' })).toContainText(
    'journey-settings',
  );
  expect(kube.store.get('configmaps', 'shop', 'journey-settings')).toBeUndefined();
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Apply result' })).toContainText('created');
  expect(kube.store.get('configmaps', 'shop', 'journey-settings')?.data).toEqual({
    mode: 'blue',
  });
  await captureWidths(page, 'clusters-apply');

  await page.getByRole('tab', { name: 'Clusters (1)' }).click();
  const mine = page.getByRole('list', { name: 'Your clusters' });
  await expect(mine).toContainText('kind-shop');
  await expect(mine).toContainText('Active');
  await captureWidths(page, 'clusters-list');
});
