import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/**
 * Azure Managed Redis takes Microsoft Entra tokens only (access keys off): a function app and a
 * container app with a data connection to it each get an access policy assignment.
 */
const design = smallDesign({
  cloud: 'azure',
  components: [
    { id: 'api', service: 'azure.function-app', name: 'api' },
    { id: 'worker', service: 'azure.container-app', name: 'worker' },
    { id: 'sessions', service: 'azure.managed-redis', name: 'sessions', group: 'sn-1' },
  ],
  connections: [
    { from: 'api', to: 'sessions', type: 'data' },
    { from: 'worker', to: 'sessions', type: 'data' },
  ],
});

const ASSIGNMENT = 'Microsoft.Cache/redisEnterprise/databases/accessPolicyAssignments';

type TArmResource = {
  type: string;
  name: string;
  dependsOn?: string[];
  properties: Record<string, unknown>;
};

function files(format: 'arm' | 'bicep') {
  const r = generate(design, { format, layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r.files;
}

describe('an Azure app connected to Managed Redis signs in with its managed identity', () => {
  const main = terraformFiles(design).find((f) => f.path === 'main.tf')!.content;

  it('Terraform: an access policy assignment per app, deployed as the ARM resource azurerm lacks', () => {
    const api = resourceBlock(main, 'azurerm_resource_group_template_deployment', 'api_sessions_1');
    expect(api).toContain('deployment_mode     = "Incremental"');
    expect(api).toContain(`type       = "${ASSIGNMENT}"`);
    expect(api).toContain(
      `name       = "[format('{0}/default/{1}', parameters('clusterName'), 'api')]"`,
    );
    expect(api).toMatch(/accessPolicyName = "default"/);
    expect(api).toMatch(/objectId = "\[parameters\('objectId'\)\]"/);
    expect(api).toMatch(/value = azurerm_managed_redis\.sessions\.name/);
    expect(api).toMatch(/value = azurerm_linux_function_app\.api\.identity\[0\]\.principal_id/);
    const worker = resourceBlock(
      main,
      'azurerm_resource_group_template_deployment',
      'worker_sessions_1',
    );
    expect(worker).toMatch(/value = azurerm_container_app\.worker\.identity\[0\]\.principal_id/);
    // One change at a time on the database: the second waits for the first.
    expect(worker).toMatch(
      /depends_on = \[azurerm_resource_group_template_deployment\.api_sessions_1\]/,
    );
    expect(api).not.toContain('depends_on');
  });

  it('Terraform: access keys stay off, and no key reaches the apps', () => {
    expect(resourceBlock(main, 'azurerm_managed_redis', 'sessions')).not.toMatch(
      /access_keys_authentication_enabled\s+= true/,
    );
    expect(main).not.toMatch(/primary_access_key/);
  });

  it('ARM: the assignments are children of the default database, one after another', () => {
    const template = JSON.parse(files('arm').find((f) => f.path === 'azuredeploy.json')!.content)
      .resources as TArmResource[];
    const assignments = template.filter((r) => r.type === ASSIGNMENT);
    expect(assignments.map((a) => a.name)).toEqual([
      "[format('{0}/{1}/{2}', format('acme-shop-{0}-amr-sessions', parameters('environment')), 'default', 'api')]",
      "[format('{0}/{1}/{2}', format('acme-shop-{0}-amr-sessions', parameters('environment')), 'default', 'worker')]",
    ]);
    expect(assignments[0]!.properties['accessPolicyName']).toBe('default');
    expect(
      (assignments[0]!.properties['user'] as { objectId: string }).objectId.endsWith(
        '.identity.principalId]',
      ),
    ).toBe(true);
    expect(assignments[1]!.dependsOn).toContain(
      "[resourceId('Microsoft.Cache/redisEnterprise/databases/accessPolicyAssignments', format('acme-shop-{0}-amr-sessions', parameters('environment')), 'default', 'api')]",
    );
  });

  it('Bicep: the same, the second waiting for the first', () => {
    const main = files('bicep').find((f) => f.path === 'main.bicep')!.content;
    expect(main).toMatch(
      /resource workerSessionsDatabaseAccess '[^']+' = \{\n {2}parent: sessionsDatabase\n {2}name: 'worker'\n(?: {2}.*\n|\n)*? {2}dependsOn: \[\n {4}apiSessionsDatabaseAccess\n {2}\]\n\}/,
    );
  });

  it('checks against the provider schemas and ARM types', async () => {
    const all = [...terraformFiles(design), ...files('arm'), ...files('bicep')];
    expect(await checkOutput(all, sharedOrBundledSchemas())).toEqual([]);
  });
});
