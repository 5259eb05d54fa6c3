import { CLOUD_PROFILES, serviceForKind, servicesOf } from '../../iac/catalog/registry';
import type { TServiceDefinition } from '../../iac/catalog/service';
import { genericServiceId } from '../../iac/catalog/generic/generic';
import { TF_PROVIDER } from '../../iac/catalog/generic/generic-terraform';
import { hasFlag, resourceSchema } from '../../iac/catalog/generic/schema-source';
import { TYPE_PREFIX } from '../../iac/design/validate-resource';
import { ZDesignV2, type TConnection, type TDesign } from '../../iac/design/schema-v2';
import { prepareParsedDesign } from '../../iac/generate';
import { CLOUDS, type TCloud, type TPropertyValue } from '../../iac/types';
import {
  ConvertError,
  type TConvertFile,
  type TConvertOutput,
  type TConvertWarning,
  type TUnconverted,
} from '../types';
import { genericArguments } from './generic';
import { instantiate, type TImportedResource, type TInstance } from './instantiate';
import { loadConfiguration, type TConfiguration } from './load';
import { chooseConnection } from './connections';
import { BuildError, buildTerraform } from '../../iac/build/terraform-build';
import { bodyRefs, findCandidates, type TCandidate } from './ownership';
import { buildDesign, type TPeer } from './probe-design';
import { builtView, fitScore, recoverProperties, serviceProbe, setupAddresses } from './probe';
import { canonical, isTaggedVal, toJson, type TVal } from './value';
import { viewOf, type TView, type TViewContext } from './view';

export interface TTerraformImportOptions {
  /** The cloud of the input when its resource types do not say (default: the most common prefix). */
  readonly provider?: TCloud;
  /** The design's name (default: the root folder's name, else "imported"). */
  readonly name?: string;
}

/** `aws_subnet` of `module.net.aws_subnet.a`. */
const typeOfAddress = (address: string) => {
  const parts = address.replace(/^(module\.[^.]+\.)+/, '').split('.');
  return parts[0] === 'data' ? `data.${parts[1]}` : parts[0];
};

/**
 * A resource named with the generic resource's `{type}` word (`acme-ops-${env}-res-keys`) and not
 * the service's: the engine wrote it from a generic resource component, which it stays.
 */
function namedGeneric(
  primary: TImportedResource,
  service: TServiceDefinition,
  genericAbbreviation: string | undefined,
): boolean {
  if (!genericAbbreviation || service.naming.abbreviation === genericAbbreviation) return false;
  for (const v of Object.values(primary.body)) {
    // Blocks (`{$: 'block'}`) have no canonical text: names are plain arguments.
    const text = isTaggedVal(v as TVal) ? (canonical(v as TVal) as string | undefined) : undefined;
    if (typeof text !== 'string' || !text.includes('var.environment')) continue;
    const words = text.toLowerCase().split(/[^a-z0-9]+/);
    return (
      words.includes(genericAbbreviation) &&
      !words.includes(service.naming.abbreviation.toLowerCase())
    );
  }
  return false;
}

/** The local name of the peer a probe is connected to (`probe-x-peer`). */
const PEER_LOCAL = 'probe_x_peer';

/** A view read with the peer's name as the probe writes it (`…_probe_x_peer`, a rule per target). */
const asPeer = (view: TView, local: string): TView =>
  new Map(
    [...view].map(([k, e]) => [k.replace(new RegExp(`_${local}(?=$|[/_])`), `_${PEER_LOCAL}`), e]),
  );

/** How much of what a catalog service would emit must be found before the component is kept. */
const MIN_FIT = 0.25;

function detectCloud(resources: readonly TImportedResource[], hint?: TCloud): TCloud {
  const counts = new Map<TCloud, number>();
  for (const r of resources)
    for (const c of CLOUDS)
      if (r.type.startsWith(TYPE_PREFIX[c])) counts.set(c, (counts.get(c) ?? 0) + 1);
  const best = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (best) return best;
  if (hint) return hint;
  throw new ConvertError('no resource of the aws, azurerm, google or oci provider in the upload');
}

/** `api_fn` → `api-fn`: a design id (lowercase letters, digits, hyphens; max 48). */
function idFor(local: string, taken: Set<string>): string {
  let base = local
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+$/, '')
    .slice(0, 44);
  if (base === '') base = 'resource';
  let id = base;
  for (let i = 2; taken.has(id); i++) id = `${base}-${i}`;
  taken.add(id);
  return id;
}

