import { defineService, type TTfBuildContext } from '../service';
import { ALLOWED_IPS, armNetworkAcls, tfVaultAcls } from './firewall';
import { boolProp, enumProp, numProp } from '../properties';
import { sendersProp } from '../senders';
import { aref, armFn } from '../../ir/arm-ir';
import { ref } from '../../ir/terraform-ir';
import { armLocation, armPublicAccess, placed, tfPublicAccess } from './shared';
import {
  armServiceBusEndpoint,
  armServiceBusNamespace,
  messageTtlProp,
  SERVICEBUS_API,
  tfServiceBusEndpoint,
  tfServiceBusNamespace,
} from './service-bus';
import { secretVaultOf } from './firewall';
import { armDeadLetterAlert, tfDeadLetterAlert } from './dead-letter-alert';
import { ALERT_API } from './metric-alert';

/** Azure platform services: Key Vault, Log Analytics, Service Bus queues (AKS: aks.ts). */
const KEYVAULT_API = '2024-11-01';
const LOGS_API = '2025-02-01';

/**
 * Terraform writes this vault's secrets (a Key Vault secret, a gateway's certificate) through the
 * data plane, which public network access off refuses from anywhere but a private endpoint, with
 * the firewall's addresses ignored (learn.microsoft.com/azure/key-vault/general/network-security).
 * ARM writes them through the control plane, which the vault's network rules do not filter.
 */
const isWrittenByTerraform = (ctx: TTfBuildContext): boolean =>
  ctx
    .incoming()
    .some(
      (e) =>
        (e.node.service.kind === 'secret' && secretVaultOf(ctx, e.node)?.id === ctx.node.id) ||
        (e.connection.type === 'data' && e.node.service.id === 'azure.application-gateway'),
    );

export const azureKeyVault = defineService({
  id: 'azure.key-vault',
  cloud: 'azure',
  kind: 'kms',
  name: 'Key Vault',
  category: 'security',
  description:
    'Key Vault with RBAC authorisation, soft delete, purge protection and a firewall that admits the subnets of its readers.',
  icon: 'azure-key-vault',
  properties: [
    enumProp('sku', 'SKU', ['standard', 'premium'], 'standard'),
    numProp('softDeleteDays', 'Soft-delete retention (days)', 90, 7, 90),
    boolProp('purgeProtection', 'Purge protection', true),
    ALLOWED_IPS,
  ],
  placement: 'none',
  naming: { rule: 'azure-keyvault', abbreviation: 'kv' },
  emits: {
    terraform: ['azurerm_key_vault'],
    arm: [{ type: 'Microsoft.KeyVault/vaults', apiVersion: KEYVAULT_API }],
  },
  terraform: (ctx) => {
    const client = ctx.data('azurerm_client_config', 'current', {});
    const vault = ctx.resource('azurerm_key_vault', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      tenant_id: ref(client.address, 'tenant_id'),
      sku_name: ctx.prop('sku'),
      rbac_authorization_enabled: true,
      soft_delete_retention_days: ctx.prop('softDeleteDays'),
      purge_protection_enabled: ctx.prop('purgeProtection'),
      network_acls: tfVaultAcls(ctx),
      // A vault Terraform writes into keeps its deny-by-default firewall as the only gate, so the
      // runner's address in `<vault>_allowed_ips` can reach it; readers still use the endpoint.
      ...(isWrittenByTerraform(ctx) ? {} : tfPublicAccess(ctx)),
      tags: ctx.tags(),
    });
    ctx.output('uri', `URI of ${ctx.node.name}`, ref(vault.address, 'vault_uri'));
  },
  arm: (ctx) => {
    const vault = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.KeyVault/vaults',
      apiVersion: KEYVAULT_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: {
          tenantId: armFn('tenantId'),
          sku: { family: 'A', name: ctx.prop('sku') },
          enableRbacAuthorization: true,
          enableSoftDelete: true,
          softDeleteRetentionInDays: ctx.prop('softDeleteDays'),
          ...(ctx.value<boolean>('purgeProtection') ? { enablePurgeProtection: true } : {}),
          networkAcls: armNetworkAcls(ctx),
          ...armPublicAccess(ctx),
        },
      },
    });
    ctx.output('uri', `URI of ${ctx.node.name}`, aref(vault, 'properties.vaultUri'));
  },
});

