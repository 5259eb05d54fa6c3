import type { TResolvedDesign } from '../../design/resolve';

/**
 * README section for an Application Gateway whose certificate the code writes to a Key Vault
 * (app-gateway-tls.ts): what to give, made how, and how a renewal reaches the gateway. A gateway
 * reads a Key Vault secret as an unencrypted PFX, which most CAs do not hand out.
 * learn.microsoft.com/azure/application-gateway/key-vault-certs
 */
export function agwCertificateReadme(
  resolved: TResolvedDesign,
  format: 'terraform' | 'bicep' | 'arm',
): string[] {
  const isTerraform = format === 'terraform';
  const sections = resolved.nodes
    .filter((n) => n.service.id === 'azure.application-gateway')
    .flatMap((gateway) => {
      const vault = resolved.design.connections
        .filter((c) => c.from === gateway.id && c.type === 'data')
        .map((c) => resolved.byId.get(c.to))
        .find((n) => n?.service.kind === 'kms');
      if (!vault) return [];
      const secret = String(gateway.properties['certificateName']);
      const input = isTerraform
        ? `TF_VAR_${gateway.local}_certificate_pfx`
        : `${gateway.local.toUpperCase()}_CERTIFICATE_PFX`;
      return [
        `\`${gateway.name}\` (Application Gateway) serves HTTPS with your certificate for the names it answers to. This code writes it to Key Vault \`${vault.name}\` as the secret \`${secret}\`, and the gateway reads it from there. Give each environment its certificate in \`${input}\`: a PFX file holding the private key and the whole chain, without a password (a gateway reads a Key Vault secret as an unencrypted PFX), base64 on one line:`,
        '',
        '```sh',
        'openssl pkcs12 -in site.pfx -nodes -out site.pem  # asks for the password of your PFX',
        `openssl pkcs12 -export -in site.pem -keypbe NONE -certpbe NONE -passout pass: -out ${secret}.pfx`,
        `export ${input}="$(base64 -w0 ${secret}.pfx)"`,
        '```',
        '',
        ...(isTerraform
          ? [
              `Terraform writes the secret through the vault's data plane: the identity that applies needs *Key Vault Secrets Officer* on the vault before the apply (on the resource group, as the vault is created here) and, unless it runs in a subnet the vault admits, its public address in \`${vault.local}_allowed_ips\`. It writes the value once and never reads it back (write-only), so renew by uploading the new PFX as a new version of the secret; the gateway picks it up within four hours:`,
              '',
              '```sh',
              `az keyvault secret set --vault-name <vault> --name ${secret} --file ${secret}.pfx --encoding base64 --content-type application/x-pkcs12`,
              '```',
            ]
          : [
              `Every deployment writes it through Azure Resource Manager as a new version of the secret, which the gateway picks up within four hours: renew by deploying with the new value in \`${input}\`.`,
            ]),
        '',
      ];
    });
  return sections.length > 0 ? ['## TLS certificate', '', ...sections] : [];
}