const nameFor = (id: string) => id.slice(0, 40).replace(/-+$/, '');

function regionOf(instance: TInstance, cloud: TCloud): string {
  const provider = instance.providers.get(
    { aws: 'aws', azure: 'azurerm', gcp: 'google', oci: 'oci' }[cloud],
  );
  const region = provider?.['region'] ?? provider?.['location'];
  if (typeof region === 'string' && region !== '') return region;
  return CLOUD_PROFILES[cloud].regions[0] ?? 'eu-central-1';
}

function designTagsOf(instance: TInstance, cloud: TCloud): Map<string, string> {
  const out = new Map<string, string>();
  const provider = instance.providers.get(
    { aws: 'aws', azure: 'azurerm', gcp: 'google', oci: 'oci' }[cloud],
  );
  const fromBlock = provider?.['default_tags'];
  const tags =
    cloud === 'aws' && fromBlock && (fromBlock as { $: string }).$ === 'block'
      ? (fromBlock as { body: Record<string, unknown> }).body['tags']
      : cloud === 'gcp'
        ? provider?.['default_labels']
        : undefined;
  if (tags && isTaggedVal(tags as TVal) && (tags as { $: string }).$ === 'obj') {
    for (const [k, v] of Object.entries((tags as { entries: Record<string, TVal> }).entries))
      if (typeof v === 'string' && k !== 'managed_by') out.set(k, v);
  }
  if (cloud === 'aws' || cloud === 'gcp') return out;
  // azurerm and oci have no provider-wide tags: the design's are those on every tagged resource.
  const attr = cloud === 'oci' ? 'freeform_tags' : 'tags';
  let common: Map<string, string> | undefined;
  for (const r of instance.resources) {
    const t = r.body[attr];
    if (!t || !isTaggedVal(t as TVal) || (t as { $: string }).$ !== 'obj') continue;
    const entries = Object.entries((t as { entries: Record<string, TVal> }).entries).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    );
    const here = new Map(entries);
    common = common ? new Map([...common].filter(([k, v]) => here.get(k) === v)) : here;
  }
  return common ?? out;
}

interface TRecovered {
  readonly candidate: TCandidate;
  readonly id: string;
  readonly service: TServiceDefinition;
  properties: Record<string, TPropertyValue>;
  readonly isGroup: boolean;
  /** How much of what its build writes is found (1: all). */
  fit: number;
  /** The component it was read connected to, when that explains it better. */
  peer?: TPeer;
  peerLocal?: string;
}

/**
 * Terraform → design: every resource of a catalog service becomes that service's component with
 * the properties read back through the builders (probe.ts), its companions absorbed; references
 * between components become the connections whose forward build writes them; everything else
 * becomes a generic resource component with a warning, or is listed as unconverted.
 */
export function terraformToDesign(
  files: readonly TConvertFile[],
  options: TTerraformImportOptions = {},
): TConvertOutput {
  const config = loadConfiguration(files);
  const instances = config.environments.map((e) => instantiate(config, e));
  const base = instances[0]!;
  const cloud = detectCloud(base.resources, options.provider);
  const decisions: TDecisions = {
    absorbed: new Set(),
    generic: new Set(),
    released: new Set(),
    rewritten: new Set(),
  };
  // A component the forward build writes as another's companion (a key an alarm's connection
  // adds to its topic) is absorbed into that one; one the engine refuses (a VM whose subnet is
  // only reached through a NIC) is kept as generic resources; then the rest is read again.
  for (let round = 0; ; round++) {
    const attempt = importOnce(config, instances, cloud, decisions, options);
    if (round >= 50) return attempt.output;
    const forward = attempt.forward;
    if (attempt.clash) decisions.absorbed.add(attempt.clash);
    else if (attempt.rewrites) decisions.rewritten.add(attempt.rewrites);
    else if (attempt.refused) decisions.generic.add(attempt.refused);
    else {
      // Resources read into a component that its build does not write are not absorbed: they
      // are read again as generic resources (nothing of the upload is lost).
      const primaries = new Set(attempt.primaries.values());
      const companions = new Set(
        attempt.owned
          .flatMap((o) => o.resources.map((r) => r.address))
          .filter((a) => !primaries.has(a)),
      );
      const excess = attempt.owned.flatMap(({ id, local, resources }) => {
        const room = new Map<string, number>();
        for (const t of forward?.types.get(id) ?? []) room.set(t, (room.get(t) ?? 0) + 1);
        // Those the build writes under their own name take the room first.
        const written = forward?.names ?? new Set<string>();
        const ordered = [...resources].sort(
          (a, b) =>
            Number(!written.has(`${a.type}.${a.name}`)) -
            Number(!written.has(`${b.type}.${b.name}`)),
        );
        return ordered.filter((r) => {
          const left = room.get(r.type) ?? 0;
          room.set(r.type, left - 1);
          return (
            left <= 0 &&
            r.mode === 'resource' &&
            !decisions.released.has(r.address) &&
            // Named by the engine's convention for this component (`api_to_orders_db`) and
            // wired to another's companion (a service account's email): what a connection not
            // read back writes; as a generic resource it would lose that reference.
            !(r.name.startsWith(`${local}_`) && bodyRefs(r.body).some((a) => companions.has(a)))
          );
        });
      });
      if (excess.length === 0 || !forward) return attempt.output;
      for (const r of excess) decisions.released.add(r.address);
    }
  }
}

