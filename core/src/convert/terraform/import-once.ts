import { servicesOf } from '../../iac/catalog/registry';
import type { TServiceDefinition } from '../../iac/catalog/service';
import { ZDesignV2, type TConnection, type TDesign } from '../../iac/design/schema-v2';
import type { TCloud } from '../../iac/types';
import type { TConvertOutput, TConvertWarning, TUnconverted } from '../types';
import { forwardBuild, validated, withoutImplied, type TForward } from './checks';
import { nameFor, recoverComponents, type TRecovered } from './components';
import { chooseConnection, viasFrom, type TConnectionRead } from './connections';
import { grantAt, grantConnections, placedBy } from './grants';
import type { TImportedResource, TInstance } from './instantiate';
import { readLayout, readStateBackend } from './backend';
import { regionOf } from './region';
import { orderAsWritten } from './connection-order';
import { settleEnvironments } from './environments';
import { readRecoveredEnvironment } from './environment-read';
import { designTagsOf, genericComponents } from './leftovers';
import { ownTagsOf } from './component-tags';
import { resetDerived } from './derived-values';
import { nameIn, recoverNaming } from './names';
import { chooseName, namesFromOutputs } from './output-names';
import type { TConfiguration } from './load';
import { bodyRefs, findCandidates, type TCandidate } from './ownership';
import { placementConnections } from './placements';
import { serviceProbe } from './probe';
import { viewOf, type TView, type TViewContext } from './view';

export interface TTerraformImportOptions {
  /** The cloud of the input when its resource types do not say (default: the most common prefix). */
  readonly provider?: TCloud;
  /** The design's name (default: the root folder's name, else "imported"). */
  readonly name?: string;
}

