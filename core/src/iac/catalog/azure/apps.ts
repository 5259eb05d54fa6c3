import { defineService, type TArmBuildContext, type TTfBuildContext } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { aref, armFn, type TArmValue } from '../../ir/arm-ir';
import { block, obj, ref, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import {
  armRoleAssignments,
  ROLE_ASSIGNMENT_API,
  tfRoleAssignments,
  tfSystemIdentity,
} from './access';
import { DATA_PLANE_ARM, DATA_PLANE_TERRAFORM } from './data-planes';
import { armUserData, AZURE_VM_SIZES, tfUserData } from './compute';
import { armLocation, armSubnetId, placed, rgName, tfSubnetId } from './shared';
import { armLinuxPlan, tfLinuxPlan } from './app-plan';
import { armLbPoolId, azureLbsOf, tfLbPoolId } from './load-balancer';
import { armInsightsSettings, tfInsightsSettings } from './app-insights';
import { armAppSettings, tfAppSettings } from './connection-settings';
import { armAgwPoolId, azureAgwsOf, tfAgwPoolId } from './app-gateway-targets';
import { ACA_PLACEHOLDER } from './container-placeholder';
import {
  armFrontDoorRestriction,
  isPrivateLinkOrigin,
  tfFrontDoorRestriction,
} from './front-door-access';

/** Azure application hosting: VM scale sets, Container Apps, Function Apps. */
const COMPUTE_API = '2025-11-01';
const AUTOSCALE_API = '2022-10-01';
const APP_API = '2025-01-01';
// publicNetworkAccess (closing an environment Front Door reaches over Private Link) is 2025-07-01.
const ENV_API = '2025-07-01';
const WEB_API = '2024-11-01';
const STORAGE_API = '2025-06-01';

/** Marketplace images (publisher, offer, sku), as for the Linux VM. */
const IMAGES: Readonly<Record<string, { publisher: string; offer: string; sku: string }>> = {
  'ubuntu-24.04': { publisher: 'Canonical', offer: 'ubuntu-24_04-lts', sku: 'server' },
  'ubuntu-22.04': {
    publisher: 'Canonical',
    offer: '0001-com-ubuntu-server-jammy',
    sku: '22_04-lts-gen2',
  },
  'debian-12': { publisher: 'Debian', offer: 'debian-12', sku: '12-gen2' },
};

/** CPU autoscale rules: one instance out above the target, one in below half of it. */
function scaleRules(target: number, up: boolean) {
  return {
    metric: 'Percentage CPU',
    operator: up ? 'GreaterThan' : 'LessThan',
    threshold: up ? target : Math.floor(target / 2),
    direction: up ? 'Increase' : 'Decrease',
  };
}

/** A scale set joins the pools of the load balancers and gateways that send it traffic. */
function tfEntryPools(ctx: TTfBuildContext): Record<string, TTfValue> {
  const lbs = azureLbsOf(ctx).map((n) => tfLbPoolId(ctx, n));
  const agws = azureAgwsOf(ctx).map((n) => tfAgwPoolId(ctx, n));
  return {
    ...(lbs.length > 0 ? { load_balancer_backend_address_pool_ids: lbs } : {}),
    ...(agws.length > 0 ? { application_gateway_backend_address_pool_ids: agws } : {}),
  };
}

function armEntryPools(ctx: TArmBuildContext): Record<string, TArmValue> {
  const lbs = azureLbsOf(ctx).map((n) => ({ id: armLbPoolId(ctx, n) }));
  const agws = azureAgwsOf(ctx).map((n) => ({ id: armAgwPoolId(ctx, n) }));
  return {
    ...(lbs.length > 0 ? { loadBalancerBackendAddressPools: lbs } : {}),
    ...(agws.length > 0 ? { applicationGatewayBackendAddressPools: agws } : {}),
  };
}

export const azureVmScaleSet = defineService({
  id: 'azure.vm-scale-set',
  cloud: 'azure',
  kind: 'autoscaling-group',
  name: 'Virtual machine scale set',
  category: 'compute',
  description:
    'Linux VM scale set (uniform orchestration) with a marketplace image, managed OS disks, SSH key, system identity and CPU autoscale between a minimum and a maximum.',
  icon: 'azure-vmss',
  properties: [
    enumProp('size', 'Size', AZURE_VM_SIZES, 'Standard_B2s'),
    enumProp('os', 'Image', Object.keys(IMAGES), 'ubuntu-24.04'),
    enumProp(
      'diskType',
      'OS disk type',
      ['Premium_LRS', 'StandardSSD_LRS', 'Standard_LRS'],
      'Premium_LRS',
    ),
    numProp('minSize', 'Minimum instances', 2, 1, 1000),
    numProp('maxSize', 'Maximum instances', 6, 1, 1000),
    numProp('cpuTarget', 'Scale-out CPU (%)', 70, 10, 95),
    strProp('adminUser', 'Admin user', 'azureuser'),
  ],
  placement: 'subnet',
  port: 80,
  naming: { rule: 'azure-vm-linux', abbreviation: 'vmss' },
  emits: {
    terraform: [
      'azurerm_linux_virtual_machine_scale_set',
      'azurerm_monitor_autoscale_setting',
      'azurerm_role_assignment',
      ...DATA_PLANE_TERRAFORM,
    ],
    arm: [
      { type: 'Microsoft.Compute/virtualMachineScaleSets', apiVersion: COMPUTE_API },
      { type: 'Microsoft.Insights/autoscalesettings', apiVersion: AUTOSCALE_API },
      { type: 'Microsoft.Authorization/roleAssignments', apiVersion: ROLE_ASSIGNMENT_API },
      ...DATA_PLANE_ARM,
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const image = IMAGES[ctx.value('os')] ?? IMAGES['ubuntu-24.04']!;
    const key = ctx.variable({
      name: 'ssh_public_key',
      type: 'string',
      description: 'SSH public key (OpenSSH format) installed on the virtual machines.',
    });
    const vmss = ctx.resource(
      'azurerm_linux_virtual_machine_scale_set',
      local,
      {
        name: ctx.name(),
        ...placed(),
        sku: ctx.prop('size'),
        instances: ctx.prop('minSize'),
        admin_username: ctx.prop('adminUser'),
        disable_password_authentication: true,
        upgrade_mode: 'Manual',
        ...tfUserData(ctx),
        tags: ctx.tags(),
        admin_ssh_key: block({ username: ctx.prop('adminUser'), public_key: key }),
        source_image_reference: block({ ...image, version: 'latest' }),
        os_disk: block({ caching: 'ReadWrite', storage_account_type: ctx.prop('diskType') }),
        network_interface: block({
          name: 'nic',
          primary: true,
          ip_configuration: block({
            name: 'primary',
            primary: true,
            subnet_id: tfSubnetId(ctx, ctx.subnets()[0]!),
            ...tfEntryPools(ctx),
          }),
        }),
        identity: block({ type: 'SystemAssigned' }),
      },
      undefined,
      // The autoscale setting below owns the instance count; `minSize` is only the first one.
      { lifecycle: { ignoreChanges: ['instances'] } },
    );
    const rule = (up: boolean) => {
      const r = scaleRules(ctx.value<number>('cpuTarget'), up);
      return block({
        metric_trigger: block({
          metric_name: r.metric,
          metric_resource_id: ref(vmss.address, 'id'),
          time_grain: 'PT1M',
          statistic: 'Average',
          time_window: 'PT5M',
          time_aggregation: 'Average',
          operator: r.operator,
          threshold: r.threshold,
        }),
        scale_action: block({
          direction: r.direction,
          type: 'ChangeCount',
          value: 1,
          cooldown: 'PT5M',
        }),
      });
    };
    ctx.resource('azurerm_monitor_autoscale_setting', local, {
      name: ctx.name('autoscale'),
      ...placed(),
      target_resource_id: ref(vmss.address, 'id'),
      tags: ctx.tags(),
      profile: block({
        name: 'cpu',
        capacity: block({
          default: ctx.prop('minSize'),
          minimum: ctx.prop('minSize'),
          maximum: ctx.prop('maxSize'),
        }),
        rule: [rule(true), rule(false)],
      }),
    });
    tfRoleAssignments(ctx, tfSystemIdentity(vmss.address));
    ctx.output(
      'principal_id',
      `Managed identity of ${ctx.node.name}`,
      ref(vmss.address, 'identity[0].principal_id'),
    );
  },
  arm: (ctx) => {
    const image = IMAGES[ctx.value('os')] ?? IMAGES['ubuntu-24.04']!;
    const key = ctx.parameter({
      name: 'sshPublicKey',
      type: 'string',
      secure: true,
      description: 'SSH public key (OpenSSH format) for the virtual machines.',
      envVar: 'SSH_PUBLIC_KEY',
    });
    const vmss = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Compute/virtualMachineScaleSets',
      apiVersion: COMPUTE_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: ctx.prop('size'), tier: 'Standard', capacity: ctx.prop('minSize') },
        identity: { type: 'SystemAssigned' },
        properties: {
          orchestrationMode: 'Uniform',
          upgradePolicy: { mode: 'Manual' },
          virtualMachineProfile: {
            osProfile: {
              computerNamePrefix: ctx.node.name,
              adminUsername: ctx.prop('adminUser'),
              linuxConfiguration: {
                disablePasswordAuthentication: true,
                ssh: {
                  publicKeys: [
                    {
                      path: `/home/${String(ctx.value('adminUser'))}/.ssh/authorized_keys`,
                      keyData: key,
                    },
                  ],
                },
              },
            },
            storageProfile: {
              imageReference: { ...image, version: 'latest' },
              osDisk: {
                createOption: 'FromImage',
                caching: 'ReadWrite',
                managedDisk: { storageAccountType: ctx.prop('diskType') },
              },
            },
            networkProfile: {
              networkInterfaceConfigurations: [
                {
                  name: 'nic',
                  properties: {
                    primary: true,
                    ipConfigurations: [
                      {
                        name: 'primary',
                        properties: {
                          primary: true,
                          subnet: { id: armSubnetId(ctx, ctx.subnets()[0]!) },
                          ...armEntryPools(ctx),
                        },
                      },
                    ],
                  },
                },
              ],
            },
            ...armUserData(ctx),
          },
        },
      },
    });
    const rule = (up: boolean): TArmValue => {
      const r = scaleRules(ctx.value<number>('cpuTarget'), up);
      return {
        metricTrigger: {
          metricName: r.metric,
          metricResourceUri: aref(vmss, 'id'),
          timeGrain: 'PT1M',
          statistic: 'Average',
          timeWindow: 'PT5M',
          timeAggregation: 'Average',
          operator: r.operator,
          threshold: r.threshold,
        },
        scaleAction: { direction: r.direction, type: 'ChangeCount', value: '1', cooldown: 'PT5M' },
      };
    };
    ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Autoscale'),
      type: 'Microsoft.Insights/autoscalesettings',
      apiVersion: AUTOSCALE_API,
      name: ctx.name('autoscale'),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: {
          enabled: true,
          targetResourceUri: aref(vmss, 'id'),
          profiles: [
            {
              name: 'cpu',
              capacity: {
                default: ctx.prop('minSize', (v) => String(v), 'minCapacity'),
                minimum: ctx.prop('minSize', (v) => String(v), 'minCapacity'),
                maximum: ctx.prop('maxSize', (v) => String(v), 'maxCapacity'),
              },
              rules: [rule(true), rule(false)],
            },
          ],
        },
      },
    });
    armRoleAssignments(ctx, vmss, 'identity.principalId');
    ctx.output(
      'principalId',
      `Managed identity of ${ctx.node.name}`,
      aref(vmss, 'identity.principalId'),
    );
  },
});

