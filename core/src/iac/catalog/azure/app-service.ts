import { defineService } from '../service';
import { enumProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { block, obj, ref } from '../../ir/terraform-ir';
import {
  armRoleAssignments,
  ROLE_ASSIGNMENT_API,
  tfRoleAssignments,
  tfSystemIdentity,
} from './access';
import { DATA_PLANE_ARM, DATA_PLANE_TERRAFORM } from './data-planes';
import { armInsightsSettings, tfInsightsSettings } from './app-insights';
import { armAppSettings, tfAppSettings } from './connection-settings';
import { armLocation, armSubnetId, placed, tfSubnetId } from './shared';
import { armLinuxPlan, tfLinuxPlan } from './app-plan';
import { armFrontDoorRestriction, tfFrontDoorRestriction } from './front-door-access';

/**
 * App Service: a Linux web app on its own plan. HTTPS only, TLS 1.2 minimum, FTP and basic-auth
 * publishing off (deploy with Entra ID), a system identity for its data connections, and VNet
 * integration with all outbound traffic routed through the subnet when it is placed in one (the
 * subnet is delegated to Microsoft.Web/serverFarms, see shared.ts).
 */
const WEB_API = '2024-11-01';

/** Runtime stacks: Terraform's application_stack argument and ARM's linuxFxVersion. */
const STACKS: Readonly<
  Record<string, { readonly tf: Record<string, string>; readonly fx: string }>
> = {
  'node-22': { tf: { node_version: '22-lts' }, fx: 'NODE|22-lts' },
  'node-20': { tf: { node_version: '20-lts' }, fx: 'NODE|20-lts' },
  'python-3.12': { tf: { python_version: '3.12' }, fx: 'PYTHON|3.12' },
  'dotnet-8.0': { tf: { dotnet_version: '8.0' }, fx: 'DOTNETCORE|8.0' },
  'java-21': {
    tf: { java_server: 'JAVA', java_server_version: '21', java_version: '21' },
    fx: 'JAVA|21-java21',
  },
};

/** Plan SKUs with VNet integration (Basic and up) and their tiers. */
const PLAN_TIERS: Readonly<Record<string, string>> = {
  B1: 'Basic',
  B2: 'Basic',
  S1: 'Standard',
  P0v3: 'Premium0V3',
  P1v3: 'PremiumV3',
  P2v3: 'PremiumV3',
};

export const azureAppService = defineService({
  id: 'azure.app-service',
  cloud: 'azure',
  kind: 'web-app',
  name: 'App Service (Linux web app)',
  category: 'compute',
  description:
    'Linux web app on its own App Service plan: HTTPS only, TLS 1.2, FTP and basic-auth publishing off, a managed identity, and VNet integration when placed in a subnet.',
  icon: 'azure-app-service',
  properties: [
    enumProp('sku', 'Plan', Object.keys(PLAN_TIERS), 'B1'),
    enumProp('runtime', 'Runtime', Object.keys(STACKS), 'node-22'),
  ],
  placement: 'optional-subnet',
  port: 443,
  naming: { rule: 'azure-app', abbreviation: 'app' },
  emits: {
    terraform: [
      'azurerm_linux_web_app',
      'azurerm_service_plan',
      'azurerm_role_assignment',
      ...DATA_PLANE_TERRAFORM,
    ],
    arm: [
      { type: 'Microsoft.Web/sites', apiVersion: WEB_API },
      { type: 'Microsoft.Web/serverfarms', apiVersion: WEB_API },
      { type: 'Microsoft.Web/sites/basicPublishingCredentialsPolicies', apiVersion: WEB_API },
      { type: 'Microsoft.Authorization/roleAssignments', apiVersion: ROLE_ASSIGNMENT_API },
      ...DATA_PLANE_ARM,
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const stack = STACKS[ctx.value('runtime')] ?? STACKS['node-22']!;
    const subnet = ctx.subnets()[0];
    const plan = tfLinuxPlan(ctx);
    const settings = tfAppSettings(ctx, tfInsightsSettings(ctx));
    const app = ctx.resource('azurerm_linux_web_app', local, {
      name: ctx.name(),
      ...placed(),
      service_plan_id: ref(plan.address, 'id'),
      https_only: true,
      ftp_publish_basic_authentication_enabled: false,
      webdeploy_publish_basic_authentication_enabled: false,
      ...(subnet ? { virtual_network_subnet_id: tfSubnetId(ctx, subnet) } : {}),
      ...(Object.keys(settings).length > 0 ? { app_settings: obj(settings) } : {}),
      tags: ctx.tags(),
      site_config: block({
        always_on: true,
        ftps_state: 'Disabled',
        minimum_tls_version: '1.2',
        scm_minimum_tls_version: '1.2',
        http2_enabled: true,
        ...(subnet ? { vnet_route_all_enabled: true } : {}),
        ...tfFrontDoorRestriction(ctx),
        application_stack: block(stack.tf),
      }),
      identity: block({ type: 'SystemAssigned' }),
    });
    tfRoleAssignments(ctx, tfSystemIdentity(app.address));
    ctx.output(
      'default_hostname',
      `Host name of ${ctx.node.name}`,
      ref(app.address, 'default_hostname'),
    );
  },
  arm: (ctx) => {
    const stack = STACKS[ctx.value('runtime')] ?? STACKS['node-22']!;
    const subnet = ctx.subnets()[0];
    const settings = armAppSettings(ctx, armInsightsSettings(ctx));
    const plan = armLinuxPlan(ctx, PLAN_TIERS, 'Basic');
    const site = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Web/sites',
      apiVersion: WEB_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        kind: 'app,linux',
        identity: { type: 'SystemAssigned' },
        properties: {
          serverFarmId: aref(plan, 'id'),
          reserved: true,
          httpsOnly: true,
          ...(subnet ? { virtualNetworkSubnetId: armSubnetId(ctx, subnet) } : {}),
          siteConfig: {
            linuxFxVersion: stack.fx,
            alwaysOn: true,
            ftpsState: 'Disabled',
            minTlsVersion: '1.2',
            scmMinTlsVersion: '1.2',
            http20Enabled: true,
            ...(subnet ? { vnetRouteAllEnabled: true } : {}),
            ...armFrontDoorRestriction(ctx),
            ...(settings.length > 0 ? { appSettings: settings } : {}),
          },
        },
      },
    });
    // Basic-auth publishing is a pair of child policies in ARM (one argument each in azurerm).
    for (const endpoint of ['ftp', 'scm']) {
      ctx.resource({
        symbol: ctx.symbol(ctx.node, endpoint === 'ftp' ? 'Ftp' : 'Scm'),
        type: 'Microsoft.Web/sites/basicPublishingCredentialsPolicies',
        apiVersion: WEB_API,
        parent: site,
        name: endpoint,
        body: { properties: { allow: false } },
      });
    }
    armRoleAssignments(ctx, site, 'identity.principalId');
    ctx.output(
      'defaultHostName',
      `Host name of ${ctx.node.name}`,
      aref(site, 'properties.defaultHostName'),
    );
  },
});
