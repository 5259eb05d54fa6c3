import type { TGraph, TGraphEdge, TGraphNode } from '../contract/cmdb/graph';
import type { TImportWarning } from '../contract/inventory/model';
import { splitAddress } from '../costing/tfplan/address';
import { cloudOfResourceTypeName } from './clouds';
import type { TInventoryInstance, TParsedSource } from './model';
import { armParentId } from './arm';
import { plural, WarningSink } from './warnings';

interface TModuleStep {
  name: string;
  key: string | null;
}

/** A dependency or reference target: a resource or a whole module, with keys where written. */
interface TTarget {
  modules: TModuleStep[];
  kind: 'resource' | 'data' | 'module';
  type: string;
  name: string;
  key: string | null;
}

/** `module.a.aws_s3_bucket.this`, `module.a["k"].data.x.y[0]`, `module.b` → their parts; null when unreadable. */
export function parseTarget(address: string): TTarget | null {
  const steps = splitAddress(address);
  if (!steps) return null;
  const modules: TModuleStep[] = [];
  let i = 0;
  while (steps[i]?.name === 'module' && steps[i]?.key === null && steps[i + 1]) {
    const step = steps[i + 1];
    if (step) modules.push({ name: step.name, key: step.key });
    i += 2;
  }
  const rest = steps.slice(i);
  if (rest.length === 0) {
    const last = modules[modules.length - 1];
    return last ? { modules, kind: 'module', type: 'module', name: last.name, key: null } : null;
  }
  const isData = rest[0]?.name === 'data' && rest[0]?.key === null;
  const [typeStep, nameStep] = isData ? rest.slice(1) : rest;
  if (!typeStep || !nameStep || typeStep.key !== null) return null;
  return {
    modules,
    kind: isData ? 'data' : 'resource',
    type: typeStep.name,
    name: nameStep.name,
    key: nameStep.key,
  };
}

const configPath = (modules: readonly TModuleStep[]) =>
  modules.map((m) => `module.${m.name}`).join('.');

interface TResolver {
  /** The instances by address, first one kept when a file repeats one. */
  byAddress: ReadonlyMap<string, TInventoryInstance>;
  /** The instances a target names, seen from a dependent's module instance; null when absent. */
  resolve: (fromModule: string | null, target: string) => readonly TInventoryInstance[] | null;
}

/**
 * How dependencies and references find their targets. A target without a key names every
 * instance of it (a module: every instance inside it); seen from inside the same module
 * instance, only that module instance's. Answers are cached per (module instance, target): every
 * instance of a counted block asks the same question.
 */
function createResolver(instances: readonly TInventoryInstance[]): TResolver {
  const byAddress = new Map<string, TInventoryInstance>();
  const byConfig = new Map<string, TInventoryInstance[]>();
  const byModulePath = new Map<string, TInventoryInstance[]>();
  const moduleSteps = new Map<string, TModuleStep[]>();

  const stepsOf = (module: string | null): TModuleStep[] => {
    if (!module) return [];
    let steps = moduleSteps.get(module);
    if (!steps) {
      const parsedSteps = parseTarget(module);
      steps = parsedSteps?.kind === 'module' ? parsedSteps.modules : [];
      moduleSteps.set(module, steps);
    }
    return steps;
  };
  const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };

  for (const instance of instances) {
    if (byAddress.has(instance.address)) continue;
    byAddress.set(instance.address, instance);
    const steps = stepsOf(instance.module);
    const local = `${instance.mode === 'data' ? 'data.' : ''}${instance.type}.${instance.name}`;
    push(byConfig, `${configPath(steps)}|${local}`, instance);
    for (let depth = 1; depth <= steps.length; depth += 1) {
      push(byModulePath, configPath(steps.slice(0, depth)), instance);
    }
  }

  const ownKey = (instance: TInventoryInstance): string | null => {
    const steps = splitAddress(instance.address);
    return steps?.[steps.length - 1]?.key ?? null;
  };

  const cache = new Map<string, TInventoryInstance[] | null>();
  const resolve = (fromModule: string | null, target: string): TInventoryInstance[] | null => {
    const cacheKey = `${fromModule ?? ''}\u0000${target}`;
    const cached = cache.get(cacheKey);
    if (cached !== undefined) return cached;
    let result: TInventoryInstance[] | null = null;
    const exact = byAddress.get(target);
    if (exact) result = [exact];
    const t = exact ? null : parseTarget(target);
    if (t) {
      const path = configPath(t.modules);
      const candidates =
        t.kind === 'module'
          ? (byModulePath.get(path) ?? [])
          : (byConfig.get(`${path}|${t.kind === 'data' ? 'data.' : ''}${t.type}.${t.name}`) ?? []);
      const from = stepsOf(fromModule);
      let shared = 0;
      while (
        shared < from.length &&
        shared < t.modules.length &&
        from[shared]?.name === t.modules[shared]?.name
      ) {
        shared += 1;
      }
      const matches = candidates.filter((c) => {
        const steps = stepsOf(c.module);
        for (let j = 0; j < t.modules.length; j += 1) {
          const wanted = t.modules[j]?.key ?? (j < shared ? (from[j]?.key ?? null) : undefined);
          if (wanted !== undefined && steps[j]?.key !== wanted) return false;
        }
        return t.key === null || ownKey(c) === t.key;
      });
      result = matches.length > 0 ? matches : null;
    }
    cache.set(cacheKey, result);
    return result;
  };
  return { byAddress, resolve };
}

