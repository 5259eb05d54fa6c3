import { defineService, type TArmBuildContext, type TNode, type TTfBuildContext } from '../service';
import { numProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { ref, type TTfValue } from '../../ir/terraform-ir';
import { BuildError } from '../../build/terraform-build';
import { armLocation, placed } from './shared';
import type { TArmSetting } from './connection-settings';

/**
 * Application Insights (workspace-based: classic resources are retired) storing into the Log
 * Analytics workspace it has a data connection to. Local authentication is off, so telemetry is
 * accepted only from Entra ID identities: apps connected to it get Monitoring Metrics Publisher
 * (access.ts) and the two settings the SDKs read (learn.microsoft.com/azure/azure-monitor/app/azure-ad-authentication).
 */
const INSIGHTS_API = '2020-02-02';

function workspaceOf(ctx: TTfBuildContext | TArmBuildContext): TNode {
  const ws = ctx.outgoing('data').find((e) => e.node.service.kind === 'log-group')?.node;
  if (!ws)
    throw new BuildError(
      `${ctx.node.name}: connect Application Insights to the Log Analytics workspace that stores its data`,
    );
  return ws;
}

/** App settings of an app with a data connection to Application Insights. */
export function tfInsightsSettings(ctx: TTfBuildContext): Record<string, TTfValue> {
  const ai = ctx.outgoing('data').find((e) => e.node.service.kind === 'apm')?.node;
  if (!ai) return {};
  return {
    APPLICATIONINSIGHTS_CONNECTION_STRING: ref(
      ctx.address(ai, 'azurerm_application_insights'),
      'connection_string',
    ),
    APPLICATIONINSIGHTS_AUTHENTICATION_STRING: 'Authorization=AAD',
  };
}

export function armInsightsSettings(ctx: TArmBuildContext): TArmSetting[] {
  const ai = ctx.outgoing('data').find((e) => e.node.service.kind === 'apm')?.node;
  if (!ai) return [];
  return [
    {
      name: 'APPLICATIONINSIGHTS_CONNECTION_STRING',
      value: aref(ctx.symbol(ai), 'properties.ConnectionString'),
    },
    { name: 'APPLICATIONINSIGHTS_AUTHENTICATION_STRING', value: 'Authorization=AAD' },
  ];
}

export const azureAppInsights = defineService({
  id: 'azure.application-insights',
  cloud: 'azure',
  kind: 'apm',
  name: 'Application Insights',
  category: 'monitoring',
  description:
    'Workspace-based Application Insights for the apps connected to it: Entra ID ingestion only (no instrumentation-key writes), sampling you choose.',
  icon: 'azure-application-insights',
  properties: [numProp('sampling', 'Sampling (%)', 100, 1, 100)],
  placement: 'none',
  naming: { rule: 'azure-generic', abbreviation: 'appi' },
  emits: {
    terraform: ['azurerm_application_insights'],
    arm: [{ type: 'Microsoft.Insights/components', apiVersion: INSIGHTS_API }],
  },
  terraform: (ctx) => {
    const ws = workspaceOf(ctx);
    const ai = ctx.resource('azurerm_application_insights', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      application_type: 'web',
      workspace_id: ref(ctx.address(ws, 'azurerm_log_analytics_workspace'), 'id'),
      sampling_percentage: ctx.prop('sampling'),
      local_authentication_disabled: true,
      tags: ctx.tags(),
    });
    ctx.output(
      'connection_string',
      `Connection string of ${ctx.node.name} (not a secret: ingestion needs Entra ID)`,
      ref(ai.address, 'connection_string'),
    );
  },
  arm: (ctx) => {
    const ws = workspaceOf(ctx);
    const ai = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Insights/components',
      apiVersion: INSIGHTS_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        kind: 'web',
        properties: {
          Application_Type: 'web',
          WorkspaceResourceId: aref(ctx.symbol(ws), 'id'),
          SamplingPercentage: ctx.prop('sampling'),
          DisableLocalAuth: true,
        },
      },
    });
    ctx.output(
      'connectionString',
      `Connection string of ${ctx.node.name} (not a secret: ingestion needs Entra ID)`,
      aref(ai, 'properties.ConnectionString'),
    );
  },
});
