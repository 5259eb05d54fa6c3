import type { TArmBuildContext, TNode, TTfBuildContext } from '../service';
import { perDesign } from '../per-design';
import { aref, param, type TArmValue } from '../../ir/arm-ir';
import { block, ref, type TTfRef, type TTfValue } from '../../ir/terraform-ir';

/** Shared pieces of the Azure services: resource group, location, subnets, NSGs. */
export const rgName = (): TTfRef => ref('azurerm_resource_group.main', 'name');
export const rgLocation = (): TTfRef => ref('azurerm_resource_group.main', 'location');
export const placed = () => ({ resource_group_name: rgName(), location: rgLocation() });

/** A Microsoft Entra object id (a GUID), as a regular expression for input validation. */
export const ENTRA_OBJECT_ID =
  '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

export const tfSubnetId = (ctx: TTfBuildContext, subnet: TNode): TTfRef =>
  ref(ctx.address(subnet, 'azurerm_subnet'), 'id');

/** ARM: every resource sits in the deployment's resource group at `location`. */
export const armLocation = (): TArmValue => param('location');

export const armSubnetId = (ctx: TArmBuildContext, subnet: TNode): TArmValue =>
  aref(ctx.symbol(subnet), 'id');

/**
 * `dependsOn` of a subnet a service adds to a VNet (a GatewaySubnet, a DNS resolver's): after the
 * design's subnets and after the subnet added before it, as Azure rejects concurrent subnet
 * updates of one VNet.
 */
export function armSubnetsAfter(ctx: TArmBuildContext, network: TNode, symbol: string): string[] {
  const before = ctx.oneAtATime(`${network.id}/subnets`, symbol);
  if (before.length > 0) return before;
  const siblings = ctx.children(network).filter((n) => n.service.kind === 'subnet');
  const last = siblings[siblings.length - 1];
  return last ? [ctx.symbol(last)] : [];
}

/** Kinds whose components need their subnet delegated to a service. */
export const SUBNET_DELEGATIONS: Readonly<Record<string, string>> = {
  postgresql: 'Microsoft.DBforPostgreSQL/flexibleServers',
  mysql: 'Microsoft.DBforMySQL/flexibleServers',
  'serverless-container': 'Microsoft.App/environments',
  // App Service VNet integration (learn.microsoft.com/azure/app-service/overview-vnet-integration).
  'web-app': 'Microsoft.Web/serverFarms',
};

/** Subnets Azure finds by a fixed name (learn.microsoft.com/azure/bastion/configuration-settings). */
const FIXED_SUBNET_NAMES: Readonly<Record<string, string>> = { bastion: 'AzureBastionSubnet' };

export function fixedSubnetName(
  ctx: TTfBuildContext | TArmBuildContext,
  subnet: TNode,
): string | undefined {
  for (const n of ctx.children(subnet)) {
    const name = FIXED_SUBNET_NAMES[n.service.kind];
    if (name) return name;
  }
  return undefined;
}

export function delegationOf(
  ctx: TTfBuildContext | TArmBuildContext,
  subnet: TNode,
): string | undefined {
  for (const n of ctx.children(subnet)) {
    const d = SUBNET_DELEGATIONS[n.service.kind];
    if (d) return d;
  }
  return undefined;
}

/** Azure resource ids a builder names without owning: the deployment's resource group. */
export const tfRgId = (): TTfRef => ref('azurerm_resource_group.main', 'id');

/**
 * Private endpoint of a PaaS resource in the node's subnet, with the service's `privatelink`
 * DNS zone linked to the network. The zone has a fixed name, so the first node of the same
 * kind declares it and the others reuse it.
 */
export interface TPrivateLink {
  readonly groupId: string;
  readonly zone: string;
}

/**
 * The private DNS zone of a private-link service (`privatelink.blob.core.windows.net`), one per
 * design, linked to the node's network: shared by every private endpoint of that service type.
 */
export function tfPrivateDnsZone(ctx: TTfBuildContext, zoneName: string): TTfRef {
  const network = ctx.network()!;
  const zoneLocal = zoneName.replace(/[^a-z0-9]+/g, '_');
  // Design tags only (no node's own), so whichever node declares the shared zone, it reads alike.
  const zone = ctx.shared('azurerm_private_dns_zone', zoneLocal, {
    name: zoneName,
    resource_group_name: rgName(),
    tags: ctx.tags(),
  });
  ctx.shared('azurerm_private_dns_zone_virtual_network_link', `${zoneLocal}_${network.local}`, {
    name: `${network.local}-link`,
    resource_group_name: rgName(),
    private_dns_zone_name: ref(zone.address, 'name'),
    virtual_network_id: ref(ctx.address(network, 'azurerm_virtual_network'), 'id'),
    registration_enabled: false,
    tags: ctx.tags(),
  });
  return zone;
}

/**
 * A resource a private endpoint component exposes takes no traffic from the internet: public
 * network access off (Microsoft cloud security benchmark NS-2; policy
 * azure-private-endpoint-public-access). A firewall that lists addresses (the runner that writes
 * secrets, an office) keeps it on for those alone, denying every other address.
 */