interface TDecisions {
  /** Main resources found to be other components' companions. */
  readonly absorbed: Set<string>;
  /** Main resources whose component the engine refuses: kept as generic resources. */
  readonly generic: Set<string>;
  /** Resources a component's build does not write: not part of it. */
  readonly released: Set<string>;
  /**
   * Resources left over that the build of the design's components writes again under the same
   * name (a private DNS zone's network link that a cache writes once the design has a network):
   * not kept as generic resources, or the engine would write them twice.
   */
  readonly rewritten: Set<string>;
}

/** What the engine writes for an imported design: per component the resource types, and the data sources. */
interface TForward {
  readonly types: Map<string, string[]>;
  /** `type.name` of every resource it writes. */
  readonly names: Set<string>;
  readonly data: Set<string>;
}

/**
 * The forward build of an imported design, or the main resource of a component that another's
 * build also writes (it is that one's companion: `two resources would be named …`).
 */
function forwardBuild(
  design: TDesign,
  primaries: ReadonlyMap<string, string>,
  generics: ReadonlyMap<string, string>,
): { forward?: TForward; clash?: string; rewrites?: string; valid: boolean } {
  const named = (message: string) => /would be named (\S+);/.exec(message)?.[1];
  const clash = (message: string) => {
    const m = named(message);
    return m ? primaries.get(m) : undefined;
  };
  const rewrites = (message: string) => {
    const m = named(message);
    return m && !primaries.has(m) ? generics.get(m) : undefined;
  };
  try {
    const prepared = prepareParsedDesign(design);
    if (!prepared.ok) {
      const found = prepared.issues.map((i) => clash(i.message)).find((a) => a !== undefined);
      const again = prepared.issues.map((i) => rewrites(i.message)).find((a) => a !== undefined);
      return {
        ...(found ? { clash: found } : again ? { rewrites: again } : {}),
        valid: false,
      };
    }
    const built = buildTerraform(
      prepared.resolved,
      CLOUD_PROFILES[design.provider],
      prepared.names,
    );
    const types = new Map<string, string[]>();
    const names = new Set<string>();
    const data = new Set<string>();
    for (const r of built.resources) {
      if (r.mode === 'resource') {
        types.set(r.node, [...(types.get(r.node) ?? []), r.type]);
        names.add(`${r.type}.${r.name}`);
      } else data.add(`data.${r.type}.${r.name}`);
    }
    return { forward: { types, names, data }, valid: true };
  } catch (e) {
    const found = e instanceof BuildError ? clash(e.message) : undefined;
    const again = e instanceof BuildError ? rewrites(e.message) : undefined;
    return { ...(found ? { clash: found } : again ? { rewrites: again } : {}), valid: false };
  }
}

