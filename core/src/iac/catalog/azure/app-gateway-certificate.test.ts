import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/**
 * An Application Gateway that reads its TLS certificate from a Key Vault reads a secret the
 * generated code itself writes from an input: a listener whose Key Vault secret is missing is
 * disabled, and with HTTP only redirecting to HTTPS the site would serve nothing.
 */
const design = (withVault: boolean) =>
  smallDesign({
    cloud: 'azure',
    components: [
      { id: 'gateway', service: 'azure.application-gateway', name: 'web', group: 'sn-0' },
      { id: 'web', service: 'azure.vm-scale-set', name: 'web', group: 'sn-1' },
      ...(withVault ? [{ id: 'vault', service: 'azure.key-vault', name: 'certs' }] : []),
    ],
    connections: [
      { from: 'gateway', to: 'web', type: 'traffic' },
      ...(withVault ? [{ from: 'gateway', to: 'vault', type: 'data' }] : []),
    ],
  });

function generated(d: unknown, format: 'terraform' | 'arm' | 'bicep') {
  const r = generate(d, { format, layout: 'single', readme: true });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r;
}
const file = (d: unknown, format: 'terraform' | 'arm' | 'bicep', path: string) =>
  generated(d, format).files.find((f) => f.path === path)!.content;

type TArmResource = {
  type: string;
  name: string;
  dependsOn?: string[];
  properties?: Record<string, unknown>;
};
const SECRET = 'Microsoft.KeyVault/vaults/secrets';

describe('an Application Gateway reads a Key Vault certificate the code creates', () => {
  const withVault = design(true);

  it('Terraform: the listener reads the versionless id of a secret written from a sensitive input', () => {
    const files = terraformFiles(withVault);
    const main = files.find((f) => f.path === 'main.tf')!.content;
    const gateway = resourceBlock(main, 'azurerm_application_gateway', 'gateway');
    const ids = [...main.matchAll(/key_vault_secret_id\s+= (\S+)/g)].map((m) => m[1]);
    expect(ids).toEqual(['azurerm_key_vault_secret.gateway.versionless_id']);
    expect(gateway).toMatch(/depends_on\s+= \[azurerm_role_assignment\.gateway_vault_1\]/);
    const secret = resourceBlock(main, 'azurerm_key_vault_secret', 'gateway');
    expect(secret).toMatch(/name\s+= "web-tls"/);
    expect(secret).toMatch(/key_vault_id\s+= azurerm_key_vault\.vault\.id/);
    // Write-only: the private key never enters the state.
    expect(secret).toMatch(/value_wo\s+= var\.gateway_certificate_pfx/);
    expect(secret).toMatch(/content_type\s+= "application\/x-pkcs12"/);
    expect(resourceBlock(main, 'azurerm_role_assignment', 'gateway_vault_1')).toMatch(
      /scope\s+= azurerm_key_vault\.vault\.id\n\s+role_definition_name = "Key Vault Secrets User"\n\s+principal_id\s+= azurerm_user_assigned_identity\.gateway\.principal_id/,
    );
    const variables = files.find((f) => f.path === 'variables.tf')?.content ?? main;
    expect(variables).toMatch(
      /variable "gateway_certificate_pfx" \{\n\s+type\s+= string\n\s+description = "TLS certificate of web: PFX file [^"]*without a password, base64[^"]*"\n\s+sensitive\s+= true\n\}/,
    );
  });

  it('ARM: keyVaultSecretId is the URI of a secret in the template, which the gateway waits for', () => {
    const template = JSON.parse(file(withVault, 'arm', 'azuredeploy.json')) as {
      parameters: Record<string, { type: string; defaultValue?: unknown }>;
      resources: TArmResource[];
    };
    const secrets = template.resources.filter((r) => r.type === SECRET);
    expect(secrets).toHaveLength(1);
    expect(secrets[0]!.name).toMatch(/, 'web-tls'\)\]$/);
    expect(secrets[0]!.properties).toEqual({
      value: "[parameters('gatewayCertificatePfx')]",
      contentType: 'application/x-pkcs12',
    });
    expect(template.parameters['gatewayCertificatePfx']).toMatchObject({ type: 'securestring' });
    expect(template.parameters['gatewayCertificatePfx']!.defaultValue).toBeUndefined();
    const gateway = template.resources.find(
      (r) => r.type === 'Microsoft.Network/applicationGateways',
    )!;
    const certificates = (gateway.properties!['sslCertificates'] as { properties: object }[]).map(
      (c) => c.properties,
    );
    expect(certificates).toEqual([
      {
        keyVaultSecretId: expect.stringMatching(
          /^\[reference\(resourceId\('Microsoft\.KeyVault\/vaults\/secrets', .*, 'web-tls'\), '[\d-]+'\)\.secretUri\]$/,
        ),
      },
    ]);
    expect(gateway.dependsOn).toContainEqual(expect.stringContaining(`resourceId('${SECRET}'`));
  });

  it('Bicep: the secret is a child of the vault and the listener reads its URI', () => {
    const main = file(withVault, 'bicep', 'main.bicep');
    expect(main).toMatch(
      /resource gatewayCertificate 'Microsoft\.KeyVault\/vaults\/secrets@[\d-]+' = \{\n {2}parent: vault\n {2}name: 'web-tls'\n/,
    );
    expect(main).toContain('keyVaultSecretId: gatewayCertificate.properties.secretUri');
    expect(main).not.toMatch(/vaultUri\}secrets\//);
    for (const env of ['dev', 'prod'])
      expect(file(withVault, 'bicep', `main.${env}.bicepparam`)).toContain(
        "param gatewayCertificatePfx = readEnvironmentVariable('GATEWAY_CERTIFICATE_PFX')",
      );
  });

  it('every README says what to give and how a renewal reaches the gateway', () => {
    const tf = file(withVault, 'terraform', 'README.md');
    expect(tf).toContain('## TLS certificate');
    expect(tf).toContain('export TF_VAR_gateway_certificate_pfx="$(base64 -w0 web-tls.pfx)"');
    expect(tf).toContain('*Key Vault Secrets Officer*');
    expect(tf).toContain('`vault_allowed_ips`');
    expect(tf).toContain('az keyvault secret set --vault-name <vault> --name web-tls');
    for (const format of ['bicep', 'arm'] as const) {
      const readme = file(withVault, format, 'README.md');
      expect(readme).toContain('export GATEWAY_CERTIFICATE_PFX="$(base64 -w0 web-tls.pfx)"');
      expect(readme).toContain('-keypbe NONE -certpbe NONE');
      expect(readme).toContain('Every deployment writes it');
    }
  });

  it('without a Key Vault the PFX and its password go to the gateway itself, with no such section', () => {
    const main = terraformFiles(design(false)).find((f) => f.path === 'main.tf')!.content;
    expect(main).toMatch(
      /data\s+= var\.gateway_certificate_pfx\n\s+password = var\.gateway_certificate_password/,
    );
    expect(main).not.toContain('azurerm_key_vault_secret');
    expect(file(design(false), 'terraform', 'README.md')).not.toContain('## TLS certificate');
  });

  it('passes the provider schemas, ARM types and security policy', async () => {
    for (const d of [withVault, design(false)]) {
      const all = (['terraform', 'arm', 'bicep'] as const).map((f) => generated(d, f));
      expect(all.flatMap((r) => r.policy.filter((p) => !p.exempted))).toEqual([]);
      expect(
        await checkOutput(
          all.flatMap((r) => r.files),
          sharedOrBundledSchemas(),
        ),
      ).toEqual([]);
    }
  });
});
