import { findService, serviceForKind } from '../catalog/registry';
import type { TPropertyValue } from '../types';
import type { TDesign, TGroup, TComponent } from './schema-v2';

export interface TCompletion {
  readonly node: string;
  readonly message: string;
}

function freeId(taken: Set<string>, base: string): string {
  let id = base;
  for (let i = 2; taken.has(id); i++) id = `${base}-${i}`;
  taken.add(id);
  return id;
}

/**
 * Values a property no longer allows but once did (a Kubernetes minor the cloud stopped
 * creating) read as their replacement (`retired` in the catalog), so saved designs still build.
 */
function replaceRetired(
  serviceId: string,
  props: Readonly<Record<string, TPropertyValue>>,
  note: (message: string) => void,
): Readonly<Record<string, TPropertyValue>> {
  let out: Record<string, TPropertyValue> | undefined;
  for (const def of findService(serviceId)?.properties ?? []) {
    const from = props[def.key];
    if (typeof from !== 'string' || !def.retired || !Object.hasOwn(def.retired, from)) continue;
    const to = def.retired[from]!;
    out ??= { ...props };
    out[def.key] = to;
    note(`${def.label} "${from}" is no longer offered: now "${to}"`);
  }
  return out ?? props;
}

/**
 * Adds what a deployable design implies but the user did not draw: a network for orphan
 * subnets, placement in the only network, an internet gateway for public subnets.
 * Resource-level companions (NIC, image, disk, subnet groups) are added by the builders.
 */
export function completeDesign(design: TDesign): { design: TDesign; completions: TCompletion[] } {
  const completions: TCompletion[] = [];
  const taken = new Set([...design.groups, ...design.components].map((n) => n.id));
  const kindOf = (serviceId: string) => findService(serviceId)?.kind;
  const retire = <T extends TGroup | TComponent>(n: T): T => ({
    ...n,
    properties: replaceRetired(n.service, n.properties, (message) =>
      completions.push({ node: n.id, message }),
    ),
  });
  let groups: TGroup[] = design.groups.map(retire);
  let components: TComponent[] = design.components.map(retire);
  const serviceOf = new Map([...groups, ...components].map((n) => [n.id, n.service]));
  const environments = design.environments.map((env) => ({
    ...env,
    overrides: Object.fromEntries(
      Object.entries(env.overrides).map(([id, props]) => {
        const service = serviceOf.get(id);
        if (!service) return [id, props];
        const note = (message: string) =>
          completions.push({ node: id, message: `${message} (environment ${env.name})` });
        return [id, replaceRetired(service, props, note)];
      }),
    ),
  }));
  const networks = () => groups.filter((g) => kindOf(g.service) === 'network');

  const orphans = groups.filter((g) => kindOf(g.service) === 'subnet' && g.parent === undefined);
  if (orphans.length > 0) {
    let network = networks().length === 1 ? networks()[0] : undefined;
    const networkService = serviceForKind(design.provider, 'network');
    if (!network && networks().length === 0 && networkService) {
      network = {
        id: freeId(taken, 'network'),
        service: networkService.id,
        name: 'main',
        properties: {},
      };
      groups = [network, ...groups];
      completions.push({
        node: network.id,
        message: `added ${networkService.name} "${network.id}" for subnets without a network`,
      });
    }
    if (network) {
      const parent = network.id;
      const orphanSet = new Set(orphans);
      groups = groups.map((g) => (orphanSet.has(g) ? { ...g, parent } : g));
      for (const o of orphans)
        completions.push({ node: o.id, message: `subnet placed in network "${parent}"` });
    }
  }

  const allNetworks = networks();
  if (allNetworks.length === 1) {
    const only = allNetworks[0]!.id;
    components = components.map((c) => {
      const placement = findService(c.service)?.placement;
      if (placement === 'network' && c.group === undefined) {
        completions.push({ node: c.id, message: `placed in the only network "${only}"` });
        return { ...c, group: only };
      }
      return c;
    });
  }

  const igwService = serviceForKind(design.provider, 'internet-gateway');
  if (igwService) {
    const withPublic = new Set(
      groups.filter((g) => g.properties['public'] === true).map((g) => g.parent),
    );
    const withIgw = new Set(
      components.filter((c) => kindOf(c.service) === 'internet-gateway').map((c) => c.group),
    );
    for (const network of networks()) {
      const hasPublic = withPublic.has(network.id);
      const hasIgw = withIgw.has(network.id);
      if (hasPublic && !hasIgw) {
        const id = freeId(taken, `${network.id}-igw`);
        components.push({
          id,
          service: igwService.id,
          name: `${network.name}-igw`.slice(0, 40),
          group: network.id,
          properties: {},
        });
        completions.push({
          node: id,
          message: `added ${igwService.name} for the public subnets of "${network.id}"`,
        });
      }
    }
  }
  return { design: { ...design, environments, groups, components }, completions };
}