function importOnce(
  config: TConfiguration,
  instances: readonly TInstance[],
  cloud: TCloud,
  decisions: TDecisions,
  options: TTerraformImportOptions,
): {
  output: TConvertOutput;
  design: TDesign;
  primaries: Map<string, string>;
  owned: { id: string; local: string; resources: readonly TImportedResource[] }[];
  refused?: string;
  clash?: string;
  rewrites?: string;
  forward?: TForward;
} {
  const base = instances[0]!;
  const warnings: TConvertWarning[] = [];
  const unconverted: TUnconverted[] = [...config.unconverted, ...base.unconverted];
  const region = regionOf(base, cloud);
  const prefix = TYPE_PREFIX[cloud];

  const primaryOf = new Map<string, TServiceDefinition[]>();
  for (const s of servicesOf(cloud)) {
    const type = s.emits.terraform[0];
    if (!type || s.kind === 'resource') continue;
    primaryOf.set(type, [...(primaryOf.get(type) ?? []), s]);
  }
  const { candidates, owner } = findCandidates(
    base.resources,
    primaryOf,
    region,
    decisions.absorbed,
    decisions.released,
  );
  const ownerOf = (instance: TInstance) => {
    const byAddress = new Map(instance.resources.map((r) => [r.address, r]));
    return (address: string) => {
      const c = owner.get(address);
      const r = byAddress.get(address);
      return c && r
        ? { owner: c.local, type: r.mode === 'data' ? `data.${r.type}` : r.type, name: r.name }
        : undefined;
    };
  };
  const ctxFor = (instance: TInstance): TViewContext => ({
    ownerOf: ownerOf(instance),
    variable: () => undefined,
  });
  const baseCtx = ctxFor(base);
  const viewIn = (instance: TInstance, c: TCandidate, ctx: TViewContext): TView => {
    const addresses = new Set(c.owned.map((r) => r.address));
    const own = instance.resources
      .filter((r) => addresses.has(r.address))
      .map((r) => ({
        type: r.mode === 'data' ? `data.${r.type}` : r.type,
        name: r.name,
        address: r.address,
        body: r.body,
      }));
    return viewOf(own, c.local, c.primary.name, ctx);
  };

  const genericAbbreviation = servicesOf(cloud).find((s) => s.kind === 'resource')?.naming
    .abbreviation;
  // Components: the service that explains the resources best, if it explains enough of them.
  const taken = new Set<string>();
  const recovered: TRecovered[] = [];
  const demoted: TCandidate[] = [];
  const views = new Map<TCandidate, TView>();
  const subnetType = serviceForKind(cloud, 'subnet')?.emits.terraform[0];
  const placedIn = new Map<TCandidate, boolean>();
  for (const c of candidates) {
    const view = viewIn(base, c, baseCtx);
    views.set(c, view);
    // In a subnet: the component writes its network access (security group, VPC config).
    const placed = c.owned.some((r) =>
      bodyRefs(r.body).some((a) => typeOfAddress(a) === subnetType),
    );
    placedIn.set(c, placed);
    let best:
      | { service: TServiceDefinition; properties: Record<string, TPropertyValue>; fit: number }
      | undefined;
    for (const s of c.services) {
      const probe = serviceProbe(s.id, region, placed);
      if (!probe) continue;
      const properties = recoverProperties(probe, view);
      const fit = fitScore(s, region, properties, view, placed);
      if (!best || fit > best.fit) best = { service: s, properties, fit };
    }
    if (
      !best ||
      best.fit < MIN_FIT ||
      decisions.generic.has(c.primary.address) ||
      namedGeneric(c.primary, best.service, genericAbbreviation)
    ) {
      demoted.push(c);
      continue;
    }
    recovered.push({
      candidate: c,
      id: idFor(c.local, taken),
      service: best.service,
      properties: best.properties,
      fit: best.fit,
      isGroup: best.service.kind === 'network' || best.service.kind === 'subnet',
    });
  }
  for (const c of demoted) for (const r of c.owned) owner.delete(r.address);

  // Placement: the subnets (or network) a component's resources point at.
  const byCandidate = new Map(recovered.map((r) => [r.candidate, r]));
  const recoveredAt = (address: string) => {
    const c = owner.get(address);
    return c ? byCandidate.get(c) : undefined;
  };
  const connections: TConnection[] = [];
  const placement = new Map<TRecovered, TRecovered>();
  const placedSubnets = new Map<TRecovered, TRecovered[]>();
  const inNetworkOnly = new Map<TRecovered, TRecovered[]>();
  for (const r of recovered) {
    const refs = r.candidate.owned.flatMap((x) => bodyRefs(x.body)).map(recoveredAt);
    const groups = [...new Set(refs.filter((t): t is TRecovered => !!t && t !== r && t.isGroup))];
    const wanted =
      r.service.kind === 'subnet'
        ? 'network'
        : r.service.placement === 'network'
          ? 'network'
          : r.service.placement === 'subnet' || r.service.placement === 'optional-subnet'
            ? 'subnet'
            : undefined;
    const fitting = groups.filter((g) => g.service.kind === wanted);
    if (fitting[0]) placement.set(r, fitting[0]);
    placedSubnets.set(r, fitting.slice(1));
    if (!fitting[0] && r.service.placement === 'subnet') inNetworkOnly.set(r, groups);
  }
  // A service that must sit in a subnet but names only its network (a Memorystore instance's
  // authorized network): the first subnet of that network.
  for (const [r, groups] of inNetworkOnly) {
    const network = groups.find((g) => g.service.kind === 'network');
    const subnet = recovered.find(
      (g) => g.service.kind === 'subnet' && placement.get(g) === network,
    );
    if (network && subnet) placement.set(r, subnet);
  }

  // Connections: for each pair wired together, the connection whose forward build writes it.
  const pairs = new Map<string, [TRecovered, TRecovered]>();
  for (const r of recovered) {
    for (const x of r.candidate.owned)
      for (const a of bodyRefs(x.body)) {
        const t = recoveredAt(a);
        // Groups reach each other by nesting; a component its groups by placement (above).
        if (!t || t === r || (t.isGroup && r.isGroup)) continue;
        if (placement.get(r) === t || placement.get(t) === r) continue;
        if ((placedSubnets.get(r) ?? []).includes(t)) continue;
        const [p, q] = r.id < t.id ? [r, t] : [t, r];
        pairs.set(`${p.id} ${q.id}`, [p, q]);
      }
  }
  // Properties that show only through a connection (an alarm's query on its target, a rule's
  // event source): a component its own probe does not explain fully is read again probed
  // connected to each component it is wired to, and keeps what explains it better.
  for (const [p, q] of pairs.values())
    for (const [r, other] of [
      [p, q],
      [q, p],
    ] as const) {
      const placed = placedIn.get(r.candidate) ?? false;
      const local = other.candidate.local;
      const view = asPeer(views.get(r.candidate)!, local);
      for (const type of ['data', 'traffic'] as const)
        for (const outgoing of [true, false]) {
          const peer = { service: other.service, type, outgoing };
          const probe = serviceProbe(r.service.id, region, placed, peer);
          if (!probe) continue;
          const properties = recoverProperties(probe, view);
          const fit = fitScore(r.service, region, properties, view, placed, peer);
          // Better than what was read alone (unless that explained all it writes: an event
          // bus's source shows only in the rules its connections add), and than the same
          // properties read connected.
          if (r.fit < 1 && fit <= r.fit) continue;
          if (fit <= fitScore(r.service, region, r.properties, view, placed, peer)) continue;
          r.properties = properties;
          r.fit = fit;
          r.peer = peer;
          r.peerLocal = local;
        }
    }

  // Per-environment values: a property that differs in another environment is an override.
  const environments = config.environments.map((e, i) => {
    const overrides: Record<string, Record<string, TPropertyValue>> = {};
    if (i > 0) {
      const instance = instances[i]!;
      const ctx = ctxFor(instance);
      for (const r of recovered) {
        const probe = serviceProbe(r.service.id, region, placedIn.get(r.candidate), r.peer)!;
        const view = viewIn(instance, r.candidate, ctx);
        const props = recoverProperties(probe, r.peerLocal ? asPeer(view, r.peerLocal) : view);
        const diff: Record<string, TPropertyValue> = {};
        for (const p of r.service.properties) {
          const here = props[p.key] ?? p.default;
          const there = r.properties[p.key] ?? p.default;
          if (JSON.stringify(here) !== JSON.stringify(there)) diff[p.key] = here;
        }
        if (Object.keys(diff).length > 0) overrides[r.id] = diff;
      }
    }
    return {
      name:
        e.name
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
          .slice(0, 10) || `env${i + 1}`,
      overrides,
    };
  });

  const connectable = (r: TRecovered) => ({
    id: r.id,
    local: r.candidate.local,
    service: r.service,
    view: views.get(r.candidate)!,
    name: nameFor(r.id),
    properties: r.properties,
    placed: placedIn.get(r.candidate) ?? false,
  });
  for (const [p, q] of pairs.values()) {
    const choice = chooseConnection(connectable(p), connectable(q), region);
    if (choice) connections.push(choice);
  }
  // More subnets than the one it sits in: a placement connection where its build writes one.
  for (const [r, extra] of placedSubnets)
    for (const g of extra) {
      const choice = chooseConnection(connectable(r), connectable(g), region, true);
      if (choice) connections.push(choice);
    }

  // Generic components: resources no component explains.
  const designTags = designTagsOf(base, cloud);
  const componentAt = new Map<string, string>();
  for (const r of recovered) componentAt.set(r.candidate.primary.address, r.id);
  const setup = setupAddresses(cloud, region);
  const isSetup = (x: TImportedResource) => setup.has(x.address.replace(/^(module\.[^.]+\.)+/, ''));
  const leftovers = base.resources.filter(
    (x) => !owner.has(x.address) && !isSetup(x) && !decisions.rewritten.has(x.address),
  );
  for (const x of base.resources)
    if (decisions.rewritten.has(x.address))
      warnings.push({
        file: x.file,
        line: x.line,
        message: `${x.address}: written again by the design's components under the same name`,
      });
  const generic: Record<string, unknown>[] = [];
  const genericAddress = new Map<string, string>();
  for (const x of leftovers)
    if (x.mode === 'resource' && x.type.startsWith(prefix))
      componentAt.set(x.address, idFor(x.name, taken));
  for (const x of leftovers) {
    if (x.mode === 'data') {
      unconverted.push({
        file: x.file,
        line: x.line,
        kind: 'data',
        name: x.address,
        reason:
          'a data source reads something outside the configuration; the design has no place for it',
        text: x.text,
      });
      continue;
    }
    if (!x.type.startsWith(prefix)) {
      unconverted.push({
        file: x.file,
        line: x.line,
        kind: 'resource',
        name: x.address,
        reason: `not a resource of the ${cloud} provider (a design holds one cloud's resources)`,
        text: x.text,
      });
      continue;
    }
    const id = componentAt.get(x.address)!;
    const schema = resourceSchema(TF_PROVIDER[cloud], x.type);
    const isSecret = (path: readonly string[]) => {
      let block = schema;
      for (const name of path.slice(0, -1)) block = block?.b?.[name];
      const last = path[path.length - 1]!;
      return hasFlag(block, last, 'S') || hasFlag(block, last, 'W');
    };
    const args = genericArguments(
      x,
      isSecret,
      { componentAt: (a) => componentAt.get(a) },
      designTags,
    );
    for (const d of args.dropped)
      unconverted.push({
        file: x.file,
        line: x.line,
        kind: 'expression',
        name: `${x.address}.${d.path}`,
        reason:
          'the expression refers to something a generic component cannot reference; set it on the board',
        text: `${d.path} = ${d.text}`,
      });
    warnings.push({
      file: x.file,
      line: x.line,
      message: `${x.address}: kept as a generic ${cloud} resource "${id}"`,
    });
    genericAddress.set(id, x.address);
    generic.push({
      id,
      service: genericServiceId(cloud),
      name: nameFor(id),
      properties: {},
      resource: { type: x.type, arguments: args.arguments },
    });
  }
  for (const x of base.resources) {
    if (x.repeated && x.mode === 'resource' && x.type.startsWith(prefix))
      warnings.push({
        file: x.file,
        line: x.line,
        message: `${x.address}: ${x.repeated} — the design holds one instance`,
      });
  }
  // Companions named otherwise than the engine names them: say which component took them.
  for (const r of recovered) {
    const local = r.candidate.primary.name;
    for (const x of r.candidate.owned) {
      if (x === r.candidate.primary || x.name === local || x.name.startsWith(`${local}_`)) continue;
      warnings.push({
        file: x.file,
        line: x.line,
        message: `${x.address}: read as part of ${r.id} (${r.service.name}), which writes it again`,
      });
    }
  }

  const groups = recovered
    .filter((r) => r.isGroup)
    .map((r) => ({
      id: r.id,
      service: r.service.id,
      name: nameFor(r.id),
      ...(placement.get(r) ? { parent: placement.get(r)!.id } : {}),
      properties: r.properties,
    }));
  const components = [
    ...recovered
      .filter((r) => !r.isGroup)
      .map((r) => ({
        id: r.id,
        service: r.service.id,
        name: nameFor(r.id),
        ...(placement.get(r) ? { group: placement.get(r)!.id } : {}),
        properties: r.properties,
      })),
    ...generic,
  ];
  const rootDir = config.environments[0]?.root ?? '';
  const read = ZDesignV2.parse({
    v: 2,
    name:
      options.name ??
      (rootDir
        .split('/')
        .filter((p) => p && p !== 'envs')
        .pop() ||
        'imported'),
    provider: cloud,
    region,
    environments,
    tags: Object.fromEntries(designTags),
    groups,
    components,
    connections,
  });
  const kindOf = new Map(recovered.map((r) => [r.id, r.service.kind]));
  const viewOfId = new Map(recovered.map((r) => [r.id, views.get(r.candidate)!]));
  const design = withoutImplied(
    read,
    (id) => kindOf.get(id),
    (id) => viewOfId.get(id),
  );
  const primaryOfId = new Map(recovered.map((r) => [r.id, r.candidate.primary.address]));
  const byAddress = new Map(base.resources.map((x) => [x.address, x]));
  const sourceOfId = new Map<string, TImportedResource>([
    ...recovered.map((r): [string, TImportedResource] => [r.id, r.candidate.primary]),
    ...[...componentAt]
      .filter(([a]) => byAddress.has(a))
      .map(([a, id]): [string, TImportedResource] => [id, byAddress.get(a)!]),
  ]);
  const primaries = new Map(
    recovered.map((r) => [
      `${r.candidate.primary.type}.${r.candidate.local}`,
      r.candidate.primary.address,
    ]),
  );
  // Usually valid as read: one build tells the companions and data sources it writes.
  // A generic component's resource is written under its id (`privatelink-x` → `privatelink_x`).
  const generics = new Map(
    generic.map((g) => {
      const { type } = g['resource'] as { type: string };
      const id = g['id'] as string;
      return [`${type}.${id.replace(/-/g, '_')}`, genericAddress.get(id)!];
    }),
  );
  let built = forwardBuild(design, primaries, generics);
  let checked = design;
  let refused: string | undefined;
  if (!built.valid && !built.clash) {
    ({ design: checked, refused } = validated(design, warnings, unconverted, {
      primaryOf: (id) => primaryOfId.get(id),
      sourceOf: (id) => sourceOfId.get(id),
    }));
    if (!refused) built = forwardBuild(checked, primaries, generics);
  }
  // Data sources the design's own code reads again (the account, the zones) are not lost.
  const rewritten = built.forward?.data ?? new Set<string>();
  const kept = unconverted.filter(
    (u) => u.kind !== 'data' || !rewritten.has(u.name.replace(/^(module\.[^.]+\.)+/, '')),
  );
  return {
    output: {
      files: [{ path: 'design.json', content: `${JSON.stringify(checked, null, 2)}\n` }],
      design: checked,
      warnings,
      unconverted: kept,
    },
    design,
    primaries,
    owned: recovered.map((r) => ({
      id: r.id,
      local: r.candidate.primary.name,
      resources: r.candidate.owned,
    })),
    ...(refused ? { refused } : {}),
    ...(built.clash ? { clash: built.clash } : {}),
    ...(built.rewrites ? { rewrites: built.rewrites } : {}),
    ...(built.forward ? { forward: built.forward } : {}),
  };
}

