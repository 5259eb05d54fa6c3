import { formatCidr, overlaps, parseCidr } from '../../design/cidr';
import { valuesAcrossEnvironments } from '../environment-values';
import type { TArmBuildContext, TTfBuildContext } from '../service';

/**
 * The Kubernetes service range of an AKS cluster on Azure CNI. AKS takes 10.0.0.0/16 when none is
 * given and refuses to create a cluster whose service range overlaps a subnet of its VNet
 * (ServiceCidrOverlapExistingSubnetsCidr), and 10.0.0.0/16 is also the address space the portal
 * and this catalog offer a new VNet: in such a VNet the cluster takes the first private range
 * outside it, with the DNS service at its tenth address, as AKS does in its own default.
 * learn.microsoft.com/azure/aks/configure-azure-cni#deployment-parameters
 */
const AKS_DEFAULT = '10.0.0.0/16';
const FALLBACKS = ['172.16.0.0/16', '192.168.0.0/16', '10.255.0.0/16'];

export interface TServiceRange {
  readonly serviceCidr: string;
  readonly dnsServiceIp: string;
}

/** The range to set, or undefined where AKS's default is clear of the VNet in every environment. */
export function aksServiceRange(
  ctx: TTfBuildContext | TArmBuildContext,
): TServiceRange | undefined {
  const vnet = ctx.network();
  if (!vnet || vnet.properties['cidr'] === undefined) return undefined;
  const spaces = valuesAcrossEnvironments(vnet, 'cidr', ctx.environments).flatMap(
    (text) => parseCidr(text) ?? [],
  );
  const isClear = (text: string) => spaces.every((space) => !overlaps(space, parseCidr(text)!));
  if (isClear(AKS_DEFAULT)) return undefined;
  const range = FALLBACKS.find(isClear);
  if (!range) return undefined;
  const cidr = parseCidr(range)!;
  return {
    serviceCidr: range,
    dnsServiceIp: formatCidr({ start: cidr.start + 10, size: 1 }).replace(/\/32$/, ''),
  };
}
