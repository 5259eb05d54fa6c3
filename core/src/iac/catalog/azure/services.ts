import {
  defineService,
  type TArmBuildContext,
  type TBuildContextBase,
  type TNode,
} from '../service';
import { ALLOWED_IPS, armNetworkAcls, tfStorageRules, tfVaultAcls } from './firewall';
import { enumProp, numProp, strProp } from '../properties';
import { aref, armFn } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import { armLocation, armPublicAccess, placed, rgName, tfPublicAccess } from './shared';
import {
  armServiceBusEndpoint,
  armServiceBusNamespace,
  SERVICEBUS_API,
  tfServiceBusEndpoint,
  tfServiceBusNamespace,
} from './service-bus';

/**
 * Azure registry, storage, security, messaging, monitoring and API services that stand alone:
 * Container Registry, managed disks, Azure Files, Key Vault secrets, managed identities, Service
 * Bus topics, Event Grid topics, metric alerts, API Management.
 */
const ACR_API = '2025-04-01';
const DISK_API = '2025-01-02';
const STORAGE_API = '2025-06-01';
const KEYVAULT_API = '2024-11-01';
const IDENTITY_API = '2023-01-31';
const EVENTGRID_API = '2025-02-15';
const ALERT_API = '2018-03-01';
const APIM_API = '2024-05-01';

export const azureContainerRegistry = defineService({
  id: 'azure.container-registry',
  cloud: 'azure',
  kind: 'container-registry',
  name: 'Container Registry',
  category: 'containers',
  description: 'Azure Container Registry with the admin user disabled (pull with AcrPull roles).',
  icon: 'azure-container-registry',
  properties: [enumProp('sku', 'SKU', ['Basic', 'Standard', 'Premium'], 'Standard')],
  placement: 'none',
  naming: { rule: 'azure-acr', abbreviation: 'cr' },
  emits: {
    terraform: ['azurerm_container_registry'],
    arm: [{ type: 'Microsoft.ContainerRegistry/registries', apiVersion: ACR_API }],
  },
  terraform: (ctx) => {
    const acr = ctx.resource('azurerm_container_registry', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      sku: ctx.prop('sku'),
      admin_enabled: false,
      tags: ctx.tags(),
    });
    ctx.output(
      'login_server',
      `Login server of ${ctx.node.name}`,
      ref(acr.address, 'login_server'),
    );
  },
  arm: (ctx) => {
    const acr = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.ContainerRegistry/registries',
      apiVersion: ACR_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: ctx.prop('sku') },
        properties: { adminUserEnabled: false },
      },
    });
    ctx.output(
      'loginServer',
      `Login server of ${ctx.node.name}`,
      aref(acr, 'properties.loginServer'),
    );
  },
});

const DISK_SKUS = [
  'Standard_LRS',
  'StandardSSD_LRS',
  'StandardSSD_ZRS',
  'Premium_LRS',
  'Premium_ZRS',
];

export const azureManagedDisk = defineService({
  id: 'azure.managed-disk',
  cloud: 'azure',
  kind: 'block-storage',
  name: 'Managed disk',
  category: 'storage',
  description:
    'Empty managed data disk, attached to the virtual machine that connects to it (LUN 0, read-only cache off).',
  icon: 'azure-disk',
  properties: [
    numProp('sizeGb', 'Size (GiB)', 128, 4, 32767),
    enumProp('sku', 'Disk type', DISK_SKUS, 'Premium_LRS'),
    numProp('lun', 'LUN', 0, 0, 63),
  ],
  placement: 'none',
  naming: { rule: 'azure-generic', abbreviation: 'disk' },
  emits: {
    terraform: ['azurerm_managed_disk', 'azurerm_virtual_machine_data_disk_attachment'],
    arm: [{ type: 'Microsoft.Compute/disks', apiVersion: DISK_API }],
  },
  terraform: (ctx) => {
    const disk = ctx.resource('azurerm_managed_disk', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      storage_account_type: ctx.prop('sku'),
      create_option: 'Empty',
      disk_size_gb: ctx.prop('sizeGb'),
      tags: ctx.tags(),
    });
    const vm = ctx.incoming().find((e) => e.node.service.kind === 'vm');
    if (vm) {
      ctx.resource('azurerm_virtual_machine_data_disk_attachment', ctx.node.local, {
        managed_disk_id: ref(disk.address, 'id'),
        virtual_machine_id: ref(ctx.address(vm.node, 'azurerm_linux_virtual_machine'), 'id'),
        lun: ctx.prop('lun'),
        caching: 'ReadOnly',
      });
    }
    ctx.output('id', `Id of ${ctx.node.name}`, ref(disk.address, 'id'));
  },
  arm: (ctx) => {
    const disk = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Compute/disks',
      apiVersion: DISK_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: ctx.prop('sku') },
        properties: { creationData: { createOption: 'Empty' }, diskSizeGB: ctx.prop('sizeGb') },
      },
    });
    ctx.output('id', `Id of ${ctx.node.name}`, aref(disk, 'id'));
  },
});

