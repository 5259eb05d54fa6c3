import type { TArmBuildContext, TNode, TTfBuildContext } from '../service';
import { aref, type TArmValue } from '../../ir/arm-ir';
import { block, ref, type TTfBlock } from '../../ir/terraform-ir';
import { armRoleAssignments, tfRoleAssignments, tfUserIdentity } from './access';
import { armLocation, placed } from './shared';

/**
 * The Application Gateway's TLS certificate, always an input: nothing else can vouch for the
 * gateway's host names. With a data connection to a Key Vault the code writes it there as the
 * secret `certificateName` (an unencrypted PFX, which is what the gateway reads from a secret,
 * and a secret is what ARM can write: Key Vault certificates are data-plane objects), and a
 * user-assigned identity (an Application Gateway takes no system identity) holding Key Vault
 * Secrets User reads it; the gateway waits for both. Otherwise the PFX and its password are two
 * secure parameters uploaded to the gateway itself.
 * learn.microsoft.com/azure/application-gateway/key-vault-certs
 */
export const AGW_IDENTITY_API = '2023-01-31';
export const AGW_CERT = 'tls';
/** Key Vault's API version, as for the vault itself (platform.ts). */
export const AGW_SECRET_API = '2024-11-01';
/** Content type of a Key Vault secret holding a PFX (what `az keyvault certificate` writes). */
const PFX_CONTENT_TYPE = 'application/x-pkcs12';

/** What the PFX input of a vault-held certificate is: the README repeats how to make one. */
const vaultPfx = (ctx: TTfBuildContext | TArmBuildContext, vault: TNode): string =>
  `TLS certificate of ${ctx.node.name}: PFX file with the private key and chain, without a password, base64; written to Key Vault ${vault.name}, where the gateway reads it`;

const vaultOf = (ctx: TTfBuildContext | TArmBuildContext): TNode | undefined =>
  ctx.outgoing('data').find((e) => e.node.service.kind === 'kms')?.node;

export function tfAgwCertificate(ctx: TTfBuildContext): {
  certificate: TTfBlock;
  identity?: TTfBlock;
  dependsOn: string[];
} {
  const local = ctx.node.local;
  const vault = vaultOf(ctx);
  if (!vault) {
    const secret = (what: string, description: string) =>
      ctx.variable({
        name: `${local}_certificate_${what}`,
        type: 'string',
        description: `${description} (set TF_VAR_${local}_certificate_${what}).`,
        sensitive: true,
      });
    return {
      certificate: block({
        name: AGW_CERT,
        data: secret('pfx', `TLS certificate of ${ctx.node.name}: PFX file, base64`),
        password: secret('password', `Password of the PFX file of ${ctx.node.name}`),
      }),
      dependsOn: [],
    };
  }
  const identity = ctx.resource('azurerm_user_assigned_identity', local, {
    name: ctx.name('id', 'azure-identity'),
    ...placed(),
    tags: ctx.tags(),
  });
  const dependsOn = tfRoleAssignments(ctx, tfUserIdentity(identity.address));
  // Written through the vault's data plane, write-only: the private key never enters the
  // state, and a version uploaded later (a renewal) is not overwritten.
  const secret = ctx.resource('azurerm_key_vault_secret', local, {
    name: ctx.prop('certificateName'),
    key_vault_id: ref(ctx.address(vault, 'azurerm_key_vault'), 'id'),
    value_wo: ctx.variable({
      name: `${local}_certificate_pfx`,
      type: 'string',
      description: `${vaultPfx(ctx, vault)} (set TF_VAR_${local}_certificate_pfx).`,
      sensitive: true,
    }),
    value_wo_version: 1,
    content_type: PFX_CONTENT_TYPE,
    tags: ctx.tags(),
  });
  return {
    certificate: block({
      name: AGW_CERT,
      // Versionless secret id: the gateway picks up a renewed certificate by itself.
      key_vault_secret_id: ref(secret.address, 'versionless_id'),
    }),
    identity: block({ type: 'UserAssigned', identity_ids: [ref(identity.address, 'id')] }),
    dependsOn,
  };
}

export function armAgwCertificate(ctx: TArmBuildContext): {
  certificate: Record<string, TArmValue>;
  identity?: TArmValue;
  dependsOn: string[];
} {
  const vault = vaultOf(ctx);
  if (!vault) {
    const secret = (what: string, env: string, description: string) =>
      ctx.parameter({
        name: `${ctx.symbol(ctx.node)}Certificate${what}`,
        type: 'string',
        secure: true,
        description,
        envVar: `${ctx.node.local.toUpperCase()}_CERTIFICATE_${env}`,
      });
    return {
      certificate: {
        data: secret('Pfx', 'PFX', `TLS certificate of ${ctx.node.name}: PFX file, base64.`),
        password: secret('Password', 'PASSWORD', `Password of the PFX file of ${ctx.node.name}.`),
      },
      dependsOn: [],
    };
  }
  const identity = ctx.resource({
    symbol: ctx.symbol(ctx.node, 'Identity'),
    type: 'Microsoft.ManagedIdentity/userAssignedIdentities',
    apiVersion: AGW_IDENTITY_API,
    name: ctx.name('id', 'azure-identity'),
    body: { location: armLocation(), tags: ctx.tags() },
  });
  const dependsOn = armRoleAssignments(ctx, identity, 'properties.principalId');
  // Through Azure Resource Manager: no data-plane role or firewall opening for the deployer.
  // Every deployment writes the value given, as a new version the gateway picks up.
  const secret = ctx.resource({
    symbol: ctx.symbol(ctx.node, 'Certificate'),
    type: 'Microsoft.KeyVault/vaults/secrets',
    apiVersion: AGW_SECRET_API,
    parent: ctx.symbol(vault),
    name: ctx.prop('certificateName'),
    body: {
      tags: ctx.tags(),
      properties: {
        value: ctx.parameter({
          name: `${ctx.symbol(ctx.node)}CertificatePfx`,
          type: 'string',
          secure: true,
          description: `${vaultPfx(ctx, vault)}.`,
          envVar: `${ctx.node.local.toUpperCase()}_CERTIFICATE_PFX`,
        }),
        contentType: PFX_CONTENT_TYPE,
      },
    },
  });
  return {
    // Versionless secret URI: the gateway picks up a renewed certificate by itself.
    certificate: { keyVaultSecretId: aref(secret, 'properties.secretUri') },
    identity: {
      type: 'UserAssigned',
      userAssignedIdentities: { $: 'keyed', entries: [{ key: aref(identity, 'id'), value: {} }] },
    },
    dependsOn,
  };
}
