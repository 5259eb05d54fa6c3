import { defineService, type TArmBuildContext, type TTfBuildContext } from '../service';
import { enumProp } from '../properties';
import { aref, armFn } from '../../ir/arm-ir';
import { block, obj, ref, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import {
  armRoleAssignments,
  ROLE_ASSIGNMENT_API,
  tfRoleAssignments,
  tfSystemIdentity,
} from './access';
import { DATA_PLANE_ARM, DATA_PLANE_TERRAFORM } from './data-planes';
import { armLocation, placed } from './shared';
import { armLinuxPlan, tfLinuxPlan } from './app-plan';
import { armInsightsSettings, tfInsightsSettings } from './app-insights';
import { armAppSettings, tfAppSettings } from './connection-settings';
import { armFrontDoorRestriction, tfFrontDoorRestriction } from './front-door-access';

/** Azure Function Apps (Linux, Functions 4) with their host storage. */
const WEB_API = '2024-11-01';
const STORAGE_API = '2025-06-01';
/** Function runtimes: Terraform `application_stack` argument, ARM `linuxFxVersion`, worker. */
const RUNTIMES: Readonly<
  Record<string, { arg: string; version: string; fx: string; worker: string }>
> = {
  'python-3.12': { arg: 'python_version', version: '3.12', fx: 'Python|3.12', worker: 'python' },
  'python-3.11': { arg: 'python_version', version: '3.11', fx: 'Python|3.11', worker: 'python' },
  'node-22': { arg: 'node_version', version: '22', fx: 'Node|22', worker: 'node' },
  'node-20': { arg: 'node_version', version: '20', fx: 'Node|20', worker: 'node' },
  'dotnet-isolated-8.0': {
    arg: 'dotnet_version',
    version: '8.0',
    fx: 'DOTNET-ISOLATED|8.0',
    worker: 'dotnet-isolated',
  },
  'java-21': { arg: 'java_version', version: '21', fx: 'Java|21', worker: 'java' },
};

/** Plan SKUs whose Linux function apps keep their host storage behind a managed identity. */
const PLAN_TIERS: Readonly<Record<string, string>> = {
  Y1: 'Dynamic',
  B1: 'Basic',
  P0v3: 'Premium0V3',
  P1v3: 'PremiumV3',
  P2v3: 'PremiumV3',
};

/** Storage Blob Data Owner: what the Functions host needs on its storage account. */
const BLOB_OWNER = { name: 'Storage Blob Data Owner', id: 'b7e6dc6d-f1e8-4753-8033-0f276bb0955b' };

function tfHostStorageAccess(ctx: TTfBuildContext, account: TTfRef, principal: TTfValue): void {
  ctx.resource('azurerm_role_assignment', `${ctx.node.local}_host_storage`, {
    scope: ref(account.address, 'id'),
    role_definition_name: BLOB_OWNER.name,
    principal_id: principal,
    principal_type: 'ServicePrincipal',
  });
}

function armHostStorageAccess(ctx: TArmBuildContext, account: string, site: string): void {
  ctx.resource({
    symbol: `${site}HostStorageAccess`,
    type: 'Microsoft.Authorization/roleAssignments',
    apiVersion: ROLE_ASSIGNMENT_API,
    scope: account,
    name: armFn('guid', aref(account, 'id'), aref(site, 'id'), BLOB_OWNER.id),
    body: {
      properties: {
        roleDefinitionId: armFn('roleDefinitionId', BLOB_OWNER.id),
        principalId: aref(site, 'identity.principalId'),
        principalType: 'ServicePrincipal',
      },
    },
  });
}

export const azureFunctionApp = defineService({
  id: 'azure.function-app',
  cloud: 'azure',
  kind: 'function',
  name: 'Function app (Linux)',
  category: 'functions',
  description:
    'Linux function app (Functions 4) on its own plan, with a host storage account reached through its system identity, HTTPS only and TLS 1.2.',
  icon: 'azure-functions',
  properties: [
    enumProp('runtime', 'Runtime', Object.keys(RUNTIMES), 'python-3.12'),
    enumProp('sku', 'Plan', Object.keys(PLAN_TIERS), 'Y1', 'Y1 is the Consumption plan.'),
  ],
  placement: 'none',
  port: 443,
  naming: { rule: 'azure-app', abbreviation: 'func' },
  emits: {
    terraform: [
      'azurerm_linux_function_app',
      'azurerm_service_plan',
      'azurerm_storage_account',
      'azurerm_role_assignment',
      ...DATA_PLANE_TERRAFORM,
    ],
    arm: [
      { type: 'Microsoft.Web/sites', apiVersion: WEB_API },
      { type: 'Microsoft.Web/serverfarms', apiVersion: WEB_API },
      { type: 'Microsoft.Storage/storageAccounts', apiVersion: STORAGE_API },
      { type: 'Microsoft.Authorization/roleAssignments', apiVersion: ROLE_ASSIGNMENT_API },
      ...DATA_PLANE_ARM,
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const runtime = RUNTIMES[ctx.value('runtime')] ?? RUNTIMES['python-3.12']!;
    const dedicated = ctx.value('sku') !== 'Y1';
    const settings = tfAppSettings(ctx, tfInsightsSettings(ctx));
    const storage = ctx.resource('azurerm_storage_account', `${local}_host`, {
      name: ctx.name('st', 'azure-storage'),
      ...placed(),
      account_tier: 'Standard',
      account_replication_type: 'LRS',
      account_kind: 'StorageV2',
      min_tls_version: 'TLS1_2',
      https_traffic_only_enabled: true,
      allow_nested_items_to_be_public: false,
      // Entra ID only: readers use their managed identity, so a leaked key or SAS is useless.
      shared_access_key_enabled: false,
      tags: ctx.tags(),
    });
    const plan = tfLinuxPlan(ctx);
    const app = ctx.resource('azurerm_linux_function_app', local, {
      name: ctx.name(),
      ...placed(),
      service_plan_id: ref(plan.address, 'id'),
      storage_account_name: ref(storage.address, 'name'),
      storage_uses_managed_identity: true,
      https_only: true,
      ...(Object.keys(settings).length > 0 ? { app_settings: obj(settings) } : {}),
      tags: ctx.tags(),
      site_config: block({
        ...(dedicated ? { always_on: true } : {}),
        ftps_state: 'Disabled',
        minimum_tls_version: '1.2',
        ...tfFrontDoorRestriction(ctx),
        application_stack: block({
          [runtime.arg]: runtime.version,
          ...(runtime.worker === 'dotnet-isolated' ? { use_dotnet_isolated_runtime: true } : {}),
        }),
      }),
      identity: block({ type: 'SystemAssigned' }),
    });
    const principal = ref(app.address, 'identity[0].principal_id');
    tfHostStorageAccess(ctx, storage, principal);
    tfRoleAssignments(ctx, tfSystemIdentity(app.address));
    ctx.output(
      'default_hostname',
      `Host name of ${ctx.node.name}`,
      ref(app.address, 'default_hostname'),
    );
  },
  arm: (ctx) => {
    const runtime = RUNTIMES[ctx.value('runtime')] ?? RUNTIMES['python-3.12']!;
    const dedicated = ctx.value('sku') !== 'Y1';
    const storage = ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Host'),
      type: 'Microsoft.Storage/storageAccounts',
      apiVersion: STORAGE_API,
      name: ctx.name('st', 'azure-storage'),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: 'Standard_LRS' },
        kind: 'StorageV2',
        properties: {
          minimumTlsVersion: 'TLS1_2',
          supportsHttpsTrafficOnly: true,
          allowBlobPublicAccess: false,
          allowSharedKeyAccess: false,
        },
      },
    });
    const plan = armLinuxPlan(ctx, PLAN_TIERS, 'Dynamic', 'skuTier');
    const site = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Web/sites',
      apiVersion: WEB_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        kind: 'functionapp,linux',
        identity: { type: 'SystemAssigned' },
        properties: {
          serverFarmId: aref(plan, 'id'),
          reserved: true,
          httpsOnly: true,
          siteConfig: {
            linuxFxVersion: runtime.fx,
            ...(dedicated ? { alwaysOn: true } : {}),
            ftpsState: 'Disabled',
            minTlsVersion: '1.2',
            ...armFrontDoorRestriction(ctx),
            appSettings: armAppSettings(ctx, [
              { name: 'FUNCTIONS_EXTENSION_VERSION', value: '~4' },
              { name: 'FUNCTIONS_WORKER_RUNTIME', value: runtime.worker },
              { name: 'AzureWebJobsStorage__accountName', value: aref(storage, 'name') },
              ...armInsightsSettings(ctx),
            ]),
          },
        },
      },
    });
    armHostStorageAccess(ctx, storage, site);
    armRoleAssignments(ctx, site, 'identity.principalId');
    ctx.output(
      'defaultHostName',
      `Host name of ${ctx.node.name}`,
      aref(site, 'properties.defaultHostName'),
    );
  },
});
