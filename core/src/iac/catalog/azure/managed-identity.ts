import { defineService } from '../service';
import { enumProp } from '../properties';
import { aref, armFn } from '../../ir/arm-ir';
import { ref } from '../../ir/terraform-ir';
import { armLocation, placed } from './shared';

/** Azure user-assigned managed identities. */
const IDENTITY_API = '2023-01-31';
/** Built-in roles a managed identity can hold on the resource group (fixed Azure ids). */
const RG_ROLES: Readonly<Record<string, string>> = {
  Reader: 'acdd72a7-3385-48ef-bd42-f606fba81ae7',
  Contributor: 'b24988ac-6180-42a0-ab88-20f7382dd24c',
  'Monitoring Metrics Publisher': '3913510d-42f4-4e42-8a64-420c390055eb',
  AcrPull: '7f951dda-4ed3-4680-a7ca-43fe172d538d',
  'Key Vault Secrets User': '4633458b-17de-408a-b874-0445c86b69e6',
};

export const azureManagedIdentity = defineService({
  id: 'azure.managed-identity',
  cloud: 'azure',
  kind: 'identity',
  name: 'User-assigned managed identity',
  category: 'security',
  description: 'Managed identity with one built-in role on the resource group.',
  icon: 'azure-managed-identity',
  properties: [enumProp('role', 'Role on the resource group', Object.keys(RG_ROLES), 'Reader')],
  placement: 'none',
  naming: { rule: 'azure-identity', abbreviation: 'id' },
  emits: {
    terraform: ['azurerm_user_assigned_identity', 'azurerm_role_assignment'],
    arm: [
      { type: 'Microsoft.ManagedIdentity/userAssignedIdentities', apiVersion: IDENTITY_API },
      { type: 'Microsoft.Authorization/roleAssignments', apiVersion: '2022-04-01' },
    ],
  },
  terraform: (ctx) => {
    const id = ctx.resource('azurerm_user_assigned_identity', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      tags: ctx.tags(),
    });
    ctx.resource('azurerm_role_assignment', `${ctx.node.local}_rg`, {
      scope: ref('azurerm_resource_group.main', 'id'),
      role_definition_name: ctx.prop('role'),
      principal_id: ref(id.address, 'principal_id'),
      principal_type: 'ServicePrincipal',
    });
    ctx.output('client_id', `Client id of ${ctx.node.name}`, ref(id.address, 'client_id'));
  },
  arm: (ctx) => {
    const base = ctx.symbol(ctx.node);
    const id = ctx.resource({
      symbol: base,
      type: 'Microsoft.ManagedIdentity/userAssignedIdentities',
      apiVersion: IDENTITY_API,
      name: ctx.name(),
      body: { location: armLocation(), tags: ctx.tags() },
    });
    const roleId = ctx.prop('role', (v) => RG_ROLES[String(v)] ?? RG_ROLES['Reader']!, 'roleId');
    ctx.resource({
      symbol: `${base}RgRole`,
      type: 'Microsoft.Authorization/roleAssignments',
      apiVersion: '2022-04-01',
      name: armFn('guid', aref(id, 'id'), roleId),
      body: {
        properties: {
          roleDefinitionId: armFn('roleDefinitionId', roleId),
          principalId: aref(id, 'properties.principalId'),
          principalType: 'ServicePrincipal',
        },
      },
    });
    ctx.output('clientId', `Client id of ${ctx.node.name}`, aref(id, 'properties.clientId'));
  },
});
