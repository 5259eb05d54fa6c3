import { defineService } from '../service';
import { ALLOWED_IPS, armNetworkAcls, secretVaultOf, tfVaultAcls } from './firewall';
import { strProp } from '../properties';
import { aref, armFn } from '../../ir/arm-ir';
import { ref } from '../../ir/terraform-ir';
import { armLocation, placed } from './shared';

/** Azure Key Vault secrets. */
const KEYVAULT_API = '2024-11-01';

export const azureKeyVaultSecret = defineService({
  id: 'azure.key-vault-secret',
  cloud: 'azure',
  kind: 'secret',
  name: 'Key Vault secret',
  category: 'security',
  description:
    'Secret in the Key Vault it connects to (or a vault of its own); the value is a sensitive variable, never a literal.',
  icon: 'azure-key-vault-secret',
  properties: [strProp('contentType', 'Content type', 'text/plain'), ALLOWED_IPS],
  placement: 'none',
  naming: { rule: 'azure-kv-secret', abbreviation: 'secret' },
  emits: {
    terraform: ['azurerm_key_vault_secret', 'azurerm_key_vault'],
    arm: [
      { type: 'Microsoft.KeyVault/vaults/secrets', apiVersion: KEYVAULT_API },
      { type: 'Microsoft.KeyVault/vaults', apiVersion: KEYVAULT_API },
    ],
  },
  terraform: (ctx) => {
    const vault = secretVaultOf(ctx, ctx.node);
    const vaultId = vault
      ? ref(ctx.address(vault, 'azurerm_key_vault'), 'id')
      : ref(
          ctx.resource('azurerm_key_vault', ctx.node.local, {
            name: ctx.name('kv', 'azure-keyvault'),
            ...placed(),
            tenant_id: ref(ctx.data('azurerm_client_config', 'current', {}).address, 'tenant_id'),
            sku_name: 'standard',
            rbac_authorization_enabled: true,
            soft_delete_retention_days: 90,
            purge_protection_enabled: true,
            network_acls: tfVaultAcls(ctx),
            tags: ctx.tags(),
          }).address,
          'id',
        );
    // The identity that applies Terraform writes the secret through the vault's data plane, so
    // it holds Key Vault Secrets Officer before the apply (granted with the pipeline's
    // identity): a role assigned in this same apply takes minutes to propagate and the write
    // fails with 403 (policy azure-keyvault-secret-rbac-propagation).
    const secret = ctx.resource('azurerm_key_vault_secret', ctx.node.local, {
      name: ctx.name(),
      key_vault_id: vaultId,
      // Write-only: the value never enters the state (policy no-secret-in-state); raise the
      // version to rotate it.
      value_wo: ctx.variable({
        name: `${ctx.node.local}_value`,
        type: 'string',
        description: `Value of secret ${ctx.node.name}, written through the vault's data plane: the identity that applies needs Key Vault Secrets Officer on the vault and, outside the subnets it admits, its address in ${vault?.local ?? ctx.node.local}_allowed_ips (set TF_VAR_${ctx.node.local}_value).`,
        sensitive: true,
      }),
      value_wo_version: 1,
      content_type: ctx.prop('contentType'),
      tags: ctx.tags(),
    });
    ctx.output('id', `Versionless id of ${ctx.node.name}`, ref(secret.address, 'versionless_id'));
  },
  arm: (ctx) => {
    const vault = secretVaultOf(ctx, ctx.node);
    const base = ctx.symbol(ctx.node);
    const vaultSymbol = vault
      ? ctx.symbol(vault)
      : ctx.resource({
          symbol: `${base}Vault`,
          type: 'Microsoft.KeyVault/vaults',
          apiVersion: KEYVAULT_API,
          name: ctx.name('kv', 'azure-keyvault'),
          body: {
            location: armLocation(),
            tags: ctx.tags(),
            properties: {
              tenantId: armFn('tenantId'),
              sku: { family: 'A', name: 'standard' },
              enableRbacAuthorization: true,
              enableSoftDelete: true,
              softDeleteRetentionInDays: 90,
              enablePurgeProtection: true,
              networkAcls: armNetworkAcls(ctx),
            },
          },
        });
    const secret = ctx.resource({
      symbol: base,
      type: 'Microsoft.KeyVault/vaults/secrets',
      apiVersion: KEYVAULT_API,
      parent: vaultSymbol,
      name: ctx.name(),
      body: {
        tags: ctx.tags(),
        properties: {
          value: ctx.parameter({
            name: `${base}Value`,
            type: 'string',
            secure: true,
            description: `Value of secret ${ctx.node.name}.`,
            envVar: `${ctx.node.local.toUpperCase()}_VALUE`,
          }),
          contentType: ctx.prop('contentType'),
        },
      },
    });
    ctx.output('uri', `URI of ${ctx.node.name}`, aref(secret, 'properties.secretUri'));
  },
});