export function isPrivateOnly(ctx: TTfBuildContext | TArmBuildContext): boolean {
  const isLinked = ctx.incoming().some((e) => e.node.service.kind === 'private-endpoint');
  const listed = ctx.node.properties['allowedIps'];
  return isLinked && !(Array.isArray(listed) && listed.length > 0);
}

/** `public_network_access_enabled = false` when the node is private only. */
export const tfPublicAccess = (ctx: TTfBuildContext): Record<string, TTfValue> =>
  isPrivateOnly(ctx) ? { public_network_access_enabled: false } : {};

/** `publicNetworkAccess: 'Disabled'` when the node is private only. */
export const armPublicAccess = (ctx: TArmBuildContext): Record<string, TArmValue> =>
  isPrivateOnly(ctx) ? { publicNetworkAccess: 'Disabled' } : {};

export function tfPrivateEndpoint(ctx: TTfBuildContext, target: TTfRef, link: TPrivateLink): void {
  const zone = tfPrivateDnsZone(ctx, link.zone);
  ctx.resource('azurerm_private_endpoint', ctx.node.local, {
    name: ctx.name('pep'),
    ...placed(),
    subnet_id: tfSubnetId(ctx, ctx.subnets()[0]!),
    tags: ctx.tags(),
    private_service_connection: block({
      name: 'primary',
      private_connection_resource_id: ref(target.address, 'id'),
      subresource_names: [link.groupId],
      is_manual_connection: false,
    }),
    private_dns_zone_group: block({
      name: 'default',
      private_dns_zone_ids: [ref(zone.address, 'id')],
    }),
  });
}

const PRIVATE_DNS_API = '2024-06-01';
export const PRIVATE_ENDPOINT_TYPES = [
  { type: 'Microsoft.Network/privateEndpoints', apiVersion: '2025-05-01' },
  { type: 'Microsoft.Network/privateEndpoints/privateDnsZoneGroups', apiVersion: '2025-05-01' },
  { type: 'Microsoft.Network/privateDnsZones', apiVersion: PRIVATE_DNS_API },
  { type: 'Microsoft.Network/privateDnsZones/virtualNetworkLinks', apiVersion: PRIVATE_DNS_API },
] as const;
export const PRIVATE_ENDPOINT_TF = [
  'azurerm_private_endpoint',
  'azurerm_private_dns_zone',
  'azurerm_private_dns_zone_virtual_network_link',
] as const;

/** Per design (its node list): the first node of each kind, which writes the kind's DNS zone. */
const firstOfKind = new WeakMap<readonly TNode[], ReadonlyMap<string, TNode>>();

export function armPrivateEndpoint(
  ctx: TArmBuildContext,
  target: string,
  link: TPrivateLink,
): void {
  const network = ctx.network()!;
  const first = perDesign(firstOfKind, ctx, (nodes) => {
    const found = new Map<string, TNode>();
    for (const n of nodes) if (!found.has(n.service.kind)) found.set(n.service.kind, n);
    return found;
  }).get(ctx.node.service.kind);
  const zoneSymbol = `${ctx.symbol(first ?? ctx.node)}PrivateDns`;
  if ((first ?? ctx.node) === ctx.node) {
    ctx.resource({
      symbol: zoneSymbol,
      type: 'Microsoft.Network/privateDnsZones',
      apiVersion: PRIVATE_DNS_API,
      name: link.zone,
      body: { location: 'global', tags: ctx.tags() },
    });
    ctx.resource({
      symbol: `${zoneSymbol}Link`,
      type: 'Microsoft.Network/privateDnsZones/virtualNetworkLinks',
      apiVersion: PRIVATE_DNS_API,
      parent: zoneSymbol,
      name: `${network.local}-link`,
      body: {
        location: 'global',
        properties: {
          registrationEnabled: false,
          virtualNetwork: { id: aref(ctx.symbol(network), 'id') },
        },
      },
    });
  }
  const pep = ctx.resource({
    symbol: ctx.symbol(ctx.node, 'Pep'),
    type: 'Microsoft.Network/privateEndpoints',
    apiVersion: '2025-05-01',
    name: ctx.name('pep'),
    body: {
      location: armLocation(),
      tags: ctx.tags(),
      properties: {
        subnet: { id: armSubnetId(ctx, ctx.subnets()[0]!) },
        privateLinkServiceConnections: [
          {
            name: 'primary',
            properties: { privateLinkServiceId: aref(target, 'id'), groupIds: [link.groupId] },
          },
        ],
      },
    },
  });
  ctx.resource({
    symbol: ctx.symbol(ctx.node, 'PepDns'),
    type: 'Microsoft.Network/privateEndpoints/privateDnsZoneGroups',
    apiVersion: '2025-05-01',
    parent: pep,
    name: 'default',
    body: {
      properties: {
        privateDnsZoneConfigs: [
          { name: 'default', properties: { privateDnsZoneId: aref(zoneSymbol, 'id') } },
        ],
      },
    },
  });
}
