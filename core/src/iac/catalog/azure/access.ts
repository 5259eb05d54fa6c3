import type { TArmBuildContext, TNode, TTfBuildContext } from '../service';
import { aref, armFn, type TArmValue } from '../../ir/arm-ir';
import { ref } from '../../ir/terraform-ir';
import { DATA_PLANES, type TTfPrincipal } from './data-planes';
import { isSender } from '../senders';

export type { TTfPrincipal };

/** A resource's system-assigned identity: Entra ID names its service principal after the resource. */
export const tfSystemIdentity = (address: string): TTfPrincipal => ({
  id: ref(address, 'identity[0].principal_id'),
  name: ref(address, 'name'),
});

/** A user-assigned identity resource (`azurerm_user_assigned_identity`). */
export const tfUserIdentity = (address: string): TTfPrincipal => ({
  id: ref(address, 'principal_id'),
  name: ref(address, 'name'),
});

/**
 * Data connections on Azure become role assignments: the source's managed identity gets the
 * built-in data-plane role(s) on the target (least privilege, no keys in configuration).
 * Role ids are Azure's fixed built-in role definition ids.
 */
const SERVICEBUS_DATA_SENDER = '69a216fc-b8fb-44d8-bc22-1f3c2cd27a39';

interface TRole {
  readonly name: string;
  readonly id: string;
}

export const DATA_ROLES: Readonly<Record<string, readonly TRole[]>> = {
  'object-storage': [
    { name: 'Storage Blob Data Contributor', id: 'ba92f5b4-2d11-453d-a403-e96b0029c9fe' },
  ],
  // Azure Files over REST with a token (readme-file-shares.ts): a managed identity cannot sign in
  // to SMB, and the SMB share roles take Active Directory or Entra Kerberos user identities.
  'file-storage': [
    {
      name: 'Storage File Data Privileged Contributor',
      id: '69566ab7-960f-475b-8e7c-b3118f30c6bd',
    },
  ],
  kms: [{ name: 'Key Vault Secrets User', id: '4633458b-17de-408a-b874-0445c86b69e6' }],
  // One secret, not the vault's others: Key Vault RBAC takes a role at the secret's own scope.
  secret: [{ name: 'Key Vault Secrets User', id: '4633458b-17de-408a-b874-0445c86b69e6' }],
  queue: [
    { name: 'Azure Service Bus Data Sender', id: '69a216fc-b8fb-44d8-bc22-1f3c2cd27a39' },
    { name: 'Azure Service Bus Data Receiver', id: '4f6d3b9b-027b-4f4c-9142-0e5a2a2247e0' },
  ],
  // A topic's readers receive from its subscription (a function's trigger, an SDK receiver).
  topic: [
    { name: 'Azure Service Bus Data Sender', id: SERVICEBUS_DATA_SENDER },
    { name: 'Azure Service Bus Data Receiver', id: '4f6d3b9b-027b-4f4c-9142-0e5a2a2247e0' },
  ],
  'event-bus': [{ name: 'EventGrid Data Sender', id: 'd5a91429-5739-47e2-a06b-3470a27159e7' }],
  'container-registry': [{ name: 'AcrPull', id: '7f951dda-4ed3-4680-a7ca-43fe172d538d' }],
  apm: [{ name: 'Monitoring Metrics Publisher', id: '3913510d-42f4-4e42-8a64-420c390055eb' }],
  search: [{ name: 'Search Index Data Contributor', id: '8ebe5a00-799e-43f5-93ac-243d3dce84a7' }],
  realtime: [{ name: 'Web PubSub Service Owner', id: '12cf5a90-567b-43ae-8102-96cf46c7d9b4' }],
  stream: [
    { name: 'Azure Event Hubs Data Sender', id: '2b629674-e913-4c01-ae53-ef4638d8f975' },
    { name: 'Azure Event Hubs Data Receiver', id: 'a638d3c7-ab3a-418d-83e6-5f17a39d4fde' },
  ],
};

/**
 * The roles a data connection grants: a queue's or topic's sender (its `senders` property) only
 * sends, so it gets Data Sender and no Receiver: a topic's sender has no subscription to receive
 * from (topic-subscriptions.ts), a queue's would take the messages meant for its readers.
 */
