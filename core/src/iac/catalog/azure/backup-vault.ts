import { defineService, type TArmBuildContext, type TEdge, type TTfBuildContext } from '../service';
import { enumProp, numProp } from '../properties';
import { aref, armFn, atpl, type TArmValue } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import { BuildError } from '../../build/terraform-build';
import { armLocation, placed, rgName } from './shared';

/**
 * Recovery Services vault with Azure Backup: an enhanced (V2) daily policy for the Linux VMs and
 * a daily policy for the Azure Files shares it has data connections to, daily and weekly
 * retention. Soft delete stays on, immutability is enabled (unlocked: an owner may lock it, which
 * cannot be undone), the vault has no public network access (VM and file-share backups run over
 * the Azure backbone and need none; learn.microsoft.com/azure/backup/private-endpoints-overview),
 * and the built-in Azure Monitor alerts report failed jobs.
 */
const BACKUP_API = '2025-02-01';
/** 02:00 UTC: the run time ARM wants as a date-time, Terraform as HH:MM. */
const RUN_TIME = '02:00';
const RUN_DATETIME = '2025-01-05T02:00:00Z';
const VM_POLICY = 'daily-vm';
const SHARE_POLICY = 'daily-files';

type TCtx = TTfBuildContext | TArmBuildContext;

/** Data connections to what Azure Backup protects here; anything else is refused by name. */
function protectedItems(ctx: TCtx): { vms: TEdge[]; shares: TEdge[] } {
  const vms: TEdge[] = [];
  const shares: TEdge[] = [];
  for (const e of ctx.outgoing('data')) {
    if (e.node.service.kind === 'vm') vms.push(e);
    else if (e.node.service.kind === 'file-storage') shares.push(e);
    else
      throw new BuildError(
        `${ctx.node.name}: the Recovery Services vault backs up Linux VMs and Azure Files shares, not ${e.node.name}`,
      );
  }
  return { vms, shares };
}

const redundancyProp = enumProp(
  'redundancy',
  'Backup storage redundancy',
  ['GeoRedundant', 'ZoneRedundant', 'LocallyRedundant'],
  'GeoRedundant',
);

