import { defineService } from '../service';
import { AKS_VERSION, isVersionPinned } from './aks-version';
import { aksServiceRange } from './aks-service-range';
import { enumProp, numProp, strProp } from '../properties';
import { aref, armFn } from '../../ir/arm-ir';
import { block, call, ref, tfVar, tpl } from '../../ir/terraform-ir';
import { AZURE_VM_SIZES } from './compute';
import {
  armRoleAssignments,
  ROLE_ASSIGNMENT_API,
  tfRoleAssignments,
  tfUserIdentity,
} from './access';
import { DATA_PLANE_ARM, DATA_PLANE_TERRAFORM } from './data-planes';
import { armLocation, armSubnetId, ENTRA_OBJECT_ID, placed, rgName, tfSubnetId } from './shared';
import { AKS_WORKLOAD_IDENTITY, armVmSettings, tfVmSettings } from './connection-settings';
import { armClusterSettings, tfClusterSettings } from '../cluster-settings';
import {
  aksNatGateway,
  armAksNetworkAccess,
  IDENTITY_API,
  NAT_OUTBOUND_TYPE,
  tfAksNetworkAccess,
} from './aks-network';

/** Azure Kubernetes Service: a cluster with Entra ID sign-in, Azure RBAC and workload identity. */
const AKS_API = '2026-03-01';

const isRegistry = (kind: string): boolean => kind === 'container-registry';
/** Subject of a Kubernetes service account's token, as workload identity federation expects it. */
const serviceAccountSubject = (namespace: string, name: string): string =>
  `system:serviceaccount:${namespace}:${name}`;
/**
 * With local accounts off and Azure RBAC deciding what Entra principals may do in the cluster,
 * nobody can use kubectl until a role with data actions is assigned (Owner has none). The
 * design's administrators are an Entra group, an input per environment, holding at the cluster
 * both roles Microsoft's AKS baseline gives its admin group: RBAC Cluster Admin (everything in
 * Kubernetes) and Cluster User (`az aks get-credentials`). Fixed built-in role ids.
 * learn.microsoft.com/azure/aks/manage-azure-rbac
 */
const AKS_ADMIN_ROLES = [
  {
    name: 'Azure Kubernetes Service RBAC Cluster Admin',
    id: 'b1ff04bb-8a4e-4dc4-8eb5-8693973ce19b',
    local: 'cluster_admin',
    symbol: 'ClusterAdmin',
  },
  {
    name: 'Azure Kubernetes Service Cluster User Role',
    id: '4abbcc35-e782-43d8-92c5-2d3f1bd2253f',
    local: 'cluster_user',
    symbol: 'ClusterUser',
  },
] as const;
const adminGroupDescription = (name: string) =>
  `Object id of the Microsoft Entra group whose members administer AKS cluster ${name} (Azure Kubernetes Service RBAC Cluster Admin and Cluster User Role on it: local accounts are off, so kubectl works only through Entra ID)`;