/** The data disks a VM attaches in ARM (its `storageProfile.dataDisks`). */
export function armDataDisks(ctx: TArmBuildContext) {
  return ctx
    .outgoing()
    .filter((e) => e.node.service.kind === 'block-storage')
    .map((e) => ({
      lun: Number(e.node.properties['lun'] ?? 0),
      createOption: 'Attach',
      caching: 'ReadOnly',
      managedDisk: { id: aref(ctx.symbol(e.node), 'id') },
    }));
}

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

/** The Key Vault a secret lives in: the vault it connects to (else it writes one of its own). */
export const secretVaultOf = (ctx: TBuildContextBase, secret: TNode) =>
  ctx.outgoingOf(secret).find((e) => e.node.service.kind === 'kms')?.node;

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
        description: `Value of secret ${ctx.node.name} (set TF_VAR_${ctx.node.local}_value).`,
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

/** Built-in roles a managed identity can hold on the resource group (fixed Azure ids). */
const RG_ROLES: Readonly<Record<string, string>> = {
  Reader: 'acdd72a7-3385-48ef-bd42-f606fba81ae7',
  Contributor: 'b24988ac-6180-42a0-ab88-20f7382dd24c',
  'Monitoring Metrics Publisher': '3913510d-42f4-4e42-8a64-420c390055eb',
  AcrPull: '7f951dda-4ed3-4680-a7ca-43fe172d538d',
  'Key Vault Secrets User': '4633458b-17de-408a-b874-0445c86b69e6',
};

export const azureManagedIdentity = defineService({
  id: 'azure.managed-identity',
  cloud: 'azure',
  kind: 'identity',
  name: 'User-assigned managed identity',
  category: 'security',
  description: 'Managed identity with one built-in role on the resource group.',
  icon: 'azure-managed-identity',
  properties: [enumProp('role', 'Role on the resource group', Object.keys(RG_ROLES), 'Reader')],
  placement: 'none',
  naming: { rule: 'azure-identity', abbreviation: 'id' },
  emits: {
    terraform: ['azurerm_user_assigned_identity', 'azurerm_role_assignment'],
    arm: [
      { type: 'Microsoft.ManagedIdentity/userAssignedIdentities', apiVersion: IDENTITY_API },
      { type: 'Microsoft.Authorization/roleAssignments', apiVersion: '2022-04-01' },
    ],
  },
  terraform: (ctx) => {
    const id = ctx.resource('azurerm_user_assigned_identity', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      tags: ctx.tags(),
    });
    ctx.resource('azurerm_role_assignment', `${ctx.node.local}_rg`, {
      scope: ref('azurerm_resource_group.main', 'id'),
      role_definition_name: ctx.prop('role'),
      principal_id: ref(id.address, 'principal_id'),
      principal_type: 'ServicePrincipal',
    });
    ctx.output('client_id', `Client id of ${ctx.node.name}`, ref(id.address, 'client_id'));
  },
  arm: (ctx) => {
    const base = ctx.symbol(ctx.node);
    const id = ctx.resource({
      symbol: base,
      type: 'Microsoft.ManagedIdentity/userAssignedIdentities',
      apiVersion: IDENTITY_API,
      name: ctx.name(),
      body: { location: armLocation(), tags: ctx.tags() },
    });
    const roleId = ctx.prop('role', (v) => RG_ROLES[String(v)] ?? RG_ROLES['Reader']!, 'roleId');
    ctx.resource({
      symbol: `${base}RgRole`,
      type: 'Microsoft.Authorization/roleAssignments',
      apiVersion: '2022-04-01',
      name: armFn('guid', aref(id, 'id'), roleId),
      body: {
        properties: {
          roleDefinitionId: armFn('roleDefinitionId', roleId),
          principalId: aref(id, 'properties.principalId'),
          principalType: 'ServicePrincipal',
        },
      },
    });
    ctx.output('clientId', `Client id of ${ctx.node.name}`, aref(id, 'properties.clientId'));
  },
});

