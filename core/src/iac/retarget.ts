import { CLOUD_PROFILES, findService, serviceForKind } from './catalog/registry';
import type { TServiceDefinition } from './catalog/service';
import type { TDesign } from './design/schema-v2';
import { nextFreeSubnet } from './design/cidr';
import { checkProperty } from './design/validate';
import type { TCloud, TPropertyValue, TServiceKind } from './types';

/** Re-targets a design to another cloud by following each service's `kind`. */
export interface TUnmapped {
  readonly id: string;
  readonly service: string;
  readonly kind: TServiceKind;
  readonly reason: string;
}

export interface TAdjustment {
  readonly id: string;
  readonly message: string;
}

export interface TRetargetResult {
  readonly design: TDesign;
  readonly unmapped: readonly TUnmapped[];
  readonly adjustments: readonly TAdjustment[];
}

/** Equivalent regions, one column per cloud (same metro or nearest). */
const REGIONS: readonly Readonly<Record<TCloud, string>>[] = [
  { aws: 'us-east-1', azure: 'eastus', gcp: 'us-east4', oci: 'us-ashburn-1' },
  { aws: 'us-east-2', azure: 'eastus2', gcp: 'us-east1', oci: 'us-chicago-1' },
  { aws: 'us-west-2', azure: 'westus2', gcp: 'us-west1', oci: 'us-phoenix-1' },
  { aws: 'us-west-1', azure: 'westus', gcp: 'us-west2', oci: 'us-sanjose-1' },
  {
    aws: 'ca-central-1',
    azure: 'canadacentral',
    gcp: 'northamerica-northeast1',
    oci: 'ca-montreal-1',
  },
  { aws: 'sa-east-1', azure: 'brazilsouth', gcp: 'southamerica-east1', oci: 'sa-saopaulo-1' },
  { aws: 'eu-west-1', azure: 'northeurope', gcp: 'europe-west1', oci: 'eu-amsterdam-1' },
  { aws: 'eu-west-2', azure: 'uksouth', gcp: 'europe-west2', oci: 'uk-london-1' },
  { aws: 'eu-west-3', azure: 'francecentral', gcp: 'europe-west9', oci: 'eu-paris-1' },
  { aws: 'eu-central-1', azure: 'germanywestcentral', gcp: 'europe-west3', oci: 'eu-frankfurt-1' },
  { aws: 'eu-north-1', azure: 'swedencentral', gcp: 'europe-north1', oci: 'eu-stockholm-1' },
  { aws: 'ap-south-1', azure: 'centralindia', gcp: 'asia-south1', oci: 'ap-mumbai-1' },
  { aws: 'ap-northeast-1', azure: 'japaneast', gcp: 'asia-northeast1', oci: 'ap-tokyo-1' },
  { aws: 'ap-northeast-2', azure: 'koreacentral', gcp: 'asia-northeast3', oci: 'ap-seoul-1' },
  { aws: 'ap-southeast-1', azure: 'southeastasia', gcp: 'asia-southeast1', oci: 'ap-singapore-1' },
  {
    aws: 'ap-southeast-2',
    azure: 'australiaeast',
    gcp: 'australia-southeast1',
    oci: 'ap-sydney-1',
  },
];

export function equivalentRegion(from: TCloud, region: string, to: TCloud): string | undefined {
  return REGIONS.find((r) => r[from] === region)?.[to];
}

/** Size tiers of virtual machines: the same row is roughly the same vCPU and memory. */
const VM_TIERS: readonly Readonly<Record<TCloud, Record<string, TPropertyValue>>>[] = [
  {
    aws: { instanceType: 't3.micro' },
    azure: { size: 'Standard_B1s' },
    gcp: { machineType: 'e2-micro' },
    oci: { ocpus: 1, memoryGb: 1 },
  },
  {
    aws: { instanceType: 't3.small' },
    azure: { size: 'Standard_B1ms' },
    gcp: { machineType: 'e2-small' },
    oci: { ocpus: 1, memoryGb: 2 },
  },
  {
    aws: { instanceType: 't3.medium' },
    azure: { size: 'Standard_B2s' },
    gcp: { machineType: 'e2-medium' },
    oci: { ocpus: 1, memoryGb: 4 },
  },
  {
    aws: { instanceType: 't3.large' },
    azure: { size: 'Standard_B2ms' },
    gcp: { machineType: 'e2-standard-2' },
    oci: { ocpus: 1, memoryGb: 8 },
  },
  {
    aws: { instanceType: 'm7i.large' },
    azure: { size: 'Standard_D2s_v5' },
    gcp: { machineType: 'n2-standard-2' },
    oci: { ocpus: 1, memoryGb: 8 },
  },
  {
    aws: { instanceType: 'm7i.xlarge' },
    azure: { size: 'Standard_D4s_v5' },
    gcp: { machineType: 'n2-standard-4' },
    oci: { ocpus: 2, memoryGb: 16 },
  },
];