const missingMessage = (n: number) =>
  `${plural(n, 'dependency target is', 'dependency targets are')} not in this source (a count = 0 or empty for_each block, a trimmed file, another state): each is shown as one external node.`;

/** The import's warning about dependency and reference targets the file does not hold. */
export function dependencyWarnings(parsed: Pick<TParsedSource, 'instances'>): TImportWarning[] {
  const warnings = new WarningSink();
  const { byAddress, resolve } = createResolver(parsed.instances);
  for (const instance of byAddress.values()) {
    for (const target of [...instance.dependencies, ...instance.references]) {
      if (!resolve(instance.module, target))
        warnings.add('dependency-missing', missingMessage, target);
    }
  }
  return warnings.list();
}

/**
 * The CMDB graph of one source. Edges run from the dependent to what it depends on: state
 * `dependencies` (kind `dependency`), plan `configuration` references and `depends_on` (kind
 * `reference`), and for Azure what-if the resource a child resource belongs to (kind `owner`).
 * A target not in the source becomes one external node and a counted warning. No edge is
 * repeated and none loops on its node.
 */
export function buildGraph(parsed: TParsedSource, options: { idPrefix: string }): TGraph {
  const { idPrefix } = options;
  const warnings = new WarningSink();
  const { byAddress, resolve } = createResolver(parsed.instances);
  const nodes: TGraphNode[] = [];
  const idOf = new Map<TInventoryInstance, string>();
  for (const instance of byAddress.values()) {
    const id = `${idPrefix}${instance.address}`;
    idOf.set(instance, id);
    nodes.push({
      id,
      address: instance.address,
      type: instance.type,
      provider: instance.provider,
      module: instance.module,
      external: false,
      mode: instance.mode,
      cloud: instance.cloud,
      assetId: null,
    });
  }

  // Azure ids are case-insensitive: a child finds its parent whatever the case.
  const byLowerId =
    parsed.kind === 'whatif'
      ? new Map([...byAddress].reverse().map(([a, i]) => [a.toLowerCase(), i]))
      : null;
  const edges: TGraphEdge[] = [];
  const externals = new Map<string, string>();
  for (const instance of byAddress.values()) {
    const from = idOf.get(instance) ?? '';
    // Duplicates can only come from the same dependent: dedupe per node, not over all edges.
    const linked = new Set<string>([from]);
    const add = (to: string, kind: TGraphEdge['kind']) => {
      if (linked.has(to)) return;
      linked.add(to);
      edges.push({ from, to, kind });
    };
    const link = (target: string, kind: 'dependency' | 'reference') => {
      const found = resolve(instance.module, target);
      if (found) {
        for (const t of found) add(idOf.get(t) ?? '', kind);
        return;
      }
      let id = externals.get(target);
      if (id === undefined) {
        id = `${idPrefix}${target}`;
        externals.set(target, id);
        nodes.push(externalNode(id, target));
        warnings.add('dependency-missing', missingMessage, target);
      }
      add(id, kind);
    };
    for (const dependency of instance.dependencies) link(dependency, 'dependency');
    for (const reference of instance.references) link(reference, 'reference');
    const parent = byLowerId ? armParentId(instance.address) : null;
    const owner = parent ? byLowerId?.get(parent.toLowerCase()) : undefined;
    if (owner) add(idOf.get(owner) ?? '', 'owner');
  }
  return { nodes, edges, warnings: warnings.list() };
}

function externalNode(id: string, target: string): TGraphNode {
  const t = parseTarget(target);
  const modules = t?.modules ?? [];
  const module =
    t && (t.kind === 'module' ? modules.length > 1 : modules.length > 0)
      ? (t.kind === 'module' ? modules.slice(0, -1) : modules)
          .map((m) => `module.${m.name}${m.key === null ? '' : `[${m.key}]`}`)
          .join('.')
      : null;
  const type = t?.type ?? 'unknown';
  return {
    id,
    address: target,
    type,
    provider: null,
    module,
    external: true,
    mode: t?.kind === 'data' ? 'data' : 'managed',
    cloud: t && t.kind !== 'module' ? cloudOfResourceTypeName(type) : null,
    assetId: null,
  };
}
