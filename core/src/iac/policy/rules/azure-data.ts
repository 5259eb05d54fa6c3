import { collectArmRefs, type TArmResource } from '../../ir/arm-ir';
import type { TTfBody, TTfResource } from '../../ir/terraform-ir';
import {
  armOfType,
  armPath,
  armHit,
  attr,
  blocks,
  ofType,
  tfHit,
  address,
  refAddresses,
  refersTo,
} from '../query';
import { defineRule, type TPolicyHit } from '../types';

/**
 * Azure storage accounts, Key Vaults and resources behind private endpoints: network exposure
 * and key-based access.
 */

export const storageNoSharedKey = defineRule({
  id: 'azure-storage-no-public-shared-key',
  clouds: ['azure'],
  title: 'Storage accounts reachable from the internet do not accept shared keys',
  checks:
    'A storage account whose public endpoint admits every network (public network access on, default action Allow) authorises with Entra ID only: shared key access is disabled, so a leaked account key or SAS cannot be used from anywhere.',
  severity: 'high',
  docs: 'https://learn.microsoft.com/azure/storage/common/shared-key-authorization-prevent',
  source:
    'Checkov CKV2_AZURE_40 (shared key), CKV_AZURE_35 (default deny); tfsec azure-storage-default-action-deny',
  terraform: (resources) =>
    ofType(resources, 'azurerm_storage_account')
      .filter((r) => {
        const isOpen =
          attr(r.body, 'public_network_access_enabled') !== false &&
          blocks(r.body, 'network_rules').every((b) => attr(b.body, 'default_action') !== 'Deny');
        return isOpen && attr(r.body, 'shared_access_key_enabled') !== false;
      })
      .map((r) => tfHit(r, 'open to every network with shared key access on')),
  arm: (resources) =>
    armOfType(resources, 'Microsoft.Storage/storageAccounts')
      .filter((r) => {
        const isOpen =
          armPath(r, 'properties.publicNetworkAccess') !== 'Disabled' &&
          armPath(r, 'properties.networkAcls.defaultAction') !== 'Deny';
        return isOpen && armPath(r, 'properties.allowSharedKeyAccess') !== false;
      })
      .map((r) => armHit(r, 'open to every network with shared key access on')),
});

export const keyVaultNetworkDeny = defineRule({
  id: 'azure-keyvault-network-deny',
  clouds: ['azure'],
  title: 'Key Vault is not open to every network',
  checks:
    'Public network access is off, or the firewall denies by default (trusted Azure services and the listed addresses only).',
  severity: 'high',
  docs: 'https://learn.microsoft.com/azure/key-vault/general/network-security',
  source: 'Checkov CKV_AZURE_109, CKV_AZURE_189; tfsec azure-keyvault-specify-network-acl',
  terraform: (resources) =>
    ofType(resources, 'azurerm_key_vault')
      .filter(
        (r) =>
          attr(r.body, 'public_network_access_enabled') !== false &&
          blocks(r.body, 'network_acls').every((b) => attr(b.body, 'default_action') !== 'Deny'),
      )
      .map((r) => tfHit(r, 'public network access with no firewall (default action Allow)')),
  arm: (resources) =>
    armOfType(resources, 'Microsoft.KeyVault/vaults')
      .filter(
        (r) =>
          armPath(r, 'properties.publicNetworkAccess') !== 'Disabled' &&
          armPath(r, 'properties.networkAcls.defaultAction') !== 'Deny',
      )
      .map((r) => armHit(r, 'public network access with no firewall (default action Allow)')),
});

