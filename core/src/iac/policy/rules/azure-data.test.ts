import { describe, expect, it } from 'vitest';
import { aref } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import { arm, armAddresses, tf, tfAddresses } from '../testing/ir';
import {
  keyVaultNetworkDeny,
  keyVaultSecretRbacPropagation,
  privateEndpointPublicAccess,
  storageNoSharedKey,
} from './azure-data';

describe('azure-storage-no-public-shared-key', () => {
  it('flags an account open to every network that still accepts shared keys', () => {
    const open = tf('azurerm_storage_account', 'open', { min_tls_version: 'TLS1_2' });
    expect(tfAddresses(storageNoSharedKey, [open])).toEqual(['azurerm_storage_account.open']);
    expect(
      armAddresses(storageNoSharedKey, [
        arm('open', 'Microsoft.Storage/storageAccounts', { properties: {} }),
      ]),
    ).toEqual(['open']);
  });

  it('passes Entra-only accounts and accounts behind a deny-by-default firewall', () => {
    const entra = tf('azurerm_storage_account', 'a', { shared_access_key_enabled: false });
    const firewalled = tf('azurerm_storage_account', 'b', {
      network_rules: block({ default_action: 'Deny' }),
    });
    expect(tfAddresses(storageNoSharedKey, [entra, firewalled])).toEqual([]);
    expect(
      armAddresses(storageNoSharedKey, [
        arm('a', 'Microsoft.Storage/storageAccounts', {
          properties: { allowSharedKeyAccess: false },
        }),
        arm('b', 'Microsoft.Storage/storageAccounts', {
          properties: { networkAcls: { defaultAction: 'Deny' } },
        }),
      ]),
    ).toEqual([]);
  });
});

describe('azure-keyvault-network-deny', () => {
  it('flags a vault with public access and no firewall', () => {
    expect(tfAddresses(keyVaultNetworkDeny, [tf('azurerm_key_vault', 'kv', {})])).toEqual([
      'azurerm_key_vault.kv',
    ]);
    expect(
      armAddresses(keyVaultNetworkDeny, [
        arm('kv', 'Microsoft.KeyVault/vaults', { properties: {} }),
      ]),
    ).toEqual(['kv']);
  });

  it('passes a deny-by-default firewall or disabled public access', () => {
    const acl = tf('azurerm_key_vault', 'a', { network_acls: block({ default_action: 'Deny' }) });
    const off = tf('azurerm_key_vault', 'b', { public_network_access_enabled: false });
    expect(tfAddresses(keyVaultNetworkDeny, [acl, off])).toEqual([]);
  });
});

describe('azure-keyvault-secret-rbac-propagation', () => {
  const vault = ref('azurerm_key_vault.kv', 'id');
  const officer = tf('azurerm_role_assignment', 'writer', {
    scope: vault,
    role_definition_name: 'Key Vault Secrets Officer',
    principal_id: ref('data.azurerm_client_config.current', 'object_id'),
  });

  it('flags a secret written in the apply that grants its writer the role', () => {
    const secret = tf(
      'azurerm_key_vault_secret',
      's',
      { key_vault_id: vault },
      {
        dependsOn: ['azurerm_role_assignment.writer'],
      },
    );
    expect(tfAddresses(keyVaultSecretRbacPropagation, [officer, secret])).toEqual([
      'azurerm_key_vault_secret.s',
    ]);
  });

  it('passes a secret whose writer holds its role before the apply', () => {
    const secret = tf('azurerm_key_vault_secret', 's', { key_vault_id: vault });
    const reader = tf('azurerm_role_assignment', 'reader', {
      scope: vault,
      principal_id: ref('azurerm_user_assigned_identity.app', 'principal_id'),
    });
    expect(tfAddresses(keyVaultSecretRbacPropagation, [reader, secret])).toEqual([]);
  });
});

describe('azure-private-endpoint-public-access', () => {
  const pep = (target: string) =>
    tf('azurerm_private_endpoint', 'pep', {
      private_service_connection: block({
        name: 'primary',
        private_connection_resource_id: ref(target, 'id'),
      }),
    });
  const armPep = (target: string) =>
    arm('pep', 'Microsoft.Network/privateEndpoints', {
      properties: {
        privateLinkServiceConnections: [
          { name: 'primary', properties: { privateLinkServiceId: aref(target, 'id') } },
        ],
      },
    });

  it('flags a resource a private endpoint exposes that keeps public access on', () => {
    const cosmos = tf('azurerm_cosmosdb_account', 'events', {
      local_authentication_disabled: true,
    });
    expect(
      tfAddresses(privateEndpointPublicAccess, [cosmos, pep('azurerm_cosmosdb_account.events')]),
    ).toEqual(['azurerm_cosmosdb_account.events']);
    expect(
      armAddresses(privateEndpointPublicAccess, [
        arm('events', 'Microsoft.DocumentDB/databaseAccounts', { properties: {} }),
        armPep('events'),
      ]),
    ).toEqual(['events']);
  });

  it('passes public access off, a deny-by-default firewall, and resources no endpoint exposes', () => {
    const off = tf('azurerm_eventhub_namespace', 'ns', { public_network_access_enabled: false });
    const mongo = tf('azurerm_mongo_cluster', 'docs', { public_network_access: 'Disabled' });
    const acl = tf('azurerm_key_vault', 'kv', { network_acls: block({ default_action: 'Deny' }) });
    const alone = tf('azurerm_cosmosdb_account', 'alone', {});
    const peps = ['ns', 'docs', 'kv'].map((n, i) => ({
      ...pep([off, mongo, acl][i]!.type + '.' + n),
      name: `pep_${n}`,
    }));
    expect(tfAddresses(privateEndpointPublicAccess, [off, mongo, acl, alone, ...peps])).toEqual([]);
    expect(
      armAddresses(privateEndpointPublicAccess, [
        arm('ns', 'Microsoft.EventHub/namespaces', {
          properties: { publicNetworkAccess: 'Disabled' },
        }),
        armPep('ns'),
      ]),
    ).toEqual([]);
  });
});
