import { describe, expect, it } from 'vitest';
import { smallDesign, terraformFiles } from '../../testing/small-design';
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