export const keyVaultSecretRbacPropagation = defineRule({
  id: 'azure-keyvault-secret-rbac-propagation',
  clouds: ['azure'],
  title: 'Key Vault secrets are not written in the apply that grants the writer its role',
  checks:
    'Azure RBAC assignments take up to ten minutes to reach Key Vault’s data plane, so a secret written right after the role assignment that lets Terraform write it fails with 403 on the first apply. The deploying identity holds its Key Vault role before the apply.',
  severity: 'medium',
  docs: 'https://learn.microsoft.com/azure/role-based-access-control/troubleshooting#symptom---role-assignment-changes-are-not-being-detected',
  source: 'Azure RBAC documentation (propagation delay); azurerm provider key_vault_secret notes',
  terraform: (resources) => {
    const assignments = ofType(resources, 'azurerm_role_assignment');
    return ofType(resources, 'azurerm_key_vault_secret').flatMap((r): TPolicyHit[] => {
      const vault = attr(r.body, 'key_vault_id');
      const grant = assignments.find(
        (a) =>
          (r.dependsOn ?? []).includes(address(a)) ||
          (JSON.stringify(attr(a.body, 'scope')) === JSON.stringify(vault) &&
            refersTo(attr(a.body, 'principal_id'), 'data.azurerm_client_config.current')),
      );
      return grant
        ? [tfHit(r, `written right after ${address(grant)} grants the writer its role`)]
        : [];
    });
  },
});

/** Types a private endpoint exposes with no switch to turn their public access off yet. */
const NO_PUBLIC_ACCESS_SWITCH = new Set([
  // azurerm 4.51 has no argument for it; Microsoft.Cache/redisEnterprise has none before 2025-07-01.
  'azurerm_managed_redis',
  'Microsoft.Cache/redisEnterprise',
]);

/** A deny-by-default firewall (Key Vault `network_acls`, storage `network_rules`...). */
const isTfDenyByDefault = (body: TTfBody): boolean =>
  ['network_acls', 'network_rules', 'network_rulesets'].some((key) =>
    blocks(body, key).some((b) => attr(b.body, 'default_action') === 'Deny'),
  );

export const privateEndpointPublicAccess = defineRule({
  id: 'azure-private-endpoint-public-access',
  clouds: ['azure'],
  title: 'A resource behind a private endpoint is not also open to the internet',
  checks:
    'A resource a private endpoint exposes has public network access disabled, or a firewall that denies every address it does not list: otherwise the private endpoint only adds a second way in beside the public one.',
  severity: 'high',
  docs: 'https://learn.microsoft.com/security/benchmark/azure/mcsb-network-security#ns-2-secure-cloud-native-services-with-network-controls',
  source:
    'Microsoft cloud security benchmark NS-2; Checkov CKV_AZURE_59 (storage), CKV_AZURE_101 (Cosmos DB), CKV_AZURE_189 (Key Vault)',
  terraform: (resources) => {
    const byAddress = new Map(
      resources.filter((r) => r.mode === 'resource').map((r) => [address(r), r]),
    );
    return ofType(resources, 'azurerm_private_endpoint').flatMap((pep) =>
      blocks(pep.body, 'private_service_connection')
        .flatMap((c) => refAddresses(attr(c.body, 'private_connection_resource_id')))
        .map((a) => byAddress.get(a))
        .filter((r): r is TTfResource => r !== undefined && !NO_PUBLIC_ACCESS_SWITCH.has(r.type))
        .filter(
          (r) =>
            attr(r.body, 'public_network_access_enabled') !== false &&
            attr(r.body, 'public_network_access') !== 'Disabled' &&
            !isTfDenyByDefault(r.body),
        )
        .map((r) => tfHit(r, `public network access on beside ${address(pep)}`)),
    );
  },
  arm: (resources) => {
    const bySymbol = new Map(resources.map((r) => [r.symbol, r]));
    return armOfType(resources, 'Microsoft.Network/privateEndpoints').flatMap((pep) =>
      collectArmRefs(armPath(pep, 'properties.privateLinkServiceConnections'))
        .map((ref) => bySymbol.get(ref.symbol))
        .filter((r): r is TArmResource => r !== undefined && !NO_PUBLIC_ACCESS_SWITCH.has(r.type))
        .filter(
          (r) =>
            armPath(r, 'properties.publicNetworkAccess') !== 'Disabled' &&
            armPath(r, 'properties.networkAcls.defaultAction') !== 'Deny',
        )
        .map((r) => armHit(r, `public network access on beside ${pep.symbol}`)),
    );
  },
});
