import { buildTerraform } from '../../iac/build/terraform-build';
import { CLOUD_PROFILES, servicesOf, serviceForKind } from '../../iac/catalog/registry';
import type { TServiceDefinition } from '../../iac/catalog/service';
import { completeDesign } from '../../iac/design/complete';
import { resolveDesign } from '../../iac/design/resolve';
import { ZDesignV2, type TConnection, type TDesign } from '../../iac/design/schema-v2';
import { prepareParsedDesign } from '../../iac/generate';
import type { TTfResource, TTfVariable } from '../../iac/ir/terraform-ir';
import { nameNodes } from '../../iac/naming/naming';
import type { TCloud, TPropertyValue } from '../../iac/types';

/**
 * The small designs the probes build: a component with what it needs to be valid around it
 * (a network and subnets in two zones, a second subnet, a public subnet for a NAT gateway, or a
 * peer it must be connected to — a load balancer's target, a CDN's origin), found once per service.
 */
export interface TBuilt {
  readonly resources: readonly TTfResource[];
  readonly variables: readonly TTfVariable[];
}

export interface TProbeNode {
  readonly id: string;
  readonly service: TServiceDefinition;
  readonly properties?: Readonly<Record<string, TPropertyValue>>;
  /** An `optional-subnet` component placed in a subnet (it then writes its network access). */
  readonly placed?: boolean;
  /** Its design name (default: the id without `probe-`): names show in descriptions. */
  readonly name?: string;
  /** The component it is connected to, in place of the one its context finds (an alarm's target). */
  readonly peer?: TPeer;
  /** In the second subnet, apart from the others (the target of an Application Gateway). */
  readonly apart?: boolean;
}

export interface TPeer {
  readonly service: TServiceDefinition;
  readonly type: 'data' | 'traffic';
  readonly outgoing: boolean;
  /** The peer's properties (default: its service's defaults): what it gives the probed one. */
  readonly properties?: Readonly<Record<string, TPropertyValue>>;
}

interface TContext {
  readonly extraPlacement: boolean;
  readonly peer?: TPeer;
  /** The peer's own peer, when the peer is valid only with one (a WAF's Front Door's origin). */
  readonly peerPeer?: TPeer;
}

const NET = 'probe-net';
const SUB = 'probe-sub';
const SUB2 = 'probe-sub-b';

/** Builds a design with the engine; the bare builders when validation refuses it. */
export function buildDesign(design: TDesign, strict = false): TBuilt | undefined {
  try {
    const prepared = prepareParsedDesign(design, { format: 'terraform' });
    if (!prepared.ok && strict) return undefined;
    const resolved = prepared.ok ? prepared.resolved : resolveDesign(completeDesign(design).design);
    const names = prepared.ok ? prepared.names : nameNodes(resolved);
    const built =
      (prepared.ok ? prepared.built?.terraform : undefined) ??
      buildTerraform(resolved, CLOUD_PROFILES[design.provider], names);
    return { resources: built.resources, variables: built.variables };
  } catch {
    return undefined;
  }
}

function rawDesign(
  cloud: TCloud,
  region: string,
  nodes: readonly TProbeNode[],
  connections: readonly TConnection[],
  contexts: ReadonlyMap<string, TContext>,
): TDesign {
  const network = serviceForKind(cloud, 'network');
  const subnet = serviceForKind(cloud, 'subnet');
  const groups: Record<string, unknown>[] = [];
  const components: Record<string, unknown>[] = [];
  const links: TConnection[] = [...connections];
  let needsSubnet = false;
  let needsNetwork = false;
  let isPublic = false;
  const all: TProbeNode[] = [...nodes];
  for (const n of nodes) {
    const ctx = contexts.get(n.id);
    if (ctx?.peer) {
      const peer = `${n.id}-peer`;
      all.push({
        id: peer,
        service: ctx.peer.service,
        ...(ctx.peer.properties ? { properties: ctx.peer.properties } : {}),
      });
      links.push(
        ctx.peer.outgoing
          ? { from: n.id, to: peer, type: ctx.peer.type }
          : { from: peer, to: n.id, type: ctx.peer.type },
      );
      if (ctx.peerPeer) {
        const next = `${peer}-peer`;
        all.push({ id: next, service: ctx.peerPeer.service });
        links.push(
          ctx.peerPeer.outgoing
            ? { from: peer, to: next, type: ctx.peerPeer.type }
            : { from: next, to: peer, type: ctx.peerPeer.type },
        );
      }
    }
    if (ctx?.extraPlacement) links.push({ from: n.id, to: SUB2, type: 'placement' });
    if (n.service.kind === 'nat-gateway') isPublic = true;
  }
  for (const n of all) {
    const p = n.service.placement;
    const isGroup = n.service.kind === 'network' || n.service.kind === 'subnet';
    const group =
      n.service.kind === 'subnet' || p === 'network'
        ? NET
        : p === 'subnet' || (p === 'optional-subnet' && n.placed)
          ? n.apart
            ? SUB2
            : SUB
          : undefined;
    if (group === SUB) needsSubnet = true;
    if (group === NET) needsNetwork = true;
    const node = {
      id: n.id,
      service: n.service.id,
      name: n.name ?? n.id.replace(/^probe-/, ''),
      properties: n.properties ?? {},
      ...(group ? { [isGroup ? 'parent' : 'group']: group } : {}),
    };
    (isGroup ? groups : components).push(node);
  }
  if ((needsSubnet || needsNetwork) && network)
    groups.unshift({ id: NET, service: network.id, name: 'net', properties: {} });
  if (needsSubnet && subnet) {
    const zone = (z: string) =>
      subnet.properties.some((p) => p.key === 'zone') ? { zone: z } : {};
    groups.push({
      id: SUB,
      service: subnet.id,
      name: 'sub',
      parent: NET,
      properties: { ...zone('0'), ...(isPublic ? { public: true } : {}) },
    });
    groups.push({
      id: SUB2,
      service: subnet.id,
      name: 'sub-b',
      parent: NET,
      properties: { ...zone('1'), cidr: '10.0.2.0/24' },
    });
  }
  const valid = new Set([...groups, ...components].map((g) => g.id as string));
  return ZDesignV2.parse({
    v: 2,
    name: 'probe',
    provider: cloud,
    region,
    environments: [{ name: 'dev' }],
    groups,
    components,
    connections: links.filter((l) => valid.has(l.from) && valid.has(l.to)),
  });
}