function rolesOf(client: TNode, target: TNode): readonly TRole[] {
  const roles = DATA_ROLES[target.service.kind] ?? [];
  return (target.service.kind === 'topic' || target.service.kind === 'queue') &&
    isSender(target, client)
    ? roles.filter((r) => r.id === SERVICEBUS_DATA_SENDER)
    : roles;
}

/** Terraform type of each target kind's primary resource (the role assignment scope). */
const SCOPE_TYPES: Readonly<Record<string, string>> = {
  'object-storage': 'azurerm_storage_account',
  'file-storage': 'azurerm_storage_account',
  kms: 'azurerm_key_vault',
  secret: 'azurerm_key_vault_secret',
  queue: 'azurerm_servicebus_namespace',
  topic: 'azurerm_servicebus_namespace',
  'event-bus': 'azurerm_eventgrid_topic',
  'container-registry': 'azurerm_container_registry',
  stream: 'azurerm_eventhub_namespace',
  realtime: 'azurerm_web_pubsub',
  search: 'azurerm_search_service',
  apm: 'azurerm_application_insights',
};

/** The scope attribute where it is not `id` (a secret's `id` is its versioned data-plane URL). */
const SCOPE_ATTRIBUTES: Readonly<Record<string, string>> = { secret: 'resource_versionless_id' };

/** Which data targets a principal takes: all, or only some kinds (AKS splits kubelet/workload). */
type TKindFilter = (kind: string) => boolean;
const ALL: TKindFilter = () => true;

/** Returns the role assignments' addresses, for resources that must wait for the access. */
export function tfRoleAssignments(
  ctx: TTfBuildContext,
  principal: TTfPrincipal,
  only: TKindFilter = ALL,
): string[] {
  const created: string[] = [];
  for (const edge of ctx.outgoing('data').filter((e) => only(e.node.service.kind))) {
    const plane = DATA_PLANES[edge.node.service.id];
    if (plane) created.push(...plane.tf(ctx, edge.node, principal));
    rolesOf(ctx.node, edge.node).forEach((role, i) => {
      const assignment = ctx.resource(
        'azurerm_role_assignment',
        `${ctx.node.local}_${edge.node.local}_${i + 1}`,
        {
          scope: ref(
            ctx.address(edge.node, SCOPE_TYPES[edge.node.service.kind]!),
            SCOPE_ATTRIBUTES[edge.node.service.kind] ?? 'id',
          ),
          role_definition_name: role.name,
          principal_id: principal.id,
          principal_type: 'ServicePrincipal',
        },
      );
      created.push(assignment.address);
    });
  }
  return created;
}

export const ROLE_ASSIGNMENT_API = '2022-04-01';

/** Returns the role assignments' symbols, for resources that must wait for the access. */
export function armRoleAssignments(
  ctx: TArmBuildContext,
  principalSymbol: string,
  principalPath: string,
  only: TKindFilter = ALL,
): string[] {
  const created: string[] = [];
  for (const edge of ctx.outgoing('data').filter((e) => only(e.node.service.kind))) {
    const plane = DATA_PLANES[edge.node.service.id];
    if (plane) created.push(...plane.arm(ctx, edge.node, principalSymbol, principalPath));
    const target = ctx.symbol(edge.node);
    rolesOf(ctx.node, edge.node).forEach((role, i) => {
      const principalId: TArmValue = aref(principalSymbol, principalPath);
      const assignment = ctx.resource({
        symbol: `${principalSymbol}${target.charAt(0).toUpperCase()}${target.slice(1)}Access${i + 1}`,
        type: 'Microsoft.Authorization/roleAssignments',
        apiVersion: ROLE_ASSIGNMENT_API,
        scope: target,
        name: armFn('guid', aref(target, 'id'), aref(principalSymbol, 'id'), role.id),
        body: {
          properties: {
            roleDefinitionId: armFn('roleDefinitionId', role.id),
            principalId,
            principalType: 'ServicePrincipal',
          },
        },
      });
      created.push(assignment);
    });
  }
  return created;
}