/** Graviton sizes share the tier of their x86 counterparts (t4g.small ~ t3.small). */
const normalise = (cloud: TCloud, props: Readonly<Record<string, TPropertyValue>>) => {
  const type = props['instanceType'];
  if (cloud !== 'aws' || typeof type !== 'string') return props;
  return { ...props, instanceType: type.replace(/^t4g\./, 't3.').replace(/^([mcr]7)g\./, '$1i.') };
};

function tierOf(cloud: TCloud, props: Readonly<Record<string, TPropertyValue>>): number {
  const p = normalise(cloud, props);
  return VM_TIERS.findIndex((t) => Object.entries(t[cloud]).every(([k, v]) => p[k] === v));
}

function mapProperties(
  id: string,
  from: TServiceDefinition,
  to: TServiceDefinition,
  props: Readonly<Record<string, TPropertyValue>>,
  adjustments: TAdjustment[],
): Record<string, TPropertyValue> {
  const out: Record<string, TPropertyValue> = {};
  for (const [key, value] of Object.entries(props)) {
    const def = to.properties.find((p) => p.key === key);
    if (def && checkProperty(def, value) === undefined) out[key] = value;
    else if (!(from.kind === 'vm' && tierOf(from.cloud, { [key]: value }) >= 0)) {
      adjustments.push({
        id,
        message: `${key}=${JSON.stringify(value)} has no equivalent on ${to.name}; default used`,
      });
    }
  }
  if (from.kind === 'vm' || from.kind === 'autoscaling-group') {
    const tier = tierOf(from.cloud, props);
    const row = tier >= 0 ? VM_TIERS[tier] : undefined;
    if (row) {
      for (const [k, v] of Object.entries(row[to.cloud]))
        if (to.properties.some((p) => p.key === k)) out[k] = v;
      const size = Object.entries(row[to.cloud]).map(([k, v]) => {
        const label = to.properties.find((p) => p.key === k)?.label ?? k;
        return `${label.toLowerCase()} ${String(v)}`;
      });
      adjustments.push({ id, message: `size mapped to ${size.join(', ')}` });
    }
  }
  return out;
}

/**
 * A service that must have a subnet to itself on the target cloud (an Azure Application Gateway)
 * but shares one after mapping (an AWS load balancer sits beside its targets) gets a new subnet
 * in the same network, from the network's first free range.
 */
function carveOwnSubnets(
  to: TCloud,
  groups: TDesign['groups'][number][],
  components: TDesign['components'][number][],
  adjustments: TAdjustment[],
): void {
  const subnetService = serviceForKind(to, 'subnet');
  if (!subnetService) return;
  const isSecurityGroup = (service: string) => findService(service)?.kind === 'security-group';
  for (let i = 0; i < components.length; i += 1) {
    const c = components[i]!;
    if (!findService(c.service)?.needsOwnSubnet || c.group === undefined) continue;
    const subnet = groups.find((g) => g.id === c.group);
    if (!subnet || findService(subnet.service)?.kind !== 'subnet' || subnet.parent === undefined)
      continue;
    const sharesIt = components.some(
      (o) =>
        o !== c && o.group === subnet.id && !isSecurityGroup(o.service) && o.service !== c.service,
    );
    if (!sharesIt) continue;
    const network = groups.find((g) => g.id === subnet.parent);
    const cidrs = groups
      .filter((g) => g.parent === subnet.parent && typeof g.properties.cidr === 'string')
      .map((g) => g.properties.cidr as string);
    const cidr =
      typeof network?.properties.cidr === 'string'
        ? nextFreeSubnet(network.properties.cidr, cidrs)
        : undefined;
    if (!cidr) continue;
    let id = `${c.id}-subnet`;
    for (let n = 2; groups.some((g) => g.id === id) || components.some((o) => o.id === id); n++)
      id = `${c.id}-subnet-${n}`;
    groups.push({
      id,
      service: subnetService.id,
      name: `${c.name}-subnet`,
      parent: subnet.parent,
      properties: { cidr },
    });
    components[i] = { ...c, group: id };
    adjustments.push({
      id: c.id,
      message: `moved to a subnet of its own (${cidr}): ${findService(c.service)?.name ?? c.service} needs one`,
    });
  }
}

