import { CLOUD_PROFILES, findService } from '../catalog/registry';
import type { TServiceDefinition } from '../catalog/service';
import { GROUP_KINDS, type TPropertyDefinition, type TPropertyValue } from '../types';
import { contains, overlaps, parseCidr } from './cidr';
import { KIND_NOUNS } from './nouns';
import type { TDesignIssue } from './parse';
import { checkRules } from './rules/run';
import type { TDesign } from './schema-v2';
import { checkResources } from './validate-resource';

/** Checks a property value against its definition; returns the problem or undefined. */
export function checkProperty(def: TPropertyDefinition, value: TPropertyValue): string | undefined {
  switch (def.type) {
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value))
        return `${def.key} must be a number`;
      if (def.min !== undefined && value < def.min) return `${def.key} must be at least ${def.min}`;
      if (def.max !== undefined && value > def.max) return `${def.key} must be at most ${def.max}`;
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `${def.key} must be true or false`;
    case 'enum': {
      if (typeof value !== 'string') return `${def.key} must be a string`;
      const allowed = def.allowed ?? [];
      if (allowed.includes(value)) return undefined;
      const shown = allowed.slice(0, 8).join(', ') + (allowed.length > 8 ? ', ...' : '');
      return `${def.key} "${value}" is not one of: ${shown}`;
    }
    case 'cidr':
      return typeof value === 'string' && parseCidr(value)
        ? undefined
        : `${def.key} must be an IPv4 CIDR such as 10.0.0.0/16`;
    case 'string-list':
      return Array.isArray(value) ? undefined : `${def.key} must be a list of strings`;
    case 'string':
      return typeof value === 'string' ? undefined : `${def.key} must be a string`;
  }
}

/** The warning for a value no longer offered that still builds (`deprecated`), or undefined. */
function deprecation(def: TPropertyDefinition, value: TPropertyValue): string | undefined {
  if (typeof value !== 'string' || !def.deprecated || !Object.hasOwn(def.deprecated, value))
    return undefined;
  return `${def.key} "${value}" is no longer offered: ${def.deprecated[value]}`;
}

/** A service's property definitions by key, built once per catalog entry, not per node. */
const definitions = new WeakMap<TServiceDefinition, ReadonlyMap<string, TPropertyDefinition>>();
function definitionsOf(service: TServiceDefinition): ReadonlyMap<string, TPropertyDefinition> {
  let out = definitions.get(service);
  if (!out) definitions.set(service, (out = new Map(service.properties.map((p) => [p.key, p]))));
  return out;
}

