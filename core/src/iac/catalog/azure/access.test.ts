import { describe, expect, it } from 'vitest';
import { smallDesign, terraformFiles } from '../../testing/small-design';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';

/** A workload reads a Key Vault secret it is connected to (the vault takes RBAC, no access policies). */
const reader = (service: string) =>
  smallDesign({
    cloud: 'azure',
    components: [
      // A function app is not placed in a subnet; the others are.
      {
        id: 'app',
        service,
        name: 'app',
        ...(service === 'azure.function-app' ? {} : { group: 'sn-0' }),
      },
      { id: 'token', service: 'azure.key-vault-secret', name: 'token' },
    ],
    connections: [{ from: 'app', to: 'token', type: 'data' }],
  });

describe('Azure data connections to a Key Vault secret', () => {
  it.each(['azure.linux-vm', 'azure.app-service', 'azure.function-app', 'azure.container-app'])(
    '%s gets Key Vault Secrets User on that one secret, or reading it answers 403',
    (service) => {
      const main = terraformFiles(reader(service)).find((f) => f.path === 'main.tf')!.content;
      const assignment = main.match(
        /resource "azurerm_role_assignment" "app_token_1" \{[^}]*\}/,
      )?.[0];
      expect(assignment).toContain(
        'scope                = azurerm_key_vault_secret.token.resource_versionless_id',
      );
      expect(assignment).toContain('role_definition_name = "Key Vault Secrets User"');
    },
  );

  it('scopes the ARM role assignment to the secret as well', () => {
    const r = generate(reader('azure.linux-vm'), { format: 'arm', layout: 'single' });
    const template = r.ok ? r.files.find((f) => f.path.endsWith('.json'))!.content : '';
    expect(template).toMatch(
      /"type": "Microsoft.Authorization\/roleAssignments",\s*"apiVersion": "[^"]+",\s*"scope": "\[resourceId\('Microsoft.KeyVault\/vaults\/secrets'/,
    );
  });
});

/** Cosmos DB (local keys off) and Data Explorer answer only identities granted on their own data plane. */
describe('Azure data connections to Cosmos DB and Data Explorer', () => {
  const design = smallDesign({
    cloud: 'azure',
    components: [
      { id: 'app', service: 'azure.app-service', name: 'app', group: 'sn-0' },
      { id: 'orders', service: 'azure.cosmos-db', name: 'orders' },
      { id: 'events', service: 'azure.data-explorer', name: 'events' },
    ],
    connections: [
      { from: 'app', to: 'orders', type: 'data' },
      { from: 'app', to: 'events', type: 'data' },
    ],
  });

  it('grants the app Cosmos DB Built-in Data Contributor and Data Explorer User and Ingestor', async () => {
    const files = terraformFiles(design);
    const main = files.find((f) => f.path === 'main.tf')!.content;
    expect(main).toContain('resource "azurerm_cosmosdb_sql_role_assignment" "app_orders_1"');
    expect(main).toContain(
      'role_definition_id  = "${azurerm_cosmosdb_account.orders.id}/sqlRoleDefinitions/00000000-0000-0000-0000-000000000002"',
    );
    expect(main.match(/resource "azurerm_kusto_database_principal_assignment"/g)).toHaveLength(2);
    expect(main).toMatch(/role\s+= "Ingestor"/);
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
  });

  it('writes the same grants in ARM, and the template checks', async () => {
    const r = generate(design, { format: 'arm', layout: 'single' });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const template = r.files.find((f) => f.path === 'azuredeploy.json')!.content;
    expect(template).toContain(
      '"type": "Microsoft.DocumentDB/databaseAccounts/sqlRoleAssignments"',
    );
    expect(
      template.match(/"type": "Microsoft.Kusto\/clusters\/databases\/principalAssignments"/g),
    ).toHaveLength(2);
    expect(await checkOutput(r.files, sharedOrBundledSchemas())).toEqual([]);
  });
});