export function retargetDesign(design: TDesign, to: TCloud): TRetargetResult {
  const unmapped: TUnmapped[] = [];
  const adjustments: TAdjustment[] = [];
  const mapped = new Set<string>();
  const convert = <
    T extends { id: string; service: string; properties: Record<string, TPropertyValue> },
  >(
    node: T,
  ): T | undefined => {
    const from = findService(node.service);
    if (!from) {
      unmapped.push({
        id: node.id,
        service: node.service,
        kind: 'network',
        reason: 'unknown service',
      });
      return undefined;
    }
    // A provider resource type (generic component) names one provider: nothing to map it to.
    const target = from.kind === 'resource' ? undefined : serviceForKind(to, from.kind);
    if (!target) {
      unmapped.push({
        id: node.id,
        service: from.id,
        kind: from.kind,
        reason:
          from.kind === 'resource'
            ? `${node.service === 'azure.arm-resource' ? 'an ARM' : `a ${from.cloud}`} resource type has no equivalent in ${to}; add the ${to} resource by hand`
            : `no ${from.kind} service in the ${to} catalog`,
      });
      return undefined;
    }
    mapped.add(node.id);
    return {
      ...node,
      service: target.id,
      properties: mapProperties(node.id, from, target, node.properties, adjustments),
    };
  };
  const groups = design.groups.flatMap((g) => convert(g) ?? []);
  const groupById = new Map(groups.map((g) => [g.id, g]));
  const components = design.components.flatMap((c) => {
    const next = convert(c);
    if (!next) return [];
    const placement = findService(next.service)?.placement;
    const group = next.group !== undefined ? groupById.get(next.group) : undefined;
    const groupKind = group ? findService(group.service)?.kind : undefined;
    if (next.group !== undefined && (!group || placement === 'none')) {
      const { group: _dropped, ...rest } = next;
      return [rest];
    }
    // Some services sit in a subnet on one cloud and in the network on another (NAT gateways).
    if (placement === 'network' && groupKind === 'subnet' && group?.parent !== undefined) {
      adjustments.push({
        id: c.id,
        message: `placed in network "${group.parent}" instead of subnet "${group.id}"`,
      });
      return [{ ...next, group: group.parent }];
    }
    return [next];
  });
  carveOwnSubnets(to, groups, components, adjustments);
  const connections = design.connections.filter((c) => mapped.has(c.from) && mapped.has(c.to));
  const dropped = design.connections.length - connections.length;
  if (dropped > 0)
    adjustments.push({
      id: '',
      message: `${dropped} connection(s) to unmapped components dropped`,
    });
  const region =
    equivalentRegion(design.provider, design.region, to) ??
    CLOUD_PROFILES[to].regions[0] ??
    design.region;
  if (!equivalentRegion(design.provider, design.region, to)) {
    adjustments.push({
      id: '',
      message: `no known equivalent of region ${design.region}; using ${region}`,
    });
  }
  const environments = design.environments.map((e) => ({
    ...e,
    overrides: Object.fromEntries(
      Object.entries(e.overrides).flatMap(([id, props]) => {
        const c = components.find((x) => x.id === id);
        const service = c ? findService(c.service) : undefined;
        if (!service) return [];
        const kept = Object.fromEntries(
          Object.entries(props).filter(([k, v]) => {
            const def = service.properties.find((p) => p.key === k);
            return def !== undefined && checkProperty(def, v) === undefined;
          }),
        );
        return Object.keys(kept).length > 0 ? [[id, kept]] : [];
      }),
    ),
  }));
  return {
    design: { ...design, provider: to, region, groups, components, connections, environments },
    unmapped,
    adjustments,
  };
}
