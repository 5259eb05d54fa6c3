import { defineService, type TArmBuildContext, type TEdge, type TTfBuildContext } from '../service';
import { aref } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import { BuildError } from '../../build/terraform-build';
import { armLocation, armSubnetId, placed, tfPrivateDnsZone, tfSubnetId } from './shared';

/**
 * Private endpoint: a private IP in the subnet for each storage account, file share, Key Vault,
 * Cosmos DB account or Event Hubs namespace it is connected to, with the service's `privatelink` DNS zone linked
 * to the network and attached through a DNS zone group, so the usual host name resolves to the
 * private IP. Zones and group ids: learn.microsoft.com/azure/private-link/private-endpoint-dns.
 * The service itself then turns its public network access off (`isPrivateOnly` in shared.ts).
 */
const NETWORK_API = '2025-05-01';
/** `privatelink.blob.core.windows.net` -> `PrivatelinkBlobCoreWindowsNet`: a Bicep symbol part. */
const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
const PRIVATE_DNS_API = '2024-06-01';

interface TLink {
  readonly groupId: string;
  readonly zone: string;
  /** Terraform type of the target's resource that owns the endpoint. */
  readonly tf: string;
}

const LINKS: Readonly<Record<string, TLink>> = {
  'object-storage': {
    groupId: 'blob',
    zone: 'privatelink.blob.core.windows.net',
    tf: 'azurerm_storage_account',
  },
  'file-storage': {
    groupId: 'file',
    zone: 'privatelink.file.core.windows.net',
    tf: 'azurerm_storage_account',
  },
  kms: { groupId: 'vault', zone: 'privatelink.vaultcore.azure.net', tf: 'azurerm_key_vault' },
  nosql: {
    groupId: 'Sql',
    zone: 'privatelink.documents.azure.com',
    tf: 'azurerm_cosmosdb_account',
  },
  stream: {
    groupId: 'namespace',
    zone: 'privatelink.servicebus.windows.net',
    tf: 'azurerm_eventhub_namespace',
  },
};

/** Kinds a private endpoint component reaches: each turns its public access off (shared.ts). */
export const PRIVATE_LINK_KINDS = Object.keys(LINKS);

function targets(ctx: TTfBuildContext | TArmBuildContext): { edge: TEdge; link: TLink }[] {
  const edges = [...ctx.outgoing('data'), ...ctx.outgoing('traffic')];
  if (edges.length === 0)
    throw new BuildError(
      `${ctx.node.name}: connect the private endpoint to the service it exposes`,
    );
  return edges.map((edge) => {
    const link = LINKS[edge.node.service.kind];
    if (!link)
      throw new BuildError(
        `${ctx.node.name}: private endpoints here reach storage accounts, file shares, Key Vaults, Cosmos DB accounts and Event Hubs, not ${edge.node.name}`,
      );
    return { edge, link };
  });
}

export const azurePrivateEndpoint = defineService({
  id: 'azure.private-endpoint',
  cloud: 'azure',
  kind: 'private-endpoint',
  name: 'Private endpoint',
  category: 'networking',
  description:
    'Private IP in its subnet for each storage account, file share, Key Vault, Cosmos DB account or Event Hubs namespace it connects to, with the privatelink DNS zone linked to the network.',
  icon: 'azure-private-endpoint',
  properties: [],
  placement: 'subnet',
  naming: { rule: 'azure-generic', abbreviation: 'pep' },
  emits: {
    terraform: [
      'azurerm_private_endpoint',
      'azurerm_private_dns_zone',
      'azurerm_private_dns_zone_virtual_network_link',
    ],
    arm: [
      { type: 'Microsoft.Network/privateEndpoints', apiVersion: NETWORK_API },
      { type: 'Microsoft.Network/privateEndpoints/privateDnsZoneGroups', apiVersion: NETWORK_API },
      { type: 'Microsoft.Network/privateDnsZones', apiVersion: PRIVATE_DNS_API },
      {
        type: 'Microsoft.Network/privateDnsZones/virtualNetworkLinks',
        apiVersion: PRIVATE_DNS_API,
      },
    ],
  },
  terraform: (ctx) => {
    for (const { edge, link } of targets(ctx)) {
      const zone = tfPrivateDnsZone(ctx, link.zone);
      ctx.resource('azurerm_private_endpoint', `${ctx.node.local}_${edge.node.local}`, {
        name: ctx.name(edge.node.id),
        ...placed(),
        subnet_id: tfSubnetId(ctx, ctx.subnets()[0]!),
        tags: ctx.tags(),
        private_service_connection: block({
          name: edge.node.local,
          private_connection_resource_id: ref(ctx.address(edge.node, link.tf), 'id'),
          subresource_names: [link.groupId],
          is_manual_connection: false,
        }),
        private_dns_zone_group: block({
          name: 'default',
          private_dns_zone_ids: [ref(zone.address, 'id')],
        }),
      });
    }
  },
  arm: (ctx) => {
    const network = ctx.network()!;
    for (const { edge, link } of targets(ctx)) {
      // One zone per name for every private endpoint of the design (`shared`).
      const zone = ctx.resource({
        symbol: `dns${pascal(link.zone)}`,
        type: 'Microsoft.Network/privateDnsZones',
        apiVersion: PRIVATE_DNS_API,
        name: link.zone,
        shared: true,
        body: { location: 'global', tags: ctx.tags() },
      });
      ctx.resource({
        symbol: `${zone}${pascal(network.local)}`,
        type: 'Microsoft.Network/privateDnsZones/virtualNetworkLinks',
        apiVersion: PRIVATE_DNS_API,
        parent: zone,
        name: `${network.local}-link`,
        shared: true,
        body: {
          location: 'global',
          properties: {
            registrationEnabled: false,
            virtualNetwork: { id: aref(ctx.symbol(network), 'id') },
          },
        },
      });
      const target = ctx.symbol(edge.node);
      const pep = ctx.resource({
        symbol: ctx.symbol(ctx.node, pascal(edge.node.local)),
        type: 'Microsoft.Network/privateEndpoints',
        apiVersion: NETWORK_API,
        name: ctx.name(edge.node.id),
        body: {
          location: armLocation(),
          tags: ctx.tags(),
          properties: {
            subnet: { id: armSubnetId(ctx, ctx.subnets()[0]!) },
            privateLinkServiceConnections: [
              {
                name: edge.node.local,
                properties: { privateLinkServiceId: aref(target, 'id'), groupIds: [link.groupId] },
              },
            ],
          },
        },
      });
      ctx.resource({
        symbol: `${pep}Dns`,
        type: 'Microsoft.Network/privateEndpoints/privateDnsZoneGroups',
        apiVersion: NETWORK_API,
        parent: pep,
        name: 'default',
        body: {
          properties: {
            privateDnsZoneConfigs: [
              { name: 'default', properties: { privateDnsZoneId: aref(zone, 'id') } },
            ],
          },
        },
      });
    }
  },
});