/** Semantic validation of a parsed (and completed) design, with messages a user can act on. */
export function validateDesign(design: TDesign): TDesignIssue[] {
  const issues: TDesignIssue[] = [];
  const error = (path: string, message: string) =>
    issues.push({ path, message, severity: 'error' });
  const warn = (path: string, message: string) =>
    issues.push({ path, message, severity: 'warning' });
  const profile = CLOUD_PROFILES[design.provider];
  if (profile.cloud !== design.provider) {
    error('provider', `${design.provider} has no catalog yet`);
    return issues;
  }
  if (!profile.regions.includes(design.region)) {
    error(
      'region',
      `"${design.region}" is not a region of ${profile.label} (e.g. ${profile.regions.slice(0, 4).join(', ')})`,
    );
  }
  const envNames = design.environments.map((e) => e.name);
  if (new Set(envNames).size !== envNames.length)
    error('environments', 'environment names must be unique');

  const services = new Map<string, TServiceDefinition>();
  const seen = new Set<string>();
  const nodes = [
    ...design.groups.map((g, i) => ({
      ...g,
      path: `groups[${i}]`,
      isGroup: true,
      place: g.parent,
    })),
    ...design.components.map((c, i) => ({
      ...c,
      path: `components[${i}]`,
      isGroup: false,
      place: c.group,
    })),
  ];
  for (const n of nodes) {
    if (seen.has(n.id)) error(`${n.path}.id`, `duplicate id "${n.id}"`);
    seen.add(n.id);
    const service = findService(n.service);
    if (!service) {
      error(`${n.path}.service`, `unknown service "${n.service}"`);
      continue;
    }
    if (service.cloud !== design.provider) {
      error(
        `${n.path}.service`,
        `${service.id} belongs to ${service.cloud}; this design targets ${design.provider}`,
      );
      continue;
    }
    const isGroupKind = GROUP_KINDS.includes(service.kind);
    if (n.isGroup !== isGroupKind) {
      error(
        `${n.path}.service`,
        n.isGroup
          ? `${service.name} cannot be a group`
          : `${service.name} must be a group, not a component`,
      );
      continue;
    }
    services.set(n.id, service);
    const defs = definitionsOf(service);
    for (const [key, value] of Object.entries(n.properties)) {
      const def = defs.get(key);
      if (!def) error(`${n.path}.properties.${key}`, `${service.name} has no property "${key}"`);
      else {
        const problem = checkProperty(def, value);
        const note = problem && deprecation(def, value);
        if (note) warn(`${n.path}.properties.${key}`, note);
        else if (problem) error(`${n.path}.properties.${key}`, problem);
      }
    }
  }
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const kindOf = (id: string | undefined) =>
    id === undefined ? undefined : services.get(id)?.kind;

  for (const n of nodes) {
    const service = services.get(n.id);
    if (!service) continue;
    const noun = KIND_NOUNS[service.kind];
    if (n.place !== undefined && !byId.has(n.place)) {
      error(`${n.path}.${n.isGroup ? 'parent' : 'group'}`, `"${n.place}" does not exist`);
      continue;
    }
    const placeKind = kindOf(n.place);
    if (service.kind === 'subnet' && placeKind !== 'network')
      error(`${n.path}.parent`, 'subnet must be inside a network');
    if (service.kind === 'network' && n.place !== undefined)
      error(`${n.path}.parent`, 'a network cannot be nested');
    if (n.isGroup) continue;
    if (n.place !== undefined && !['subnet', 'network'].includes(placeKind ?? '')) {
      error(`${n.path}.group`, `${noun} can only be placed in a subnet or network`);
    }
    if (service.placement === 'subnet' && placeKind !== 'subnet')
      error(`${n.path}.group`, `${noun} must be placed in a subnet`);
    if (service.placement === 'network' && placeKind !== 'network')
      error(`${n.path}.group`, `${noun} must be placed in a network`);
    if (service.placement === 'none' && n.place !== undefined)
      error(`${n.path}.group`, `${noun} is not placed in a network`);
  }

  design.connections.forEach((c, i) => {
    const path = `connections[${i}]`;
    const from = services.get(c.from);
    const to = services.get(c.to);
    if (!byId.has(c.from)) error(`${path}.from`, `"${c.from}" does not exist`);
    if (!byId.has(c.to)) error(`${path}.to`, `"${c.to}" does not exist`);
    if (c.from === c.to) error(path, 'a connection needs two different ends');
    if (!from || !to) return;
    if (c.type === 'placement' && !['subnet', 'security-group'].includes(to.kind)) {
      error(path, 'a placement connection ends at a subnet or a security group');
    }
  });

  checkSubnets(design, services, error);
  checkTopology(design, services, error, warn);
  checkOverrides(design, services, error, warn);
  checkResources(design, services, error);
  issues.push(...checkRules(design, services, issues));
  return issues;
}

function checkSubnets(
  design: TDesign,
  services: Map<string, TServiceDefinition>,
  error: (p: string, m: string) => void,
) {
  const groupById = new Map(design.groups.map((g) => [g.id, g]));
  const cidrOf = (id: string): string | undefined => {
    const g = groupById.get(id);
    const value =
      g?.properties['cidr'] ?? services.get(id)?.properties.find((p) => p.key === 'cidr')?.default;
    return typeof value === 'string' ? value : undefined;
  };
  // Overlaps are only possible between subnets of the same network.
  const seen = new Map<string, { id: string; cidr: NonNullable<ReturnType<typeof parseCidr>> }[]>();
  design.groups.forEach((g, i) => {
    if (services.get(g.id)?.kind !== 'subnet') return;
    const innerText = cidrOf(g.id);
    const inner = innerText ? parseCidr(innerText) : undefined;
    const outerText = g.parent ? cidrOf(g.parent) : undefined;
    const outer = outerText ? parseCidr(outerText) : undefined;
    if (outer && inner && !contains(outer, inner)) {
      error(
        `groups[${i}].properties.cidr`,
        `subnet ${String(innerText)} is outside network ${String(outerText)}`,
      );
    }
    if (!inner) return;
    const siblings = seen.get(g.parent ?? '') ?? [];
    const clash = siblings.find((s) => overlaps(s.cidr, inner));
    if (clash)
      error(`groups[${i}].properties.cidr`, `subnet "${g.id}" overlaps subnet "${clash.id}"`);
    siblings.push({ id: g.id, cidr: inner });
    seen.set(g.parent ?? '', siblings);
  });
}