export const azureServiceBusTopic = defineService({
  id: 'azure.service-bus-topic',
  cloud: 'azure',
  kind: 'topic',
  name: 'Service Bus topic',
  category: 'messaging',
  description:
    'Service Bus namespace with a topic and one subscription (TLS 1.2, Entra ID only: no SAS keys).',
  icon: 'azure-service-bus',
  properties: [
    enumProp('sku', 'Namespace tier', ['Standard', 'Premium'], 'Standard'),
    strProp('subscription', 'Subscription name', 'default'),
    numProp('maxDeliveryCount', 'Deliveries before dead-letter', 10, 1, 2000),
  ],
  placement: 'none',
  naming: { rule: 'azure-servicebus', abbreviation: 'sbns' },
  emits: {
    terraform: [
      'azurerm_servicebus_namespace',
      'azurerm_servicebus_topic',
      'azurerm_servicebus_subscription',
    ],
    arm: [
      { type: 'Microsoft.ServiceBus/namespaces', apiVersion: SERVICEBUS_API },
      { type: 'Microsoft.ServiceBus/namespaces/topics', apiVersion: SERVICEBUS_API },
      { type: 'Microsoft.ServiceBus/namespaces/topics/subscriptions', apiVersion: SERVICEBUS_API },
    ],
  },
  terraform: (ctx) => {
    const ns = tfServiceBusNamespace(ctx);
    const topic = ctx.resource('azurerm_servicebus_topic', ctx.node.local, {
      name: ctx.node.name,
      namespace_id: ref(ns.address, 'id'),
    });
    ctx.resource('azurerm_servicebus_subscription', ctx.node.local, {
      name: ctx.prop('subscription'),
      topic_id: ref(topic.address, 'id'),
      max_delivery_count: ctx.prop('maxDeliveryCount'),
      dead_lettering_on_message_expiration: true,
    });
    tfServiceBusEndpoint(ctx, ns.address);
  },
  arm: (ctx) => {
    const ns = armServiceBusNamespace(ctx);
    const topic = ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Topic'),
      type: 'Microsoft.ServiceBus/namespaces/topics',
      apiVersion: SERVICEBUS_API,
      parent: ns,
      name: ctx.node.name,
      body: {},
    });
    ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Subscription'),
      type: 'Microsoft.ServiceBus/namespaces/topics/subscriptions',
      apiVersion: SERVICEBUS_API,
      parent: topic,
      name: ctx.prop('subscription'),
      body: {
        properties: {
          maxDeliveryCount: ctx.prop('maxDeliveryCount'),
          deadLetteringOnMessageExpiration: true,
        },
      },
    });
    armServiceBusEndpoint(ctx, ns);
  },
});

export const azureEventGridTopic = defineService({
  id: 'azure.event-grid-topic',
  cloud: 'azure',
  kind: 'event-bus',
  name: 'Event Grid topic',
  category: 'messaging',
  description: 'Custom Event Grid topic (CloudEvents 1.0 schema, Entra ID only, no access keys).',
  icon: 'azure-event-grid',
  properties: [
    enumProp(
      'inputSchema',
      'Input schema',
      ['CloudEventSchemaV1_0', 'EventGridSchema'],
      'CloudEventSchemaV1_0',
    ),
  ],
  placement: 'none',
  naming: { rule: 'azure-eventgrid', abbreviation: 'evgt' },
  emits: {
    terraform: ['azurerm_eventgrid_topic'],
    arm: [{ type: 'Microsoft.EventGrid/topics', apiVersion: EVENTGRID_API }],
  },
  terraform: (ctx) => {
    const topic = ctx.resource('azurerm_eventgrid_topic', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      input_schema: ctx.prop('inputSchema'),
      local_auth_enabled: false,
      tags: ctx.tags(),
    });
    ctx.output('endpoint', `Endpoint of ${ctx.node.name}`, ref(topic.address, 'endpoint'));
  },
  arm: (ctx) => {
    const topic = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.EventGrid/topics',
      apiVersion: EVENTGRID_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: { inputSchema: ctx.prop('inputSchema'), disableLocalAuth: true },
      },
    });
    ctx.output('endpoint', `Endpoint of ${ctx.node.name}`, aref(topic, 'properties.endpoint'));
  },
});