export const azureBackupVault = defineService({
  id: 'azure.backup-vault',
  cloud: 'azure',
  kind: 'backup',
  name: 'Backup (Recovery Services vault)',
  category: 'storage',
  description:
    'Recovery Services vault with soft delete, immutability and no public access; daily backups with daily and weekly retention for the Linux VMs and Azure Files shares it has data connections to.',
  icon: 'azure-backup',
  properties: [
    redundancyProp,
    numProp('dailyDays', 'Keep daily backups (days)', 30, 7, 200),
    numProp('weeklyWeeks', 'Keep weekly backups (weeks)', 12, 1, 200),
  ],
  placement: 'none',
  naming: { rule: 'azure-backup-vault', abbreviation: 'rsv' },
  emits: {
    terraform: [
      'azurerm_recovery_services_vault',
      'azurerm_backup_policy_vm',
      'azurerm_backup_policy_file_share',
      'azurerm_backup_protected_vm',
      'azurerm_backup_container_storage_account',
      'azurerm_backup_protected_file_share',
    ],
    arm: [
      { type: 'Microsoft.RecoveryServices/vaults', apiVersion: BACKUP_API },
      { type: 'Microsoft.RecoveryServices/vaults/backupPolicies', apiVersion: BACKUP_API },
      {
        type: 'Microsoft.RecoveryServices/vaults/backupFabrics/protectionContainers',
        apiVersion: BACKUP_API,
      },
      {
        type: 'Microsoft.RecoveryServices/vaults/backupFabrics/protectionContainers/protectedItems',
        apiVersion: BACKUP_API,
      },
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const { vms, shares } = protectedItems(ctx);
    const vault = ctx.resource('azurerm_recovery_services_vault', local, {
      name: ctx.name(),
      ...placed(),
      sku: 'Standard',
      storage_mode_type: ctx.prop('redundancy'),
      // Restoring into the paired region needs geo-redundant storage.
      cross_region_restore_enabled: ctx.prop(
        'redundancy',
        (v) => v === 'GeoRedundant',
        'crossRegionRestore',
      ),
      soft_delete_enabled: true,
      immutability: 'Unlocked',
      public_network_access_enabled: false,
      tags: ctx.tags(),
      identity: block({ type: 'SystemAssigned' }),
      monitoring: block({
        alerts_for_all_job_failures_enabled: true,
        alerts_for_critical_operation_failures_enabled: true,
      }),
    });
    const vaultArgs = {
      resource_group_name: rgName(),
      recovery_vault_name: ref(vault.address, 'name'),
    };
    const retention = {
      retention_daily: block({ count: ctx.prop('dailyDays') }),
      retention_weekly: block({ count: ctx.prop('weeklyWeeks'), weekdays: ['Sunday'] }),
    };
    if (vms.length > 0) {
      const policy = ctx.resource('azurerm_backup_policy_vm', local, {
        name: VM_POLICY,
        ...vaultArgs,
        policy_type: 'V2',
        timezone: 'UTC',
        instant_restore_retention_days: 7,
        backup: block({ frequency: 'Daily', time: RUN_TIME }),
        ...retention,
      });
      for (const { node } of vms) {
        ctx.resource('azurerm_backup_protected_vm', `${local}_${node.local}`, {
          ...vaultArgs,
          source_vm_id: ref(ctx.address(node, 'azurerm_linux_virtual_machine'), 'id'),
          backup_policy_id: ref(policy.address, 'id'),
        });
      }
    }
    if (shares.length > 0) {
      const policy = ctx.resource('azurerm_backup_policy_file_share', local, {
        name: SHARE_POLICY,
        ...vaultArgs,
        timezone: 'UTC',
        backup: block({ frequency: 'Daily', time: RUN_TIME }),
        ...retention,
      });
      for (const { node } of shares) {
        const account = ref(ctx.address(node, 'azurerm_storage_account'), 'id');
        const container = ctx.resource(
          'azurerm_backup_container_storage_account',
          `${local}_${node.local}`,
          { ...vaultArgs, storage_account_id: account },
        );
        ctx.resource(
          'azurerm_backup_protected_file_share',
          `${local}_${node.local}`,
          {
            ...vaultArgs,
            source_storage_account_id: account,
            source_file_share_name: ref(ctx.address(node, 'azurerm_storage_share'), 'name'),
            backup_policy_id: ref(policy.address, 'id'),
          },
          [container.address],
        );
      }
    }
    ctx.output('id', `Id of vault ${ctx.node.name}`, ref(vault.address, 'id'));
  },
  arm: (ctx) => {
    const { vms, shares } = protectedItems(ctx);
    const base = ctx.symbol(ctx.node);
    const vault = ctx.resource({
      symbol: base,
      type: 'Microsoft.RecoveryServices/vaults',
      apiVersion: BACKUP_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: 'RS0', tier: 'Standard' },
        identity: { type: 'SystemAssigned' },
        properties: {
          publicNetworkAccess: 'Disabled',
          securitySettings: {
            softDeleteSettings: { softDeleteState: 'Enabled', softDeleteRetentionPeriodInDays: 14 },
            immutabilitySettings: { state: 'Unlocked' },
          },
          redundancySettings: {
            standardTierStorageRedundancy: ctx.prop('redundancy'),
            crossRegionRestore: ctx.prop('redundancy', (v) =>
              v === 'GeoRedundant' ? 'Enabled' : 'Disabled',
            ),
          },
          monitoringSettings: {
            azureMonitorAlertSettings: {
              alertsForAllJobFailures: 'Enabled',
              alertsForAllFailoverIssues: 'Enabled',
              alertsForAllReplicationIssues: 'Enabled',
            },
            classicAlertSettings: { alertsForCriticalOperations: 'Disabled' },
          },
        },
      },
    });
    const retention = (): Record<string, TArmValue> => ({
      retentionPolicyType: 'LongTermRetentionPolicy',
      dailySchedule: {
        retentionTimes: [RUN_DATETIME],
        retentionDuration: { count: ctx.prop('dailyDays'), durationType: 'Days' },
      },
      weeklySchedule: {
        daysOfTheWeek: ['Sunday'],
        retentionTimes: [RUN_DATETIME],
        retentionDuration: { count: ctx.prop('weeklyWeeks'), durationType: 'Weeks' },
      },
    });
    // Item names embed the resource group and the protected resource's name, as Azure Backup
    // names its containers (learn.microsoft.com/azure/backup/backup-azure-arm-userestapi-backupazurevms).
    const rg = armFn('resourceGroupName');
    if (vms.length > 0) {
      const policy = ctx.resource({
        symbol: `${base}VmPolicy`,
        type: 'Microsoft.RecoveryServices/vaults/backupPolicies',
        apiVersion: BACKUP_API,
        parent: vault,
        name: VM_POLICY,
        body: {
          properties: {
            backupManagementType: 'AzureIaasVM',
            policyType: 'V2',
            instantRpRetentionRangeInDays: 7,
            timeZone: 'UTC',
            schedulePolicy: {
              schedulePolicyType: 'SimpleSchedulePolicyV2',
              scheduleRunFrequency: 'Daily',
              dailySchedule: { scheduleRunTimes: [RUN_DATETIME] },
            },
            retentionPolicy: retention(),
          },
        },
      });
      for (const { node } of vms) {
        const vm = ctx.symbol(node);
        const container = ['iaasvmcontainerv2;', rg, ';', aref(vm, 'name')] as const;
        ctx.resource({
          symbol: `${base}${vm.charAt(0).toUpperCase()}${vm.slice(1)}Item`,
          type: 'Microsoft.RecoveryServices/vaults/backupFabrics/protectionContainers/protectedItems',
          apiVersion: BACKUP_API,
          name: atpl(
            aref(vault, 'name'),
            '/Azure/iaasvmcontainer;',
            ...container,
            '/vm;',
            ...container,
          ),
          body: {
            properties: {
              protectedItemType: 'Microsoft.Compute/virtualMachines',
              sourceResourceId: aref(vm, 'id'),
              policyId: aref(policy, 'id'),
            },
          },
        });
      }
    }
    if (shares.length > 0) {
      const policy = ctx.resource({
        symbol: `${base}FilesPolicy`,
        type: 'Microsoft.RecoveryServices/vaults/backupPolicies',
        apiVersion: BACKUP_API,
        parent: vault,
        name: SHARE_POLICY,
        body: {
          properties: {
            backupManagementType: 'AzureStorage',
            workLoadType: 'AzureFileShare',
            timeZone: 'UTC',
            schedulePolicy: {
              schedulePolicyType: 'SimpleSchedulePolicy',
              scheduleRunFrequency: 'Daily',
              scheduleRunTimes: [RUN_DATETIME],
            },
            retentionPolicy: retention(),
          },
        },
      });
      for (const { node } of shares) {
        const account = ctx.symbol(node);
        const suffix = `${account.charAt(0).toUpperCase()}${account.slice(1)}`;
        const containerName = [
          'storagecontainer;Storage;',
          rg,
          ';',
          aref(account, 'name'),
        ] as const;
        const container = ctx.resource({
          symbol: `${base}${suffix}Container`,
          type: 'Microsoft.RecoveryServices/vaults/backupFabrics/protectionContainers',
          apiVersion: BACKUP_API,
          name: atpl(aref(vault, 'name'), '/Azure/', ...containerName),
          body: {
            properties: {
              backupManagementType: 'AzureStorage',
              containerType: 'StorageContainer',
              sourceResourceId: aref(account, 'id'),
            },
          },
        });
        ctx.resource({
          symbol: `${base}${suffix}Item`,
          type: 'Microsoft.RecoveryServices/vaults/backupFabrics/protectionContainers/protectedItems',
          apiVersion: BACKUP_API,
          name: atpl(
            aref(vault, 'name'),
            '/Azure/',
            ...containerName,
            // The share's name as the design sets it (azure.file-share property `share`).
            `/AzureFileShare;${String(node.properties['share'])}`,
          ),
          dependsOn: [container],
          body: {
            properties: {
              protectedItemType: 'AzureFileShareProtectedItem',
              sourceResourceId: aref(account, 'id'),
              policyId: aref(policy, 'id'),
            },
          },
        });
      }
    }
    ctx.output('id', `Id of vault ${ctx.node.name}`, aref(vault, 'id'));
  },
});