function checkTopology(
  design: TDesign,
  services: Map<string, TServiceDefinition>,
  error: (p: string, m: string) => void,
  warn: (p: string, m: string) => void,
) {
  const outBy = new Map<string, TDesign['connections']>();
  const inBy = new Map<string, TDesign['connections']>();
  for (const c of design.connections) {
    const from = outBy.get(c.from);
    if (from) from.push(c);
    else outBy.set(c.from, [c]);
    const to = inBy.get(c.to);
    if (to) to.push(c);
    else inBy.set(c.to, [c]);
  }
  const groupById = new Map(design.groups.map((g) => [g.id, g]));
  const zonesByNetwork = new Map<string, Set<string>>();
  for (const g of design.groups) {
    if (services.get(g.id)?.kind !== 'subnet' || g.parent === undefined) continue;
    const zones = zonesByNetwork.get(g.parent) ?? new Set<string>();
    zones.add(String(g.properties['zone'] ?? '0'));
    zonesByNetwork.set(g.parent, zones);
  }
  const igwByNetwork = new Map<string, string>();
  const out = (id: string, type?: string) =>
    (outBy.get(id) ?? []).filter((c) => type === undefined || c.type === type);
  const subnetCount = (id: string, group: string | undefined) => {
    const extra = out(id, 'placement').filter((c) => services.get(c.to)?.kind === 'subnet').length;
    return (services.get(group ?? '')?.kind === 'subnet' ? 1 : 0) + extra;
  };
  const zonesOf = (id: string, group: string | undefined) => {
    const ids = [group, ...out(id, 'placement').map((c) => c.to)].filter(
      (x): x is string => x !== undefined,
    );
    return new Set(
      ids.flatMap((s) => {
        const g = groupById.get(s);
        return g && services.get(g.id)?.kind === 'subnet'
          ? [String(g.properties['zone'] ?? '0')]
          : [];
      }),
    );
  };
  design.components.forEach((c, i) => {
    const service = services.get(c.id);
    if (!service) return;
    const path = `components[${i}]`;
    const noun = KIND_NOUNS[service.kind];
    switch (service.kind) {
      case 'load-balancer':
      case 'network-load-balancer': {
        const targets = out(c.id, 'traffic');
        if (targets.length === 0) error(path, 'load balancer has no targets');
        const kinds = new Set(targets.map((t) => services.get(t.to)?.kind));
        if (kinds.size > 1) error(path, 'load balancer targets must all be of one kind');
        if (design.provider === 'aws' && zonesOf(c.id, c.group).size < 2) {
          error(
            path,
            'load balancer needs subnets in two availability zones (add a placement connection)',
          );
        }
        break;
      }
      case 'kubernetes':
        if (design.provider === 'aws' && zonesOf(c.id, c.group).size < 2) {
          error(
            path,
            'Kubernetes cluster needs subnets in two availability zones (add a placement connection)',
          );
        }
        break;
      case 'cdn':
        if (out(c.id, 'traffic').length + out(c.id, 'data').length === 0)
          error(path, 'CDN has no origin');
        break;
      case 'alarm':
        // A topic is where an alarm notifies, except an Azure metric alert's (it watches a
        // Service Bus topic's dead letters and e-mails through its own action group).
        if (
          out(c.id).filter(
            (x) => services.get(x.to)?.kind !== 'topic' || design.provider === 'azure',
          ).length === 0
        )
          warn(path, 'alarm watches nothing');
        break;
      case 'nat-gateway': {
        const subnet = groupById.get(c.group ?? '');
        if (subnet && subnet.properties['public'] !== true && design.provider === 'aws') {
          error(`${path}.group`, 'NAT gateway must be placed in a public subnet');
        }
        break;
      }
      case 'internet-gateway': {
        const first = igwByNetwork.get(c.group ?? '');
        if (first !== undefined) error(path, 'a network has at most one internet gateway');
        else igwByNetwork.set(c.group ?? '', c.id);
        break;
      }
      case 'block-storage': {
        const vms = (inBy.get(c.id) ?? []).filter((x) => services.get(x.from)?.kind === 'vm');
        if (vms.length > 1) error(path, 'volume can be attached to one virtual machine');
        break;
      }
    }
    if (service.placement === 'subnet' && subnetCount(c.id, c.group) === 0) return;
    if (
      ['postgresql', 'mysql', 'sqlserver', 'cache', 'document-db'].includes(service.kind) &&
      design.provider === 'aws'
    ) {
      const network = groupById.get(c.group ?? '')?.parent;
      if ((zonesByNetwork.get(network ?? '')?.size ?? 0) < 2)
        error(path, `${noun} needs subnets in two availability zones in its network`);
    }
  });
}

function checkOverrides(
  design: TDesign,
  services: Map<string, TServiceDefinition>,
  error: (p: string, m: string) => void,
  warn: (p: string, m: string) => void,
) {
  design.environments.forEach((env, i) => {
    for (const [id, props] of Object.entries(env.overrides)) {
      const service = services.get(id);
      const path = `environments[${i}].overrides.${id}`;
      if (!service) {
        error(path, `"${id}" is not a component of this design`);
        continue;
      }
      for (const [key, value] of Object.entries(props)) {
        const def = service.properties.find((p) => p.key === key);
        const problem = def
          ? checkProperty(def, value)
          : `${service.name} has no property "${key}"`;
        const note = def && problem && deprecation(def, value);
        if (note) warn(`${path}.${key}`, note);
        else if (problem) error(`${path}.${key}`, problem);
      }
    }
  });
}
