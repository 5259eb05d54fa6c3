import { defineService } from '../service';
import { ALLOWED_IPS, armNetworkAcls, tfStorageRules } from './firewall';
import { enumProp, numProp, strProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { ref } from '../../ir/terraform-ir';
import { armLocation, armPublicAccess, placed, tfPublicAccess } from './shared';

/** Azure Files: a storage account with one SMB share. */
const STORAGE_API = '2025-06-01';
export const azureFileShare = defineService({
  id: 'azure.file-share',
  cloud: 'azure',
  kind: 'file-storage',
  name: 'Azure Files share',
  category: 'storage',
  description:
    'Storage account for Azure Files (TLS 1.2, no public blob access) with one SMB share.',
  icon: 'azure-files',
  properties: [
    enumProp('tier', 'Performance tier', ['Standard', 'Premium'], 'Standard'),
    enumProp('replication', 'Replication', ['LRS', 'ZRS'], 'ZRS'),
    numProp('quotaGb', 'Share quota (GiB)', 100, 1, 102400),
    strProp('share', 'Share name', 'data'),
    ALLOWED_IPS,
  ],
  placement: 'none',
  naming: { rule: 'azure-storage', abbreviation: 'st' },
  emits: {
    terraform: ['azurerm_storage_account', 'azurerm_storage_share'],
    arm: [
      { type: 'Microsoft.Storage/storageAccounts', apiVersion: STORAGE_API },
      { type: 'Microsoft.Storage/storageAccounts/fileServices', apiVersion: STORAGE_API },
      { type: 'Microsoft.Storage/storageAccounts/fileServices/shares', apiVersion: STORAGE_API },
    ],
  },
  terraform: (ctx) => {
    const premium = ctx.value('tier') === 'Premium';
    const account = ctx.resource('azurerm_storage_account', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      account_tier: ctx.prop('tier'),
      account_replication_type: ctx.prop('replication'),
      account_kind: premium ? 'FileStorage' : 'StorageV2',
      min_tls_version: 'TLS1_2',
      https_traffic_only_enabled: true,
      allow_nested_items_to_be_public: false,
      // SMB mounts authenticate with the account key, so the share is closed by network:
      // only the subnets of its readers (and listed addresses) reach it.
      network_rules: tfStorageRules(ctx),
      ...tfPublicAccess(ctx),
      tags: ctx.tags(),
    });
    ctx.resource('azurerm_storage_share', ctx.node.local, {
      name: ctx.prop('share'),
      storage_account_id: ref(account.address, 'id'),
      quota: ctx.prop('quotaGb'),
      enabled_protocol: 'SMB',
    });
    ctx.output(
      'file_endpoint',
      `File endpoint of ${ctx.node.name}`,
      ref(account.address, 'primary_file_endpoint'),
    );
  },
  arm: (ctx) => {
    const premium = ctx.value('tier') === 'Premium';
    const account = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Storage/storageAccounts',
      apiVersion: STORAGE_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: ctx.prop('replication', (v) => `${ctx.value('tier')}_${String(v)}`) },
        kind: premium ? 'FileStorage' : 'StorageV2',
        properties: {
          minimumTlsVersion: 'TLS1_2',
          supportsHttpsTrafficOnly: true,
          allowBlobPublicAccess: false,
          networkAcls: armNetworkAcls(ctx),
          ...armPublicAccess(ctx),
        },
      },
    });
    const files = ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Files'),
      type: 'Microsoft.Storage/storageAccounts/fileServices',
      apiVersion: STORAGE_API,
      parent: account,
      name: 'default',
      body: {},
    });
    ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Share'),
      type: 'Microsoft.Storage/storageAccounts/fileServices/shares',
      apiVersion: STORAGE_API,
      parent: files,
      name: ctx.prop('share'),
      body: { properties: { shareQuota: ctx.prop('quotaGb'), enabledProtocols: 'SMB' } },
    });
    ctx.output(
      'fileEndpoint',
      `File endpoint of ${ctx.node.name}`,
      aref(account, 'properties.primaryEndpoints.file'),
    );
  },
});
