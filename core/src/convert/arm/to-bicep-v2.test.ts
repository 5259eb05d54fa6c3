import { describe, expect, it } from 'vitest';
import { checkArm } from '@stratum/cli/checks/arm-check';
import { bicepToArm } from '../bicep/to-arm';
import { normalizeTemplate } from './semantic';
import { armToBicep } from './to-bicep';

/** languageVersion 2.0 templates read back: imports → extension, existing resources elsewhere. */
const SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';

describe('ARM languageVersion 2.0 → Bicep', () => {
  it('writes imports as extension declarations and their resources with the body under properties', () => {
    // The shape `bicep build` writes for the Bicep docs' Kubernetes and Microsoft Graph examples.
    const template = {
      $schema: SCHEMA,
      languageVersion: '2.0',
      contentVersion: '1.0.0.0',
      parameters: { kubeConfig: { type: 'securestring' } },
      imports: {
        k8s: {
          provider: 'Kubernetes',
          version: '1.0.0',
          config: { namespace: 'default', kubeConfig: "[parameters('kubeConfig')]" },
        },
        graph: { provider: 'MicrosoftGraph', version: '0.1.8-preview' },
      },
      resources: {
        kv: {
          existing: true,
          type: 'Microsoft.KeyVault/vaults',
          apiVersion: '2023-07-01',
          resourceGroup: 'security-rg',
          name: 'shared-kv',
        },
        ns: {
          import: 'k8s',
          type: 'core/Namespace@v1',
          properties: {
            metadata: { name: 'apps', labels: { vault: "[reference('kv').vaultUri]" } },
          },
        },
        group: {
          import: 'graph',
          type: 'Microsoft.Graph/groups@v1.0',
          properties: {
            displayName: "[reference('ns').metadata.name]",
            mailEnabled: false,
            mailNickname: 'apps',
            securityEnabled: true,
            uniqueName: 'apps',
          },
          dependsOn: ['ns'],
        },
      },
      outputs: { groupId: { type: 'string', value: "[reference('group').id]" } },
    };
    const content = JSON.stringify(template, null, 2);
    expect(checkArm('main.json', content)).toEqual([]);
    const r = armToBicep([{ path: 'main.json', content }]);
    expect(r.unconverted).toEqual([]);
    const bicep = r.files[0]!.content;
    expect(bicep).toContain(
      "extension kubernetes with {\n  namespace: 'default'\n  kubeConfig: kubeConfig\n} as k8s",
    );
    expect(bicep).toContain(
      "extension 'br:mcr.microsoft.com/bicep/extensions/microsoftgraph/v1.0:0.1.8-preview' as graph",
    );
    expect(bicep).toContain(
      "resource kv 'Microsoft.KeyVault/vaults@2023-07-01' existing = {\n  name: 'shared-kv'\n  scope: resourceGroup('security-rg')\n}",
    );
    expect(bicep).toContain("resource ns 'core/Namespace@v1' = {\n  metadata: {");
    expect(bicep).toContain('vault: kv.properties.vaultUri');
    expect(bicep).toContain('displayName: ns.metadata.name');
    expect(bicep).toContain('output groupId string = group.id');
    const again = bicepToArm(r.files, 'main.bicep');
    expect(again.unconverted).toEqual([]);
    expect(normalizeTemplate(JSON.parse(again.files[0]!.content))).toEqual(
      normalizeTemplate(template),
    );
  });
});
