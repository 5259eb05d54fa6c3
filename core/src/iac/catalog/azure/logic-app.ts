import { defineService, type TArmBuildContext, type TEdge, type TTfBuildContext } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { aref, atpl, type TArmValue } from '../../ir/arm-ir';
import { block, call, obj, ref, tpl, type TTfValue } from '../../ir/terraform-ir';
import { BuildError } from '../../build/terraform-build';
import { armRoleAssignments, tfRoleAssignments, tfSystemIdentity } from './access';
import { armVmSettings, tfVmSettings } from './connection-settings';
import { DATA_PLANE_ARM, DATA_PLANE_TERRAFORM } from './data-planes';
import { armLocation, placed } from './shared';

/**
 * Logic Apps (Consumption): a workflow on a recurrence that calls the function and web apps it
 * has traffic connections to over HTTPS, one after the other. Its system identity gets the data
 * roles of its data connections (access.ts), so actions the team adds reach those stores without
 * keys; no external caller may fire its triggers (allowed caller addresses: none, "only other
 * Logic Apps"; learn.microsoft.com/azure/logic-apps/logic-apps-securing-a-logic-app).
 * With an `audience` (the Application ID URI of an Entra app registration the called apps trust)
 * each call carries a token of that identity (learn.microsoft.com/azure/logic-apps/authenticate-with-managed-identity).
 * The registration itself is not the engine's to make (azurerm and ARM manage no Entra ID
 * applications), so without one the calls carry no credentials and the README says so
 * (readme-logic-app.ts).
 */
const LOGIC_API = '2019-05-01';
const DEFINITION_SCHEMA =
  'https://schema.management.azure.com/providers/Microsoft.Logic/schemas/2016-06-01/workflowdefinition.json#';

const TF_HOSTS: Readonly<Record<string, string>> = {
  function: 'azurerm_linux_function_app',
  'web-app': 'azurerm_linux_web_app',
};

function targets(ctx: TTfBuildContext | TArmBuildContext): TEdge[] {
  return ctx.outgoing('traffic').map((edge) => {
    if (!TF_HOSTS[edge.node.service.kind])
      throw new BuildError(
        `${ctx.node.name}: a Logic App workflow calls function apps and web apps, not ${edge.node.name}`,
      );
    return edge;
  });
}

/**
 * What the workflow is told of its data connections: the settings a function app connected to
 * the same stores gets (connection-settings.ts), as workflow parameters of type String that its
 * actions read with `@parameters('ORDERS_SUBSCRIPTION')`. A Logic App has no app settings, and a
 * workflow reading a topic was not told the subscription the topic made for it.
 */
const PARAMETER = { type: 'String' } as const;

/** `call_orders`: an action name Logic Apps accepts (letters, digits, underscores). */
const actionName = (edge: TEdge) => `call_${edge.node.local}`;

export const MSI_AUTHENTICATION = 'ManagedServiceIdentity';

/** The action's `authentication` input: the system identity's token for the audience, if any. */
function authentication(ctx: TTfBuildContext | TArmBuildContext) {
  const audience = ctx.value('audience');
  return audience === '' ? undefined : { type: MSI_AUTHENTICATION, audience };
}