/** Metric watched on each kind of target: ARM namespace, metric, primary Terraform type. */
const METRICS: Readonly<Record<string, { ns: string; metric: string; tf: string }>> = {
  vm: {
    ns: 'Microsoft.Compute/virtualMachines',
    metric: 'Percentage CPU',
    tf: 'azurerm_linux_virtual_machine',
  },
  kubernetes: {
    ns: 'Microsoft.ContainerService/managedClusters',
    metric: 'node_cpu_usage_percentage',
    tf: 'azurerm_kubernetes_cluster',
  },
  postgresql: {
    ns: 'Microsoft.DBforPostgreSQL/flexibleServers',
    metric: 'cpu_percent',
    tf: 'azurerm_postgresql_flexible_server',
  },
  mysql: {
    ns: 'Microsoft.DBforMySQL/flexibleServers',
    metric: 'cpu_percent',
    tf: 'azurerm_mysql_flexible_server',
  },
  queue: {
    ns: 'Microsoft.ServiceBus/namespaces',
    metric: 'DeadletteredMessages',
    tf: 'azurerm_servicebus_namespace',
  },
  nosql: {
    ns: 'Microsoft.DocumentDB/databaseAccounts',
    metric: 'NormalizedRUConsumption',
    tf: 'azurerm_cosmosdb_account',
  },
};

const watchedOf = (ctx: { outgoing(): { node: TNode }[] }) =>
  ctx.outgoing().find((e) => METRICS[e.node.service.kind] !== undefined)?.node;

export const azureMetricAlert = defineService({
  id: 'azure.metric-alert',
  cloud: 'azure',
  kind: 'alarm',
  name: 'Metric alert',
  category: 'monitoring',
  description:
    'Azure Monitor metric alert on the component it watches (CPU, dead letters, RU use), e-mailing an action group.',
  icon: 'azure-monitor-alert',
  properties: [
    enumProp(
      'operator',
      'Operator',
      ['GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual'],
      'GreaterThan',
    ),
    numProp('threshold', 'Threshold', 80, 0, 1e9),
    enumProp(
      'aggregation',
      'Aggregation',
      ['Average', 'Maximum', 'Minimum', 'Total', 'Count'],
      'Average',
    ),
    enumProp('window', 'Window', ['PT1M', 'PT5M', 'PT15M', 'PT30M', 'PT1H'], 'PT5M'),
    enumProp(
      'frequency',
      'Evaluation frequency',
      ['PT1M', 'PT5M', 'PT15M', 'PT30M', 'PT1H'],
      'PT1M',
    ),
    numProp('severity', 'Severity (0 critical - 4 verbose)', 2, 0, 4),
    strProp('email', 'Notify e-mail', 'ops@example.com'),
  ],
  placement: 'none',
  naming: { rule: 'azure-generic', abbreviation: 'alert' },
  emits: {
    terraform: ['azurerm_monitor_metric_alert', 'azurerm_monitor_action_group'],
    arm: [
      { type: 'Microsoft.Insights/metricAlerts', apiVersion: ALERT_API },
      { type: 'Microsoft.Insights/actionGroups', apiVersion: '2023-01-01' },
    ],
  },
  terraform: (ctx) => {
    const watched = watchedOf(ctx);
    const group = ctx.resource('azurerm_monitor_action_group', ctx.node.local, {
      name: ctx.name('ag'),
      resource_group_name: rgName(),
      short_name: ctx.node.name.slice(0, 12),
      tags: ctx.tags(),
      email_receiver: block({
        name: 'ops',
        email_address: ctx.prop('email'),
        use_common_alert_schema: true,
      }),
    });
    // Nothing measurable watched (validation warns): the action group alone, no alert.
    if (!watched) return;
    const m = METRICS[watched.service.kind]!;
    ctx.resource('azurerm_monitor_metric_alert', ctx.node.local, {
      name: ctx.name(),
      resource_group_name: rgName(),
      scopes: [ref(ctx.address(watched, m.tf), 'id')],
      description: `${m.metric} of ${watched.name}`,
      severity: ctx.prop('severity'),
      frequency: ctx.prop('frequency'),
      window_size: ctx.prop('window'),
      tags: ctx.tags(),
      criteria: block({
        metric_namespace: m.ns,
        metric_name: m.metric,
        aggregation: ctx.prop('aggregation'),
        operator: ctx.prop('operator'),
        threshold: ctx.prop('threshold'),
      }),
      action: block({ action_group_id: ref(group.address, 'id') }),
    });
  },
  arm: (ctx) => {
    const watched = watchedOf(ctx);
    const base = ctx.symbol(ctx.node);
    const group = ctx.resource({
      symbol: `${base}Actions`,
      type: 'Microsoft.Insights/actionGroups',
      apiVersion: '2023-01-01',
      name: ctx.name('ag'),
      body: {
        location: 'global',
        tags: ctx.tags(),
        properties: {
          groupShortName: ctx.node.name.slice(0, 12),
          enabled: true,
          emailReceivers: [
            { name: 'ops', emailAddress: ctx.prop('email'), useCommonAlertSchema: true },
          ],
        },
      },
    });
    if (!watched) return;
    const m = METRICS[watched.service.kind]!;
    ctx.resource({
      symbol: base,
      type: 'Microsoft.Insights/metricAlerts',
      apiVersion: ALERT_API,
      name: ctx.name(),
      body: {
        location: 'global',
        tags: ctx.tags(),
        properties: {
          description: `${m.metric} of ${watched.name}`,
          severity: ctx.prop('severity'),
          enabled: true,
          scopes: [aref(ctx.symbol(watched), 'id')],
          evaluationFrequency: ctx.prop('frequency'),
          windowSize: ctx.prop('window'),
          criteria: {
            'odata.type': 'Microsoft.Azure.Monitor.SingleResourceMultipleMetricCriteria',
            allOf: [
              {
                criterionType: 'StaticThresholdCriterion',
                name: 'metric',
                metricNamespace: m.ns,
                metricName: m.metric,
                operator: ctx.prop('operator'),
                threshold: ctx.prop('threshold'),
                timeAggregation: ctx.prop('aggregation'),
              },
            ],
          },
          actions: [{ actionGroupId: aref(group, 'id') }],
        },
      },
    });
  },
});