const contexts = new Map<string, TContext>();
/** Services whose context is being searched (a peer's own search does not come back to them). */
const searching = new Set<string>();

/** The context in which a service's one-component design is valid and builds (cached). */
function contextOf(service: TServiceDefinition, region: string): TContext {
  const cached = contexts.get(service.id);
  if (cached) return cached;
  const tryBuild = (ctx: TContext) =>
    buildDesign(
      rawDesign(
        service.cloud,
        region,
        [{ id: 'probe-x', service }],
        [],
        new Map([['probe-x', ctx]]),
      ),
      true,
    );
  let found: TContext | undefined;
  for (const extraPlacement of [false, true]) {
    if (tryBuild({ extraPlacement })) {
      found = { extraPlacement };
      break;
    }
  }
  if (!found) {
    search: for (const extraPlacement of [false, true])
      for (const peer of servicesOf(service.cloud)) {
        if (
          peer.kind === 'resource' ||
          peer.kind === 'network' ||
          peer.kind === 'subnet' ||
          peer.id === service.id
        )
          continue;
        for (const type of ['traffic', 'data'] as const)
          for (const outgoing of [true, false]) {
            const ctx = { extraPlacement, peer: { service: peer, type, outgoing } };
            if (tryBuild(ctx)) {
              found = ctx;
              break search;
            }
          }
      }
  }
  // A peer valid only with a peer of its own (a WAF policy's Front Door, which needs an origin).
  if (!found && searching.size === 0) {
    searching.add(service.id);
    search: for (const peer of servicesOf(service.cloud)) {
      if (peer.kind === 'resource' || peer.id === service.id || !(peer.emits.terraform[0] ?? ''))
        continue;
      const theirs = contextOf(peer, region).peer;
      if (!theirs || theirs.service.id === service.id) continue;
      for (const type of ['traffic', 'data'] as const)
        for (const outgoing of [true, false]) {
          const ctx = {
            extraPlacement: false,
            peer: { service: peer, type, outgoing },
            peerPeer: theirs,
          };
          if (tryBuild(ctx)) {
            found = ctx;
            break search;
          }
        }
    }
    searching.delete(service.id);
  }
  const ctx = found ?? { extraPlacement: false };
  if (searching.size > 0 && !found) return ctx;
  contexts.set(service.id, ctx);
  return ctx;
}

/** A probe design: the nodes, their connections, and each node's context. */
export function probeDesign(
  cloud: TCloud,
  region: string,
  nodes: readonly TProbeNode[],
  connections: readonly TConnection[] = [],
  options: { readonly withoutPeers?: boolean; readonly withoutExtraSubnet?: boolean } = {},
): TDesign {
  const ctx = new Map(
    nodes.map((n): [string, TContext] => {
      const found = contextOf(n.service, region);
      return [n.id, n.peer ? { ...found, peer: n.peer } : found];
    }),
  );
  // Two nodes probed together may satisfy each other (a load balancer and its target); a
  // placement probe brings its own second subnet.
  const used = new Map(
    [...ctx].map(([k, c]): [string, TContext] => [
      k,
      {
        extraPlacement: c.extraPlacement && !options.withoutExtraSubnet,
        ...(c.peer && !options.withoutPeers ? { peer: c.peer } : {}),
        ...(c.peerPeer && !options.withoutPeers ? { peerPeer: c.peerPeer } : {}),
      },
    ]),
  );
  return rawDesign(cloud, region, nodes, connections, used);
}

export const isValidDesign = (design: TDesign) => prepareParsedDesign(design).ok;