export const azureLogicApp = defineService({
  id: 'azure.logic-app',
  cloud: 'azure',
  kind: 'workflow',
  name: 'Logic Apps workflow',
  category: 'api',
  description:
    'Logic Apps (Consumption) workflow on a schedule that calls the function and web apps it connects to over HTTPS in turn, with a token of its managed identity when given an audience (else without credentials); the identity has the data roles of its data connections, triggers closed to outside callers.',
  icon: 'azure-logic-app',
  properties: [
    enumProp('frequency', 'Runs every', ['Minute', 'Hour', 'Day', 'Week', 'Month'], 'Hour'),
    numProp('interval', 'Interval (units of the frequency)', 1, 1, 100),
    strProp('path', 'Path called on each app', '/'),
    strProp(
      'audience',
      "Token audience for the calls (an Entra app's Application ID URI; empty: no credentials)",
      '',
    ),
  ],
  placement: 'none',
  naming: { rule: 'azure-generic', abbreviation: 'logic' },
  emits: {
    terraform: [
      'azurerm_logic_app_workflow',
      'azurerm_logic_app_trigger_recurrence',
      'azurerm_logic_app_action_custom',
      'azurerm_role_assignment',
      ...DATA_PLANE_TERRAFORM,
    ],
    arm: [
      { type: 'Microsoft.Logic/workflows', apiVersion: LOGIC_API },
      { type: 'Microsoft.Authorization/roleAssignments', apiVersion: '2022-04-01' },
      ...DATA_PLANE_ARM,
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const calls = targets(ctx);
    const auth = authentication(ctx);
    const settings = tfVmSettings(ctx);
    const names = Object.keys(settings);
    const wf = ctx.resource('azurerm_logic_app_workflow', local, {
      name: ctx.name(),
      ...placed(),
      tags: ctx.tags(),
      ...(names.length > 0
        ? {
            workflow_parameters: obj(
              Object.fromEntries(names.map((n) => [n, call('jsonencode', obj(PARAMETER))])),
            ),
            parameters: obj(settings),
          }
        : {}),
      identity: block({ type: 'SystemAssigned' }),
      access_control: block({
        trigger: block({ allowed_caller_ip_address_range: [] }),
      }),
    });
    ctx.resource('azurerm_logic_app_trigger_recurrence', local, {
      name: 'recurrence',
      logic_app_id: ref(wf.address, 'id'),
      frequency: ctx.prop('frequency'),
      interval: ctx.prop('interval'),
      time_zone: 'UTC',
    });
    calls.forEach((edge, i) => {
      const previous = calls[i - 1];
      const host: TTfValue = ref(
        ctx.address(edge.node, TF_HOSTS[edge.node.service.kind]!),
        'default_hostname',
      );
      ctx.resource(
        'azurerm_logic_app_action_custom',
        `${local}_${edge.node.local}`,
        {
          name: actionName(edge),
          logic_app_id: ref(wf.address, 'id'),
          body: call(
            'jsonencode',
            obj({
              type: 'Http',
              inputs: obj({
                method: 'POST',
                uri: tpl('https://', host, ctx.value('path')),
                ...(auth ? { authentication: obj(auth) } : {}),
              }),
              runAfter: previous ? obj({ [actionName(previous)]: ['Succeeded'] }) : obj({}),
            }),
          ),
        },
        previous
          ? [ctx.address(ctx.node, 'azurerm_logic_app_action_custom', `_${previous.node.local}`)]
          : [],
      );
    });
    tfRoleAssignments(ctx, tfSystemIdentity(wf.address));
    ctx.output('id', `Id of workflow ${ctx.node.name}`, ref(wf.address, 'id'));
    ctx.output(
      'principal_id',
      `Principal id of the managed identity of workflow ${ctx.node.name} (the caller the apps it calls see)`,
      ref(wf.address, 'identity[0].principal_id'),
    );
  },
  arm: (ctx) => {
    const calls = targets(ctx);
    const auth = authentication(ctx);
    const actions: Record<string, TArmValue> = {};
    calls.forEach((edge, i) => {
      const previous = calls[i - 1];
      actions[actionName(edge)] = {
        type: 'Http',
        inputs: {
          method: 'POST',
          uri: atpl(
            'https://',
            aref(ctx.symbol(edge.node), 'properties.defaultHostName'),
            ctx.value<string>('path'),
          ),
          ...(auth ? { authentication: auth } : {}),
        },
        runAfter: previous ? { [actionName(previous)]: ['Succeeded'] } : {},
      };
    });
    const settings = armVmSettings(ctx);
    const names = Object.keys(settings);
    const wf = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Logic/workflows',
      apiVersion: LOGIC_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        identity: { type: 'SystemAssigned' },
        properties: {
          state: 'Enabled',
          accessControl: { triggers: { allowedCallerIpAddresses: [] } },
          ...(names.length > 0
            ? {
                parameters: Object.fromEntries(
                  Object.entries(settings).map(([n, value]) => [n, { value }]),
                ),
              }
            : {}),
          definition: {
            $schema: DEFINITION_SCHEMA,
            contentVersion: '1.0.0.0',
            ...(names.length > 0
              ? { parameters: Object.fromEntries(names.map((n) => [n, { ...PARAMETER }])) }
              : {}),
            triggers: {
              recurrence: {
                type: 'Recurrence',
                recurrence: {
                  frequency: ctx.prop('frequency'),
                  interval: ctx.prop('interval'),
                  timeZone: 'UTC',
                },
              },
            },
            actions,
            outputs: {},
          },
        },
      },
    });
    armRoleAssignments(ctx, wf, 'identity.principalId');
    ctx.output('id', `Id of workflow ${ctx.node.name}`, aref(wf, 'id'));
    ctx.output(
      'principalId',
      `Principal id of the managed identity of workflow ${ctx.node.name} (the caller the apps it calls see)`,
      aref(wf, 'identity.principalId'),
    );
  },
});
