import type { TArmBuildContext, TNode, TTfBuildContext } from '../service';
import { isPrivateLinkOrigin } from './front-door-access';

/**
 * Where an NSG's inbound rules admit traffic from when the design names no source: from what
 * reaches the subnets it is attached to, and from the internet only where an entry point that
 * faces it delivers into one of them with the clients' own addresses.
 * - A public Standard load balancer is no proxy: its backends see the clients' addresses, and it
 *   is closed until an NSG admits them (learn.microsoft.com/azure/load-balancer/load-balancer-overview,
 *   "Secure by default"), so their NSG admits `Internet`. `AzureLoadBalancer` (168.63.129.16) is
 *   only its health probes, which the NSG's default rules admit already (load-balancer-faqs).
 *   The same holds for what takes internet traffic in the subnet itself: an Application Gateway
 *   (its own subnet), an AKS cluster (Services of type LoadBalancer are public unless annotated
 *   internal) and a Container Apps environment with external ingress.
 * - An Application Gateway in another subnet is a proxy: its backends see its instances, in its
 *   subnet's prefix.
 * - Anything else (an internal load balancer, which also keeps its clients' addresses, callers in
 *   the VNet, or nothing drawn): `VirtualNetwork`, the VNet with its peerings and the on-premises
 *   networks behind a gateway.
 */
export const INTERNET = 'Internet';
export const VIRTUAL_NETWORK = 'VirtualNetwork';

type TCtx = TTfBuildContext | TArmBuildContext;

/** `key` is true in the design or in some environment. */
const isEverTrue = (n: TNode, key: string): boolean =>
  n.properties[key] === true || Object.values(n.overrides).some((o) => o[key] === true);

function takesInternetTraffic(ctx: TCtx, member: TNode): boolean {
  switch (member.service.id) {
    case 'azure.application-gateway':
    case 'azure.aks':
      return true;
    case 'azure.container-app':
      return !isPrivateLinkOrigin(ctx, member);
    default:
      return false;
  }
}

/** The prefix of a gateway's subnet, when it is one in every environment. */
function gatewayPrefix(ctx: TCtx, gateway: TNode): string {
  const subnet = ctx.subnetsOf(gateway)[0];
  const cidr = subnet?.properties['cidr'];
  const isOverridden = Object.values(subnet?.overrides ?? {}).some((o) => 'cidr' in o);
  return typeof cidr === 'string' && !isOverridden ? cidr : VIRTUAL_NETWORK;
}

/** The sources of the NSG `ctx.node`: `['Internet']`, gateway subnet prefixes, or `['VirtualNetwork']`. */
export function nsgSources(ctx: TCtx): string[] {
  const subnets = ctx
    .incoming('placement')
    .map((e) => e.node)
    .filter((n) => n.service.kind === 'subnet');
  const sources = new Set<string>();
  for (const member of subnets.flatMap((s) => ctx.children(s))) {
    if (takesInternetTraffic(ctx, member)) return [INTERNET];
    for (const { node: from } of ctx.incomingOf(member, 'traffic')) {
      if (from.service.id === 'azure.load-balancer') {
        if (isEverTrue(from, 'public')) return [INTERNET];
        sources.add(VIRTUAL_NETWORK);
      } else if (from.service.id === 'azure.application-gateway') {
        sources.add(gatewayPrefix(ctx, from));
      } else sources.add(VIRTUAL_NETWORK);
    }
  }
  if (sources.size === 0 || sources.has(VIRTUAL_NETWORK)) return [VIRTUAL_NETWORK];
  return [...sources].sort();
}
