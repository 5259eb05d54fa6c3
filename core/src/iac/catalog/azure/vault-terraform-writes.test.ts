import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/**
 * Terraform writes a Key Vault secret through the vault's data plane, which a vault with public
 * network access off refuses from outside its private endpoint whatever its firewall lists: a
 * vault behind a private endpoint that Terraform writes into keeps its deny-by-default firewall
 * instead, so the runner's address can be admitted. ARM writes through the control plane.
 */
const design = (withSecret: boolean) =>
  smallDesign({
    cloud: 'azure',
    components: [
      { id: 'vault', service: 'azure.key-vault', name: 'secrets' },
      { id: 'pep', service: 'azure.private-endpoint', name: 'pep', group: 'sn-0' },
      ...(withSecret ? [{ id: 'secret', service: 'azure.key-vault-secret', name: 'db-url' }] : []),
    ],
    connections: [
      { from: 'pep', to: 'vault', type: 'traffic' },
      ...(withSecret ? [{ from: 'secret', to: 'vault', type: 'data' }] : []),
    ],
  });

const main = (d: unknown) => terraformFiles(d).find((f) => f.path === 'main.tf')!.content;

function generated(d: unknown, format: 'terraform' | 'arm' | 'bicep') {
  const r = generate(d, { format, layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r;
}

describe('a private Key Vault that Terraform writes secrets into', () => {
  it('keeps public network access on behind its deny-by-default firewall', () => {
    const vault = resourceBlock(main(design(true)), 'azurerm_key_vault', 'vault');
    expect(vault).not.toContain('public_network_access_enabled');
    expect(vault).toMatch(/default_action\s+= "Deny"/);
    expect(vault).toMatch(/ip_rules\s+= var\.vault_allowed_ips/);
    expect(
      generated(design(true), 'terraform').policy.filter(
        (f) => f.rule === 'azure-private-endpoint-public-access',
      ),
    ).toEqual([]);
  });

  it('tells who applies what the secret write needs', () => {
    const readme = terraformFiles(design(true)).find((f) => f.path === 'README.md')!.content;
    expect(readme).toMatch(/TF_VAR_secret_value.*Key Vault Secrets Officer.*vault_allowed_ips/);
  });

  it('without a Terraform-written secret turns public network access off', () => {
    const vault = resourceBlock(main(design(false)), 'azurerm_key_vault', 'vault');
    expect(vault).toMatch(/\n {2}public_network_access_enabled\s+= false\n/);
  });

  it('in ARM stays closed: the secret is written through the control plane', () => {
    const template = JSON.parse(
      generated(design(true), 'arm').files.find((f) => f.path === 'azuredeploy.json')!.content,
    ) as { resources: { type: string; properties?: Record<string, unknown> }[] };
    const vault = template.resources.find((r) => r.type === 'Microsoft.KeyVault/vaults')!;
    expect(vault.properties?.['publicNetworkAccess']).toBe('Disabled');
  });

  it('checks against the provider schemas and ARM types', async () => {
    const d = design(true);
    const all = [
      ...terraformFiles(d),
      ...generated(d, 'arm').files,
      ...generated(d, 'bicep').files,
    ];
    expect(await checkOutput(all, sharedOrBundledSchemas())).toEqual([]);
  });
});
