import { defineService } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import {
  armRoleAssignments,
  ROLE_ASSIGNMENT_API,
  tfRoleAssignments,
  tfSystemIdentity,
} from './access';
import { DATA_PLANE_ARM, DATA_PLANE_TERRAFORM } from './data-planes';
import { armLocation, armSubnetId, placed, rgName, tfSubnetId } from './shared';
import { armInsightsSettings, tfInsightsSettings } from './app-insights';
import { armAppSettings, tfAppSettings } from './connection-settings';
import { ACA_PLACEHOLDER } from './container-placeholder';
import { isPrivateLinkOrigin } from './front-door-access';

/** Azure Container Apps, each in a Container Apps environment of its own. */
const APP_API = '2025-01-01';
// publicNetworkAccess (closing an environment Front Door reaches over Private Link) is 2025-07-01.
const ENV_API = '2025-07-01';
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