export const azureAks = defineService({
  id: 'azure.aks',
  cloud: 'azure',
  kind: 'kubernetes',
  name: 'AKS cluster',
  category: 'containers',
  description:
    'Managed Kubernetes with a system node pool in its subnet (Azure CNI), monitoring to Log Analytics, and Entra ID sign-in only: the admin group you give per environment administers it.',
  icon: 'azure-aks',
  properties: [
    AKS_VERSION,
    enumProp('nodeSize', 'Node size', AZURE_VM_SIZES, 'Standard_D4s_v5'),
    numProp('nodeMin', 'Minimum nodes', 1, 1, 100),
    numProp('nodeMax', 'Maximum nodes', 3, 1, 100),
    enumProp('tier', 'Control plane tier', ['Free', 'Standard'], 'Free'),
    {
      key: 'authorizedIpRanges',
      label: 'API server authorised ranges',
      type: 'string-list',
      default: [],
      description:
        'Public CIDR ranges that may reach the API server. Empty (the default): a private cluster, reachable from its network only.',
    },
    strProp('workloadNamespace', 'Workload namespace', 'default'),
    strProp('workloadServiceAccount', 'Workload service account', 'workload'),
  ],
  placement: 'subnet',
  port: 443,
  naming: { rule: 'azure-aks', abbreviation: 'aks' },
  emits: {
    terraform: [
      'azurerm_kubernetes_cluster',
      'azurerm_role_assignment',
      ...DATA_PLANE_TERRAFORM,
      'azurerm_user_assigned_identity',
      'azurerm_federated_identity_credential',
    ],
    arm: [
      { type: 'Microsoft.ContainerService/managedClusters', apiVersion: AKS_API },
      { type: 'Microsoft.Authorization/roleAssignments', apiVersion: ROLE_ASSIGNMENT_API },
      ...DATA_PLANE_ARM,
      { type: 'Microsoft.ManagedIdentity/userAssignedIdentities', apiVersion: IDENTITY_API },
      {
        type: 'Microsoft.ManagedIdentity/userAssignedIdentities/federatedIdentityCredentials',
        apiVersion: IDENTITY_API,
      },
    ],
  },
  terraform: (ctx) => {
    const logs = ctx.outgoing('data').find((e) => e.node.service.kind === 'log-group');
    const ranges = ctx.value<string[]>('authorizedIpRanges');
    const subnet = ctx.subnets()[0]!;
    const nat = aksNatGateway(ctx, subnet);
    const services = aksServiceRange(ctx);
    const access = tfAksNetworkAccess(ctx, ctx.network()!, nat);
    const cluster = ctx.resource(
      'azurerm_kubernetes_cluster',
      ctx.node.local,
      {
        name: ctx.name(),
        ...placed(),
        dns_prefix: ctx.node.name,
        ...(isVersionPinned(ctx) ? { kubernetes_version: ctx.prop('version') } : {}),
        automatic_upgrade_channel: 'patch',
        sku_tier: ctx.prop('tier'),
        oidc_issuer_enabled: true,
        workload_identity_enabled: true,
        // Entra ID sign-in with Azure RBAC only, and a private API server unless the design lists
        // authorised ranges (policy azure-aks-private-api).
        local_account_disabled: true,
        azure_active_directory_role_based_access_control: block({
          azure_rbac_enabled: true,
          tenant_id: ref(ctx.data('azurerm_client_config', 'current', {}).address, 'tenant_id'),
        }),
        ...(ranges.length > 0
          ? {
              api_server_access_profile: block({
                authorized_ip_ranges: ctx.prop('authorizedIpRanges'),
              }),
            }
          : { private_cluster_enabled: true }),
        tags: ctx.tags(),
        default_node_pool: block({
          name: 'system',
          // azurerm changes the node size or subnet by cycling the pool through a temporary one,
          // and without its name refuses the apply that resizes it.
          temporary_name_for_rotation: 'systemtmp',
          vm_size: ctx.prop('nodeSize'),
          vnet_subnet_id: tfSubnetId(ctx, subnet),
          auto_scaling_enabled: true,
          min_count: ctx.prop('nodeMin'),
          max_count: ctx.prop('nodeMax'),
          // AKS's own default, written out: AKS stores it on the pool, and an absent block had
          // every plan after the first apply propose to remove it (azurerm reads it back).
          upgrade_settings: block({ max_surge: '10%' }),
        }),
        identity: access.identity,
        network_profile: block({
          network_plugin: 'azure',
          network_policy: 'azure',
          ...(services
            ? { service_cidr: services.serviceCidr, dns_service_ip: services.dnsServiceIp }
            : {}),
          ...(nat ? { outbound_type: NAT_OUTBOUND_TYPE } : {}),
        }),
        ...(logs
          ? {
              oms_agent: block({
                log_analytics_workspace_id: ref(
                  ctx.address(logs.node, 'azurerm_log_analytics_workspace'),
                  'id',
                ),
              }),
            }
          : {}),
      },
      // AKS checks its identity's grants at creation, and refuses the NAT outbound type until
      // the subnet has its NAT gateway.
      [
        ...(nat
          ? [ctx.address(nat, 'azurerm_subnet_nat_gateway_association', `_${subnet.local}`)]
          : []),
        ...access.dependsOn,
      ],
    );
    // The kubelet pulls images (AcrPull); data roles go to the workloads' own identity,
    // federated with their service account (policy azure-aks-kubelet-no-data-roles).
    // AKS names the kubelet identity it creates `<cluster>-agentpool`.
    const kubelet = {
      id: ref(cluster.address, 'kubelet_identity[0].object_id'),
      name: tpl(ref(cluster.address, 'name'), '-agentpool'),
    };
    tfRoleAssignments(ctx, kubelet, isRegistry);
    const adminGroup = `${ctx.node.local}_admin_group_id`;
    const admins = ctx.variable({
      name: adminGroup,
      type: 'string',
      description: `${adminGroupDescription(ctx.node.name)} (set TF_VAR_${adminGroup}).`,
      validation: {
        condition: call('can', call('regex', `^${ENTRA_OBJECT_ID}$`, tfVar(adminGroup))),
        errorMessage: 'The admin group is the object id (a GUID) of a Microsoft Entra group.',
      },
    });
    for (const role of AKS_ADMIN_ROLES)
      ctx.resource('azurerm_role_assignment', `${ctx.node.local}_${role.local}`, {
        scope: ref(cluster.address, 'id'),
        role_definition_name: role.name,
        principal_id: admins,
        principal_type: 'Group',
      });
    if (ctx.outgoing('data').some((e) => !isRegistry(e.node.service.kind))) {
      const workload = ctx.resource(
        'azurerm_user_assigned_identity',
        `${ctx.node.local}_workload`,
        {
          name: ctx.name(...AKS_WORKLOAD_IDENTITY),
          ...placed(),
          tags: ctx.tags(),
        },
      );
      ctx.resource('azurerm_federated_identity_credential', `${ctx.node.local}_workload`, {
        name: ctx.node.name,
        resource_group_name: rgName(),
        parent_id: ref(workload.address, 'id'),
        issuer: ref(cluster.address, 'oidc_issuer_url'),
        subject: serviceAccountSubject(
          ctx.value('workloadNamespace'),
          ctx.value('workloadServiceAccount'),
        ),
        audience: ['api://AzureADTokenExchange'],
      });
      tfRoleAssignments(ctx, tfUserIdentity(workload.address), (k) => !isRegistry(k));
      ctx.output(
        'workload_client_id',
        `Client id of the workload identity of ${ctx.node.name} (service account annotation azure.workload.identity/client-id)`,
        ref(workload.address, 'client_id'),
      );
    }
    ctx.output('fqdn', `API server of ${ctx.node.name}`, ref(cluster.address, 'fqdn'));
    tfClusterSettings(ctx, tfVmSettings(ctx));
  },
  arm: (ctx) => {
    const logs = ctx.outgoing('data').find((e) => e.node.service.kind === 'log-group');
    const ranges = ctx.value<string[]>('authorizedIpRanges');
    const subnet = ctx.subnets()[0]!;
    const nat = aksNatGateway(ctx, subnet);
    const services = aksServiceRange(ctx);
    const access = armAksNetworkAccess(ctx, ctx.network()!, nat);
    const cluster = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.ContainerService/managedClusters',
      apiVersion: AKS_API,
      name: ctx.name(),
      // AKS checks its identity's grants at creation.
      dependsOn: access.dependsOn,
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: 'Base', tier: ctx.prop('tier') },
        identity: access.identity,
        properties: {
          dnsPrefix: ctx.node.name,
          ...(isVersionPinned(ctx) ? { kubernetesVersion: ctx.prop('version') } : {}),
          autoUpgradeProfile: { upgradeChannel: 'patch' },
          enableRBAC: true,
          disableLocalAccounts: true,
          aadProfile: { managed: true, enableAzureRBAC: true, tenantID: armFn('tenantId') },
          apiServerAccessProfile:
            ranges.length > 0
              ? { authorizedIPRanges: [...ranges] }
              : { enablePrivateCluster: true },
          oidcIssuerProfile: { enabled: true },
          securityProfile: { workloadIdentity: { enabled: true } },
          agentPoolProfiles: [
            {
              name: 'system',
              mode: 'System',
              vmSize: ctx.prop('nodeSize'),
              osType: 'Linux',
              type: 'VirtualMachineScaleSets',
              enableAutoScaling: true,
              count: ctx.prop('nodeMin'),
              minCount: ctx.prop('nodeMin'),
              maxCount: ctx.prop('nodeMax'),
              vnetSubnetID: armSubnetId(ctx, subnet),
            },
          ],
          networkProfile: {
            networkPlugin: 'azure',
            networkPolicy: 'azure',
            ...(services
              ? { serviceCidr: services.serviceCidr, dnsServiceIP: services.dnsServiceIp }
              : {}),
            ...(nat ? { outboundType: NAT_OUTBOUND_TYPE } : {}),
          },
          ...(logs
            ? {
                addonProfiles: {
                  omsagent: {
                    enabled: true,
                    config: { logAnalyticsWorkspaceResourceID: aref(ctx.symbol(logs.node), 'id') },
                  },
                },
              }
            : {}),
        },
      },
    });
    armRoleAssignments(
      ctx,
      cluster,
      'properties.identityProfile.kubeletidentity.objectId',
      isRegistry,
    );
    // Not a secret, but given at deployment like the SSH key: the parameters files hold only
    // the design's values, and a value they lack must be a secure parameter.
    const admins = ctx.parameter({
      name: `${cluster}AdminGroupId`,
      type: 'string',
      secure: true,
      description: `${adminGroupDescription(ctx.node.name)}.`,
      envVar: `${ctx.node.local.toUpperCase()}_ADMIN_GROUP_ID`,
    });
    for (const role of AKS_ADMIN_ROLES)
      ctx.resource({
        symbol: `${cluster}${role.symbol}`,
        type: 'Microsoft.Authorization/roleAssignments',
        apiVersion: ROLE_ASSIGNMENT_API,
        scope: cluster,
        name: armFn('guid', aref(cluster, 'id'), admins, role.id),
        body: {
          properties: {
            roleDefinitionId: armFn('roleDefinitionId', role.id),
            principalId: admins,
            principalType: 'Group',
          },
        },
      });
    if (ctx.outgoing('data').some((e) => !isRegistry(e.node.service.kind))) {
      const workload = ctx.resource({
        symbol: `${cluster}Workload`,
        type: 'Microsoft.ManagedIdentity/userAssignedIdentities',
        apiVersion: IDENTITY_API,
        name: ctx.name(...AKS_WORKLOAD_IDENTITY),
        body: { location: armLocation(), tags: ctx.tags() },
      });
      ctx.resource({
        symbol: `${cluster}WorkloadFederation`,
        type: 'Microsoft.ManagedIdentity/userAssignedIdentities/federatedIdentityCredentials',
        apiVersion: IDENTITY_API,
        parent: workload,
        name: ctx.node.name,
        body: {
          properties: {
            issuer: aref(cluster, 'properties.oidcIssuerProfile.issuerURL'),
            subject: serviceAccountSubject(
              ctx.value('workloadNamespace'),
              ctx.value('workloadServiceAccount'),
            ),
            audiences: ['api://AzureADTokenExchange'],
          },
        },
      });
      armRoleAssignments(ctx, workload, 'properties.principalId', (k) => !isRegistry(k));
      ctx.output(
        'workloadClientId',
        `Client id of the workload identity of ${ctx.node.name} (service account annotation azure.workload.identity/client-id)`,
        aref(workload, 'properties.clientId'),
      );
    }
    ctx.output('fqdn', `API server of ${ctx.node.name}`, aref(cluster, 'properties.fqdn'));
    armClusterSettings(ctx, armVmSettings(ctx));
  },
});