/**
 * Connections to a key that the others already imply (a function reading a queue encrypted
 * with the key may decrypt with it): without them the build writes the two ends at least as
 * close to what was read, so the Terraform does not say they were drawn.
 */
function withoutImplied(
  design: TDesign,
  kindOf: (id: string) => string | undefined,
  viewOfId: (id: string) => TView | undefined,
): TDesign {
  // Only where another path leads there: from → something → the key.
  const via = (from: string, to: string) =>
    design.connections.some(
      (x) =>
        x.from === from &&
        x.to !== to &&
        design.connections.some((y) => y.from === x.to && y.to === to),
    );
  const toKeys = design.connections.filter(
    (c) => c.type === 'data' && kindOf(c.to) === 'kms' && via(c.from, c.to),
  );
  if (toKeys.length === 0) return design;
  /** Entries that differ between what the build writes and what was read. */
  const off = (built: TView, id: string) => {
    const read = viewOfId(id);
    if (!read) return Number.POSITIVE_INFINITY;
    let n = 0;
    for (const [k, e] of built) if (read.get(k)?.c !== e.c) n++;
    for (const k of read.keys()) if (!built.has(k)) n++;
    return n;
  };
  const same = (a: TView, b: TView, id: string) => off(b, id) <= off(a, id);
  let current = design;
  let full = buildDesign(current);
  for (const c of toKeys) {
    if (!full) return current;
    const less = { ...current, connections: current.connections.filter((x) => x !== c) };
    const built = buildDesign(less);
    if (!built) continue;
    if (
      same(builtView(full, c.from), builtView(built, c.from), c.from) &&
      same(builtView(full, c.to), builtView(built, c.to), c.to)
    ) {
      current = less;
      full = built;
    }
  }
  return current;
}