const APIM_SKUS: Readonly<Record<string, { name: string; capacity: number }>> = {
  Consumption_0: { name: 'Consumption', capacity: 0 },
  Developer_1: { name: 'Developer', capacity: 1 },
  BasicV2_1: { name: 'BasicV2', capacity: 1 },
  StandardV2_1: { name: 'StandardV2', capacity: 1 },
  Premium_1: { name: 'Premium', capacity: 1 },
};

export const azureApiManagement = defineService({
  id: 'azure.api-management',
  cloud: 'azure',
  kind: 'api-gateway',
  name: 'API Management',
  category: 'api',
  description: 'API Management instance with a system-assigned identity.',
  icon: 'azure-api-management',
  properties: [
    enumProp('sku', 'SKU', Object.keys(APIM_SKUS), 'Consumption_0'),
    strProp('publisherName', 'Publisher name', 'Platform team'),
    strProp('publisherEmail', 'Publisher e-mail', 'api@example.com'),
  ],
  placement: 'none',
  naming: { rule: 'azure-apim', abbreviation: 'apim' },
  emits: {
    terraform: ['azurerm_api_management'],
    arm: [{ type: 'Microsoft.ApiManagement/service', apiVersion: APIM_API }],
  },
  terraform: (ctx) => {
    const apim = ctx.resource('azurerm_api_management', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      publisher_name: ctx.prop('publisherName'),
      publisher_email: ctx.prop('publisherEmail'),
      sku_name: ctx.prop('sku'),
      tags: ctx.tags(),
      identity: block({ type: 'SystemAssigned' }),
    });
    ctx.output('gateway_url', `Gateway of ${ctx.node.name}`, ref(apim.address, 'gateway_url'));
  },
  arm: (ctx) => {
    const sku = (v: unknown) => APIM_SKUS[String(v)] ?? APIM_SKUS['Consumption_0']!;
    const apim = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.ApiManagement/service',
      apiVersion: APIM_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: {
          name: ctx.prop('sku', (v) => sku(v).name, 'skuName'),
          capacity: ctx.prop('sku', (v) => sku(v).capacity, 'skuCapacity'),
        },
        identity: { type: 'SystemAssigned' },
        properties: {
          publisherName: ctx.prop('publisherName'),
          publisherEmail: ctx.prop('publisherEmail'),
        },
      },
    });
    ctx.output('gatewayUrl', `Gateway of ${ctx.node.name}`, aref(apim, 'properties.gatewayUrl'));
  },
});