/** What one reading of the upload takes as given from the readings before (see import.ts). */
export interface TDecisions {
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

const textOf = new WeakMap<TView, string>();
/** Whether a value of the view holds `name` as a quoted text (`tags = ["iap-ssh"]`). */
function namesIn(view: TView, name: string): boolean {
  let text = textOf.get(view);
  if (text === undefined) {
    text = [...view.values()].map((e) => e.c).join('\n');
    textOf.set(view, text);
  }
  return text.includes(`"${name}"`);
}

/** One reading of the upload as a design, with what tells whether to read it again. */
export function importOnce(
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
  const warnings: TConvertWarning[] = [...base.warnings];
  const unconverted: TUnconverted[] = [...config.unconverted, ...base.unconverted];
  const region = regionOf(base, cloud);

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

  const { recovered, taken, views, placedIn, placement, placedSubnets, pairs } = recoverComponents({
    base,
    cloud,
    region,
    candidates,
    owner,
    generic: decisions.generic,
    viewIn,
    baseCtx,
  });
  const connections: TConnection[] = [];
  // Names: the design's naming convention and each component's, where the code shows them.
  const naming = recoverNaming(
    recovered.map((r) => ({
      id: r.id,
      primary: r.candidate.primary,
      abbreviation: r.service.naming.abbreviation,
      owned: r.candidate.owned,
      probed: serviceProbe(r.service.id, region)?.base,
    })),
    region,
  );
  // Names the engine shortened or wrote in no name (a DNS zone): from its outputs' descriptions.
  const fromOutputs = naming
    ? namesFromOutputs(config, recovered, region)
    : new Map<string, string>();
  const nameOf = (id: string) =>
    chooseName(naming?.names.get(id), fromOutputs.get(id)) ?? nameFor(id);

  // Per-environment values: each environment read on its own; the base is settled across them.
  const names = config.environments.map(
    (e, i) =>
      e.name
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')
        .slice(0, 10) || `env${i + 1}`,
  );
  const settled = settleEnvironments(
    recovered.map((r) => ({
      id: r.id,
      service: r.service,
      perEnvironment: instances.map((instance, i) => {
        if (i === 0) return r.properties;
        const probe = serviceProbe(r.service.id, region, placedIn.get(r.candidate), r.peer)!;
        const view = viewIn(instance, r.candidate, ctxFor(instance));
        const placed = placedIn.get(r.candidate) ?? false;
        return readRecoveredEnvironment(
          r,
          probe,
          { view, baseView: views.get(r.candidate)! },
          { region, placed },
        );
      }),
    })),
    instances.length,
    names,
  );
  const environments = names.map((name, i) => ({
    name,
    overrides: settled.overrides[i] ?? {},
  }));

  // The components each one's resources refer to: a reference read by type is checked by it.
  const idOf = new Map(recovered.map((r) => [r.candidate, r.id]));
  const refersTo = new Map<string, ReadonlySet<string>>();
  for (const r of recovered) {
    const ids = r.candidate.owned.flatMap((x) => bodyRefs(x.body)).map((a) => owner.get(a));
    refersTo.set(r.id, new Set(ids.flatMap((c) => (c && idOf.get(c)) || [])));
  }
  const connectable = (r: TRecovered) => ({
    id: r.id,
    local: r.candidate.local,
    service: r.service,
    view: views.get(r.candidate)!,
    name: nameOf(r.id),
    properties: r.properties,
    placed: placedIn.get(r.candidate) ?? false,
    refers: refersTo.get(r.id)!,
  });
  const unread: [TRecovered, TRecovered][] = [];
  // The clients each queue or topic lists as senders only (catalog/senders.ts), by target id.
  const sendersOf = new Map<string, string[]>();
  const take = (choice: TConnectionRead | undefined): boolean => {
    if (!choice) return false;
    const { sender, ...connection } = choice;
    if (sender) sendersOf.set(choice.to, [...(sendersOf.get(choice.to) ?? []), choice.from]);
    connections.push(connection);
    return true;
  };
  for (const [p, q] of pairs.values())
    if (!take(chooseConnection(connectable(p), connectable(q), region))) unread.push([p, q]);
  // A connection that writes only what its target's own connections give it (a grant to read
  // the password Vault generated for a database connected to it): probed with those.
  const viasOf = viasFrom(connections, new Map(recovered.map((r) => [r.id, connectable(r)])));
  for (const [p, q] of unread)
    take(chooseConnection(connectable(p), connectable(q), region, false, viasOf));
  // More subnets than the one it sits in, in any environment (a count per environment).
  const viewAt = (i: number, c: TCandidate) => viewIn(instances[i]!, c, ctxFor(instances[i]!));
  const placing = { recovered, placement, placedSubnets, instances, owner, settled, region };
  connections.push(...placementConnections({ ...placing, connectable, viewIn: viewAt }));
  // Placement into a firewall no reference shows (GCP network tags: the instance's `tags`, the
  // firewall's `target_tags`): probed where the component's code names the firewall.
  for (const g of recovered.filter((x) => x.service.kind === 'security-group'))
    for (const r of recovered) {
      if (r === g || r.isGroup || !namesIn(views.get(r.candidate)!, nameOf(g.id))) continue;
      if (connections.some((c) => [c.from, c.to].includes(r.id) && [c.from, c.to].includes(g.id)))
        continue;
      const choice = chooseConnection(connectable(r), connectable(g), region, true);
      if (choice) connections.push(choice);
    }
  // Grants that name no target (a project role, a policy statement): the one component they fit.
  const grants = grantConnections({
    components: recovered.filter((r) => !r.isGroup).map(connectable),
    connections,
    region,
    ...placedBy(recovered, placement),
    where: (id, key) => grantAt(recovered, id, key),
  });
  connections.splice(0, connections.length, ...grants.ordered);
  warnings.push(...grants.warnings);
  // Each component's connections in the order its lists were written (policy statements).
  const ends = recovered.filter((r) => !r.isGroup).map(connectable);
  connections.splice(0, connections.length, ...orderAsWritten(connections, ends, region));
  // Connections were read with the first environment's values; the design holds the settled ones.
  for (const r of recovered) r.properties = settled.base.get(r.id) ?? r.properties;
  // Senders by id, of the data connections kept, in the order they were read.
  for (const r of recovered) {
    const senders = (sendersOf.get(r.id) ?? []).filter((from) =>
      connections.some((c) => c.from === from && c.to === r.id && c.type === 'data'),
    );
    if (senders.length > 0) r.properties = { ...r.properties, senders };
  }
  resetDerived(
    recovered.map((r) => ({ ...r, placed: placedIn.get(r.candidate) ?? false })),
    connections,
    region,
  );

  // Generic components: resources no component explains.
  const genericAbbreviation =
    servicesOf(cloud).find((s) => s.kind === 'resource')?.naming.abbreviation ?? 'res';
  const designTags = designTagsOf(base, cloud);
  const { generic, genericAddress, componentAt } = genericComponents({
    base,
    cloud,
    region,
    recovered,
    owner,
    rewritten: decisions.rewritten,
    taken,
    designTags,
    warnings,
    unconverted,
    nameOf: (id, x) =>
      (naming && nameIn(naming, { id, primary: x, abbreviation: genericAbbreviation }, region)) ??
      nameFor(id),
  });

  const groups = recovered
    .filter((r) => r.isGroup)
    .map((r) => ({
      id: r.id,
      service: r.service.id,
      name: nameOf(r.id),
      ...(placement.get(r) ? { parent: placement.get(r)!.id } : {}),
      properties: r.properties,
    }));
  const components = [
    ...recovered
      .filter((r) => !r.isGroup)
      .map((r) => ({
        id: r.id,
        service: r.service.id,
        name: nameOf(r.id),
        ...(placement.get(r) ? { group: placement.get(r)!.id } : {}),
        properties: r.properties,
        ...ownTagsOf(r, cloud, designTags, region),
      })),
    ...generic,
  ];
  const rootDir = config.environments[0]?.root ?? '';
  const state = readStateBackend(config, cloud);
  warnings.push(...state.warnings);
  const read = ZDesignV2.parse({
    v: 2,
    // The state's key prefix is the design's name as the engine writes it (`orders-api/dev/…`).
    name:
      options.name ??
      state.backend?.keyPrefix ??
      (rootDir
        .split('/')
        .filter((p) => p && p !== 'envs' && !environments.some((e) => e.name === p))
        .pop() ||
        'imported'),
    layout: { terraform: readLayout(config), ...(state.backend ? { backend: state.backend } : {}) },
    provider: cloud,
    region,
    environments,
    ...(naming
      ? { naming: { pattern: naming.pattern, org: naming.org, project: naming.project } }
      : {}),
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
  // A generic resource whose id was shortened (`…_com_vn`) clashes with no name, yet the build
  // writes it again under its own (`…_com_vnet`, a private DNS zone's network link) where no
  // component's resource has that name (a second `aws_subnet.s` of a module instance): rewritten.
  const unmodule = (a: string) => a.replace(/^(module\.[^.]+\.)+/, '');
  const ownNames = new Set(
    recovered.flatMap((r) => r.candidate.owned.map((x) => unmodule(x.address))),
  );
  const rewrites =
    built.rewrites ??
    [...genericAddress.values()].find((a) => {
      const local = unmodule(a);
      return !generics.has(local) && !ownNames.has(local) && built.forward?.names.has(local);
    });
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
    ...(rewrites ? { rewrites } : {}),
    ...(built.forward ? { forward: built.forward } : {}),
  };
}