/** Container Apps sizes: whole vCPUs with 2 GiB each (a Consumption profile combination). */
const CONTAINER_MEMORY: Readonly<Record<string, string>> = { '1': '2Gi', '2': '4Gi', '4': '8Gi' };

export const azureContainerApp = defineService({
  id: 'azure.container-app',
  cloud: 'azure',
  kind: 'serverless-container',
  name: 'Container app',
  category: 'containers',
  description:
    'Container app with HTTPS ingress and replica bounds in its own Container Apps environment (workload profiles; VNet-integrated in a delegated subnet when placed in one).',
  icon: 'azure-container-apps',
  properties: [
    strProp(
      'image',
      'Container image',
      ACA_PLACEHOLDER.image,
      `The default is a placeholder that listens on port ${ACA_PLACEHOLDER.port}: set your application's image and the port it listens on.`,
    ),
    numProp(
      'containerPort',
      'Container port',
      ACA_PLACEHOLDER.port,
      1,
      65535,
      'The port the image listens on: ingress and its health probes go there.',
    ),
    enumProp('cpu', 'vCPU (2 GiB memory each)', ['1', '2', '4'], '1'),
    numProp('minInstances', 'Minimum replicas', 0, 0, 1000),
    numProp('maxInstances', 'Maximum replicas', 10, 1, 1000),
  ],
  placement: 'optional-subnet',
  port: 443,
  naming: { rule: 'azure-container-app', abbreviation: 'ca' },
  emits: {
    terraform: [
      'azurerm_container_app_environment',
      'azurerm_container_app',
      'azurerm_role_assignment',
      ...DATA_PLANE_TERRAFORM,
    ],
    arm: [
      { type: 'Microsoft.App/managedEnvironments', apiVersion: ENV_API },
      { type: 'Microsoft.App/containerApps', apiVersion: APP_API },
      { type: 'Microsoft.Authorization/roleAssignments', apiVersion: ROLE_ASSIGNMENT_API },
      ...DATA_PLANE_ARM,
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const subnet = ctx.subnets()[0];
    const env = ctx.resource('azurerm_container_app_environment', local, {
      name: ctx.name('cae'),
      ...placed(),
      ...(subnet ? { infrastructure_subnet_id: tfSubnetId(ctx, subnet) } : {}),
      ...(isPrivateLinkOrigin(ctx, ctx.node) ? { public_network_access: 'Disabled' } : {}),
      tags: ctx.tags(),
      workload_profile: block({ name: 'Consumption', workload_profile_type: 'Consumption' }),
    });
    // Application Insights first (the SDK's two settings), then the stores it connects to.
    const settings = Object.entries(tfAppSettings(ctx, tfInsightsSettings(ctx)));
    const app = ctx.resource('azurerm_container_app', local, {
      name: ctx.name(),
      container_app_environment_id: ref(env.address, 'id'),
      resource_group_name: rgName(),
      revision_mode: 'Single',
      workload_profile_name: 'Consumption',
      tags: ctx.tags(),
      identity: block({ type: 'SystemAssigned' }),
      ingress: block({
        external_enabled: true,
        target_port: ctx.prop('containerPort'),
        transport: 'auto',
        traffic_weight: block({ latest_revision: true, percentage: 100 }),
      }),
      template: block({
        min_replicas: ctx.prop('minInstances'),
        max_replicas: ctx.prop('maxInstances'),
        container: block({
          name: 'app',
          image: ctx.prop('image'),
          cpu: ctx.prop('cpu', (v) => Number(v), 'cpu'),
          memory: ctx.prop('cpu', (v) => CONTAINER_MEMORY[String(v)] ?? '2Gi', 'memory'),
          ...(settings.length > 0
            ? { env: settings.map(([name, value]) => block({ name, value })) }
            : {}),
        }),
      }),
    });
    tfRoleAssignments(ctx, tfSystemIdentity(app.address));
    ctx.output('fqdn', `Ingress FQDN of ${ctx.node.name}`, ref(app.address, 'ingress[0].fqdn'));
  },
  arm: (ctx) => {
    const subnet = ctx.subnets()[0];
    const env = ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Env'),
      type: 'Microsoft.App/managedEnvironments',
      apiVersion: ENV_API,
      name: ctx.name('cae'),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: {
          ...(subnet
            ? { vnetConfiguration: { infrastructureSubnetId: armSubnetId(ctx, subnet) } }
            : {}),
          workloadProfiles: [{ name: 'Consumption', workloadProfileType: 'Consumption' }],
          ...(isPrivateLinkOrigin(ctx, ctx.node) ? { publicNetworkAccess: 'Disabled' } : {}),
        },
      },
    });
    const settings = armAppSettings(ctx, armInsightsSettings(ctx));
    const app = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.App/containerApps',
      apiVersion: APP_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        identity: { type: 'SystemAssigned' },
        properties: {
          environmentId: aref(env, 'id'),
          workloadProfileName: 'Consumption',
          configuration: {
            activeRevisionsMode: 'Single',
            ingress: {
              external: true,
              targetPort: ctx.prop('containerPort'),
              transport: 'auto',
              traffic: [{ latestRevision: true, weight: 100 }],
            },
          },
          template: {
            containers: [
              {
                name: 'app',
                image: ctx.prop('image'),
                ...(settings.length > 0 ? { env: settings } : {}),
                resources: {
                  cpu: ctx.prop('cpu', (v) => Number(v), 'cpu'),
                  memory: ctx.prop('cpu', (v) => CONTAINER_MEMORY[String(v)] ?? '2Gi', 'memory'),
                },
              },
            ],
            scale: {
              minReplicas: ctx.prop('minInstances'),
              maxReplicas: ctx.prop('maxInstances'),
            },
          },
        },
      },
    });
    armRoleAssignments(ctx, app, 'identity.principalId');
    ctx.output(
      'fqdn',
      `Ingress FQDN of ${ctx.node.name}`,
      aref(app, 'properties.configuration.ingress.fqdn'),
    );
  },
});

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