/** The design must validate: components the engine refuses become warnings, not a broken design. */
function validated(
  design: TDesign,
  warnings: TConvertWarning[],
  unconverted: TUnconverted[],
  lookup: {
    /** The main resource's address of a catalog component. */
    readonly primaryOf: (id: string) => string | undefined;
    /** The resource a component was read from (its file and line). */
    readonly sourceOf: (id: string) => TImportedResource | undefined;
  },
): { design: TDesign; refused?: string } {
  const { primaryOf, sourceOf } = lookup;
  const at = (id: string | undefined) => {
    const r = id ? sourceOf(id) : undefined;
    return r ? { file: r.file, line: r.line } : { file: '', line: 1 };
  };
  let current = design;
  for (let round = 0; round < 200; round++) {
    const prepared = prepareParsedDesign(current);
    if (prepared.ok) return { design: current };
    const error = prepared.issues.find((i) => i.severity === 'error');
    if (!error) return { design: current };
    const env = /^environments\[(\d+)\]\.overrides\.([a-z0-9-]+)/.exec(error.path);
    if (error.path === 'environments' || env) {
      // A value read differently per environment that the engine cannot vary: the base value stays.
      warnings.push({
        ...at(env?.[2]),
        message: `${error.message} (per-environment values left out)`,
      });
      current = {
        ...current,
        environments: current.environments.map((e, i) => ({
          ...e,
          overrides:
            env && Number(env[1]) !== i
              ? e.overrides
              : env
                ? Object.fromEntries(Object.entries(e.overrides).filter(([k]) => k !== env[2]))
                : {},
        })),
      };
      continue;
    }
    const m = /^(components|groups|connections)\[(\d+)\]/.exec(error.path);
    if (!m)
      throw new ConvertError(
        `the imported design does not validate: ${error.path}: ${error.message}`,
      );
    const index = Number(m[2]);
    const node =
      m[1] === 'components'
        ? current.components[index]
        : m[1] === 'groups'
          ? current.groups[index]
          : undefined;
    const primary = node ? primaryOf(node.id) : undefined;
    // A catalog component the engine refuses is read again as generic resources: nothing lost.
    if (primary) return { design: current, refused: primary };
    const source = m[1] === 'connections' ? current.connections[index]?.from : node?.id;
    const origin = node ? sourceOf(node.id) : undefined;
    if (origin && m[1] === 'components') {
      // A generic resource the design cannot hold: listed with its text, not dropped.
      unconverted.push({
        file: origin.file,
        line: origin.line,
        kind: 'resource',
        name: origin.address,
        reason: error.message,
        text: origin.text,
      });
    } else {
      warnings.push({
        ...at(source),
        message: `${error.path}: ${error.message} (left out of the design)`,
      });
    }
    if (m[1] === 'connections')
      current = { ...current, connections: current.connections.filter((_, i) => i !== index) };
    else if (m[1] === 'components') {
      const gone = current.components[index]!.id;
      current = {
        ...current,
        components: current.components.filter((_, i) => i !== index),
        connections: current.connections.filter((c) => c.from !== gone && c.to !== gone),
      };
    } else {
      const gone = current.groups[index]!.id;
      current = {
        ...current,
        groups: current.groups.filter((_, i) => i !== index),
        components: current.components.map((c) =>
          c.group === gone ? { ...c, group: undefined } : c,
        ),
      };
    }
  }
  return { design: current };
}

export { buildDesign, canonical, toJson };
