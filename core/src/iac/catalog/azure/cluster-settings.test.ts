import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import {
  outputBlock,
  outputSettings,
  resourceBlock,
  smallDesign,
  terraformFiles,
} from '../../testing/small-design';

/**
 * The workloads on an AKS cluster are told where its stores are, with the names and values an
 * app connected to the same stores gets (decision 0033), through one output in every format.
 * `lone` pulls from a registry only, which carries no setting.
 */
const design = smallDesign({
  cloud: 'azure',
  components: [
    { id: 'aks', service: 'azure.aks', name: 'apps', group: 'sn-0' },
    { id: 'lone', service: 'azure.aks', name: 'lone', group: 'sn-1' },
    { id: 'images', service: 'azure.container-registry', name: 'images' },
    { id: 'uploads', service: 'azure.storage-account', name: 'uploads' },
    { id: 'jobs', service: 'azure.service-bus-queue', name: 'jobs' },
    { id: 'orders', service: 'azure.postgresql-flexible', name: 'orders', group: 'sn-1' },
    { id: 'fn', service: 'azure.function-app', name: 'fn' },
  ],
  connections: [
    ...['aks', 'fn'].flatMap((from) =>
      ['uploads', 'jobs', 'orders'].map((to) => ({ from, to, type: 'data' })),
    ),
    { from: 'lone', to: 'images', type: 'data' },
  ],
});

function armFiles(format: 'arm' | 'bicep', layout: string) {
  const r = generate(design, { format, layout });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r.files;
}
const fileOf = (files: readonly { path: string; content: string }[], path: string): string =>
  files.find((f) => f.path === path)!.content;

describe('azure: connection settings of an AKS cluster', () => {
  const tf = terraformFiles(design, 'standard');

  it('Terraform: one object output with the names and values the function app gets', () => {
    const output = outputBlock(fileOf(tf, 'outputs.tf'), 'aks_settings');
    expect(outputSettings(output)).toEqual([
      'JOBS_NAMESPACE="${azurerm_servicebus_namespace.jobs.name}.servicebus.windows.net"',
      'JOBS_QUEUE=azurerm_servicebus_queue.jobs.name',
      'ORDERS_DATABASE=azurerm_postgresql_flexible_server_database.orders.name',
      'ORDERS_HOST=azurerm_postgresql_flexible_server.orders.fqdn',
      'ORDERS_USER="acme-shop-${var.environment}-aks-apps-workload"',
      'UPLOADS_BLOB_ENDPOINT=azurerm_storage_account.uploads.primary_blob_endpoint',
      'UPLOADS_CONTAINER=azurerm_storage_container.uploads.name',
    ]);
    expect(output).not.toContain('sensitive');
    const app = resourceBlock(fileOf(tf, 'main.tf'), 'azurerm_linux_function_app', 'fn');
    const appSettings = outputSettings(app);
    for (const setting of outputSettings(output).filter((s) => !s.startsWith('ORDERS_USER=')))
      expect(appSettings).toContain(setting);
  });

  it('Terraform: the database user is the identity the workloads sign in as, not the cluster', () => {
    const main = fileOf(tf, 'main.tf');
    expect(resourceBlock(main, 'azurerm_user_assigned_identity', 'aks_workload')).toContain(
      'name                = "acme-shop-${var.environment}-aks-apps-workload"',
    );
    expect(main).toMatch(/principal_name\s+= azurerm_user_assigned_identity\.aks_workload\.name/);
  });

  it('ARM: an object output with the same names', () => {
    const template = JSON.parse(fileOf(armFiles('arm', 'single'), 'azuredeploy.json')) as {
      outputs: Record<string, { type: string; value: Record<string, string> }>;
    };
    const output = template.outputs['aksSettings']!;
    expect(output.type).toBe('object');
    expect(Object.keys(output.value)).toEqual([
      'JOBS_NAMESPACE',
      'JOBS_QUEUE',
      'ORDERS_DATABASE',
      'ORDERS_HOST',
      'ORDERS_USER',
      'UPLOADS_BLOB_ENDPOINT',
      'UPLOADS_CONTAINER',
    ]);
    expect(output.value['UPLOADS_BLOB_ENDPOINT']).toMatch(
      /^\[reference\(resourceId\('Microsoft\.Storage\/storageAccounts', .*\.primaryEndpoints\.blob\]$/,
    );
    expect(template.outputs).not.toHaveProperty('loneSettings');
  });

  it('Bicep modules: the cluster module reads the stores of other modules', () => {
    const files = armFiles('bicep', 'modules');
    expect(fileOf(files, 'main.bicep')).toContain(
      'output aksSettings object = kubernetes.outputs.aksSettings',
    );
    expect(fileOf(files, 'modules/kubernetes.bicep')).toContain(
      "output aksSettings object = {\n  JOBS_NAMESPACE: '${jobs.name}.servicebus.windows.net'\n  JOBS_QUEUE: 'jobs'\n  ORDERS_DATABASE: 'app'\n  ORDERS_HOST: orders.properties.fullyQualifiedDomainName\n  ORDERS_USER: 'acme-shop-${environment}-aks-apps-workload'\n  UPLOADS_BLOB_ENDPOINT: uploads.properties.primaryEndpoints.blob\n  UPLOADS_CONTAINER: 'data'\n}",
    );
  });

  it('gives the README the command that makes the ConfigMap, for that cluster only', () => {
    const configMap =
      `jq -r 'to_entries[] | "\\(.key)=\\(.value)"' | kubectl create configmap apps-settings ` +
      '--namespace default --from-env-file=/dev/stdin --dry-run=client -o yaml | kubectl apply -f -';
    const terraform = fileOf(tf, 'README.md');
    expect(terraform).toContain('- `apps` (AKS cluster)\n');
    expect(terraform).not.toContain('`lone` (AKS cluster)\n\n```sh');
    expect(terraform).toContain(`terraform output -json aks_settings | ${configMap}`);
    expect(fileOf(armFiles('bicep', 'single'), 'README.md')).toContain(
      `az deployment group show --resource-group "$AZURE_RESOURCE_GROUP" --name wiring-<env> --query properties.outputs.aksSettings.value --output json | ${configMap}`,
    );
  });

  it('checks against the provider schemas and ARM types', async () => {
    const arm = (['arm', 'bicep'] as const).flatMap((format) => armFiles(format, 'single'));
    expect(await checkOutput([...tf, ...arm], sharedOrBundledSchemas())).toEqual([]);
  });
});
