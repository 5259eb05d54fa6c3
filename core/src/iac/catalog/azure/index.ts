import type { TCloudProfile } from '../cloud';
import { azureArmResource, genericResource } from '../generic/generic';
import { block } from '../../ir/terraform-ir';
import { azureVmScaleSet } from './vm-scale-set';
import { azureContainerApp } from './container-app';
import { azureFunctionApp } from './function-app';
import { azureLinuxVm } from './compute';
import { azureAppGateway } from './app-gateway';
import { azureAppService } from './app-service';
import { azureLoadBalancer } from './load-balancer';
import { azureBastion } from './bastion';
import { azureAiSearch } from './ai-search';
import { azureFrontDoorWaf } from './front-door-waf';
import { azureAppInsights } from './app-insights';
import { azureEventHub } from './event-hubs';
import { azurePrivateEndpoint } from './private-endpoint';
import { azureMongoCluster } from './mongo-cluster';
import { azureBackupVault } from './backup-vault';
import { azureLogicApp } from './logic-app';
import { azureDataExplorer } from './data-explorer';
import { azureWebPubSub } from './web-pubsub';
import { azureNatGateway } from './nat-gateway';
import { azureFrontDoor } from './front-door';
import { azureVpnGateway } from './vpn-gateway';
import { azureDnsZone } from './dns-zone';
import { azureDnsResolver } from './dns-resolver';
import { azurePostgres, azureStorage } from './data';
import { azureContainerRegistry } from './container-registry';
import { azureManagedDisk } from './managed-disk';
import { azureFileShare } from './file-share';
import { azureKeyVaultSecret } from './key-vault-secret';
import { azureManagedIdentity } from './managed-identity';
import { azureServiceBusTopic } from './service-bus-topic';
import { azureEventGridTopic } from './event-grid-topic';
import { azureMetricAlert } from './metric-alert';
import { azureApiManagement } from './api-management';
import { azureMysql } from './mysql';
import { azureSqlDatabase } from './sql-database';
import { azureCosmos } from './cosmos-db';
import { azureManagedRedis } from './managed-redis';
import { azureNsg, azureSubnet, azureVnet } from './network';
import { azureKeyVault, azureLogAnalytics, azureServiceBusQueue } from './platform';
import { azureAks } from './aks';

export const AZURE_REGIONS = [
  'eastus',
  'eastus2',
  'centralus',
  'westus',
  'westus2',
  'westus3',
  'canadacentral',
  'brazilsouth',
  'northeurope',
  'westeurope',
  'uksouth',
  'ukwest',
  'francecentral',
  'germanywestcentral',
  'swedencentral',
  'switzerlandnorth',
  'norwayeast',
  'southeastasia',
  'eastasia',
  'japaneast',
  'koreacentral',
  'australiaeast',
  'centralindia',
  'southafricanorth',
  'uaenorth',
] as const;

/** Microsoft Azure: hashicorp/azurerm for Terraform; Bicep and ARM at resource-group scope. */
export const AZURE: TCloudProfile = {
  cloud: 'azure',
  label: 'Microsoft Azure',
  regions: AZURE_REGIONS,
  terraform: {
    name: 'azurerm',
    source: 'hashicorp/azurerm',
    version: '4.51.0',
    tagsAttribute: 'tags',
    // subscription_id comes from ARM_SUBSCRIPTION_ID, as azurerm 4 documents.
    // Storage accounts refuse shared keys (policy azure-storage-no-public-shared-key), so the
    // provider's own data-plane calls use Entra ID too. Those calls (queue properties, read on
    // every refresh) fail from a runner outside the network of an account behind a private
    // endpoint or a firewall; containers and shares are made through Azure Resource Manager
    // (`storage_account_id`), so the provider can leave the data plane alone.
    providerConfig: () => ({
      features: block({ storage: block({ data_plane_available: false }) }),
      storage_use_azuread: true,
    }),
    setup: (ctx) => {
      ctx.resource('azurerm_resource_group', 'main', {
        name: ctx.name('rg'),
        location: ctx.variable({
          name: 'region',
          type: 'string',
          description: 'Region to deploy into.',
          default: ctx.region,
        }),
        tags: {
          $: 'obj',
          entries: { ...ctx.tags, environment: { $: 'ref', address: 'var.environment', attr: '' } },
        },
      });
    },
  },
  services: [
    azureVnet,
    azureSubnet,
    azureNsg,
    azureLinuxVm,
    azureStorage,
    azurePostgres,
    azureMysql,
    azureSqlDatabase,
    azureCosmos,
    azureManagedRedis,
    azureKeyVault,
    azureLogAnalytics,
    azureAks,
    azureServiceBusQueue,
    azureContainerRegistry,
    azureManagedDisk,
    azureFileShare,
    azureKeyVaultSecret,
    azureManagedIdentity,
    azureServiceBusTopic,
    azureEventGridTopic,
    azureMetricAlert,
    azureApiManagement,
    azureVmScaleSet,
    azureContainerApp,
    azureFunctionApp,
    azureNatGateway,
    azureFrontDoor,
    azureVpnGateway,
    azureDnsZone,
    azureDnsResolver,
    azureLoadBalancer,
    azureAppGateway,
    azureAppService,
    azureEventHub,
    azureBastion,
    azurePrivateEndpoint,
    azureAiSearch,
    azureFrontDoorWaf,
    azureAppInsights,
    azureMongoCluster,
    azureBackupVault,
    azureLogicApp,
    azureDataExplorer,
    azureWebPubSub,
    genericResource('azure'),
    azureArmResource,
  ],
};
