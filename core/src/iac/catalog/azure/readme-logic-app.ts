import type { TResolvedDesign } from '../../design/resolve';
import { camel } from '../../build/camel';
import { KIND_NOUNS } from '../../design/nouns';
import type { TNode } from '../service';
import { settingNamer, settingPrefix } from '../setting-names';
import { subscriptionOf } from './topic-subscriptions';

/**
 * README section for Logic Apps workflows that call apps of the design (logic-app.ts): whether
 * the calls carry credentials, and what the app must do for only the workflow to get through.
 * The engine cannot protect the path itself: the audience is an Entra app registration, which
 * azurerm and ARM do not create, and App Service authentication applies to the whole app (its
 * users too), not to one path. learn.microsoft.com/azure/logic-apps/authenticate-with-managed-identity
 */
export function logicAppCallsReadme(
  resolved: TResolvedDesign,
  format: 'terraform' | 'bicep' | 'arm',
): string[] {
  const sections = resolved.nodes
    .filter((n) => n.service.id === 'azure.logic-app')
    .flatMap((workflow) => {
      const apps = resolved.design.connections
        .filter((c) => c.from === workflow.id && c.type === 'traffic')
        .flatMap((c) => resolved.byId.get(c.to) ?? []);
      if (apps.length === 0) return [];
      const names = apps.map((a) => `the ${KIND_NOUNS[a.service.kind]} \`${a.name}\``).join(', ');
      const path = String(workflow.properties['path']);
      const audience = String(workflow.properties['audience'] ?? '');
      const output =
        format === 'terraform'
          ? `${workflow.local}_principal_id`
          : `${camel(workflow.local)}PrincipalId`;
      const call = `The Logic Apps workflow \`${workflow.name}\` calls \`POST ${path}\` on ${names}`;
      const check = `Have the app accept only the workflow's identity on \`${path}\`: check the bearer token in code (issuer your tenant, audience the registration, \`oid\` the principal id in the output \`${output}\`), or turn on App Service authentication with the registration if every path of the app may require sign-in.`;
      return audience === ''
        ? [
            `${call} **without credentials**: nothing in this code stops anyone who knows the app's host name from calling that path too. To authenticate the calls, register an application for the app in Microsoft Entra ID (this code cannot: azurerm and ARM do not create Entra ID applications) and set the workflow's \`audience\` property to its Application ID URI: each call then carries a token of the workflow's managed identity. ${check}`,
            '',
          ]
        : [
            `${call} with a token of its managed identity for \`${audience}\`. The app registration with that Application ID URI is yours to create in Microsoft Entra ID (azurerm and ARM do not create Entra ID applications), and the token protects nothing until the app checks it. ${check}`,
            '',
          ];
    });
  return sections.length > 0 ? ['## Workflow calls', '', ...sections] : [];
}

/**
 * README section for Logic Apps workflows with data connections (logic-app.ts): the workflow
 * parameters that tell them their stores, and for a Service Bus topic the subscription the
 * workflow alone receives from (topic-subscriptions.ts), or none for one of its senders.
 */
export function logicAppParametersReadme(resolved: TResolvedDesign): string[] {
  const clientsOf = (store: TNode) =>
    resolved.design.connections
      .filter((c) => c.to === store.id && c.type === 'data')
      .flatMap((c) => resolved.byId.get(c.from) ?? []);
  const lines = resolved.nodes
    .filter((n) => n.service.id === 'azure.logic-app')
    .flatMap((workflow) => {
      const stores = resolved.design.connections
        .filter((c) => c.from === workflow.id && c.type === 'data')
        .flatMap((c) => resolved.byId.get(c.to) ?? []);
      const settingName = settingNamer(stores);
      return stores.map((store) => {
        const what = `- \`${workflow.name}\`: \`${settingPrefix(store)}_…\` for the ${KIND_NOUNS[store.service.kind]} \`${store.name}\``;
        if (store.service.id !== 'azure.service-bus-topic') return `${what}.`;
        const own = subscriptionOf(store, clientsOf(store), workflow);
        if (own === undefined)
          return `${what}, which it only sends to (one of the topic's \`senders\`): it has no subscription.`;
        const name = own.name ?? String(store.properties['subscription']);
        return `${what}; it receives from its own subscription, \`${name}\` (\`@parameters('${settingName(store, 'SUBSCRIPTION')}')\`), which no other reader shares.`;
      });
    });
  if (lines.length === 0) return [];
  return [
    '## Workflow parameters',
    '',
    "A Logic Apps workflow is told the stores it has data connections to in workflow parameters of type String, named as a function app's settings, which an action reads with `@parameters('<NAME>')`. Its managed identity holds their data roles: set a connection's authentication to the managed identity, no key needed.",
    '',
    ...lines,
    '',
  ];
}