export const azureLogAnalytics = defineService({
  id: 'azure.log-analytics',
  cloud: 'azure',
  kind: 'log-group',
  name: 'Log Analytics workspace',
  category: 'monitoring',
  description: 'Workspace for logs and metrics of the other services.',
  icon: 'azure-log-analytics',
  properties: [numProp('retentionDays', 'Retention (days)', 30, 30, 730)],
  placement: 'none',
  naming: { rule: 'azure-law', abbreviation: 'log' },
  emits: {
    terraform: ['azurerm_log_analytics_workspace'],
    arm: [{ type: 'Microsoft.OperationalInsights/workspaces', apiVersion: LOGS_API }],
  },
  terraform: (ctx) => {
    const ws = ctx.resource('azurerm_log_analytics_workspace', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      sku: 'PerGB2018',
      retention_in_days: ctx.prop('retentionDays'),
      tags: ctx.tags(),
    });
    ctx.output('workspace_id', `Workspace id of ${ctx.node.name}`, ref(ws.address, 'workspace_id'));
  },
  arm: (ctx) => {
    const ws = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.OperationalInsights/workspaces',
      apiVersion: LOGS_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: { sku: { name: 'PerGB2018' }, retentionInDays: ctx.prop('retentionDays') },
      },
    });
    ctx.output('customerId', `Workspace id of ${ctx.node.name}`, aref(ws, 'properties.customerId'));
  },
});

export const azureServiceBusQueue = defineService({
  id: 'azure.service-bus-queue',
  cloud: 'azure',
  kind: 'queue',
  name: 'Service Bus queue',
  category: 'messaging',
  description:
    "Service Bus namespace with one queue (dead-lettering on expiry, TLS 1.2, Entra ID only: no SAS keys); its dead letters alert the design's metric alerts' action groups.",
  icon: 'azure-service-bus',
  properties: [
    enumProp('sku', 'Namespace tier', ['Basic', 'Standard', 'Premium'], 'Standard'),
    numProp('maxDeliveryCount', 'Deliveries before dead-letter', 10, 1, 2000),
    enumProp('lockDuration', 'Lock duration', ['PT30S', 'PT1M', 'PT5M'], 'PT1M'),
    messageTtlProp(),
    sendersProp('not fed its messages, Data Sender role only'),
  ],
  placement: 'none',
  naming: { rule: 'azure-servicebus', abbreviation: 'sbns' },
  emits: {
    terraform: [
      'azurerm_servicebus_namespace',
      'azurerm_servicebus_queue',
      'azurerm_monitor_metric_alert',
    ],
    arm: [
      { type: 'Microsoft.ServiceBus/namespaces', apiVersion: SERVICEBUS_API },
      { type: 'Microsoft.ServiceBus/namespaces/queues', apiVersion: SERVICEBUS_API },
      { type: 'Microsoft.Insights/metricAlerts', apiVersion: ALERT_API },
    ],
  },
  terraform: (ctx) => {
    const ns = tfServiceBusNamespace(ctx);
    ctx.resource('azurerm_servicebus_queue', ctx.node.local, {
      name: ctx.node.name,
      namespace_id: ref(ns.address, 'id'),
      max_delivery_count: ctx.prop('maxDeliveryCount'),
      lock_duration: ctx.prop('lockDuration'),
      default_message_ttl: ctx.prop('messageTtl'),
      dead_lettering_on_message_expiration: true,
    });
    tfDeadLetterAlert(ctx, ns.address);
    tfServiceBusEndpoint(ctx, ns.address);
  },
  arm: (ctx) => {
    const ns = armServiceBusNamespace(ctx);
    ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Queue'),
      type: 'Microsoft.ServiceBus/namespaces/queues',
      apiVersion: SERVICEBUS_API,
      parent: ns,
      name: ctx.node.name,
      body: {
        properties: {
          maxDeliveryCount: ctx.prop('maxDeliveryCount'),
          lockDuration: ctx.prop('lockDuration'),
          defaultMessageTimeToLive: ctx.prop('messageTtl'),
          deadLetteringOnMessageExpiration: true,
        },
      },
    });
    armDeadLetterAlert(ctx, ns);
    armServiceBusEndpoint(ctx, ns);
  },
});
