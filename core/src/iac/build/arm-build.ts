import { CLOUD_PROFILES } from '../catalog/registry';
import type { TArmBuildContext, TBuildContextBase } from '../catalog/service';
import type { TResolvedDesign } from '../design/resolve';
import {
  armFn,
  aref,
  atpl,
  isArmExpr,
  mapArm,
  param,
  type TArmExpr,
  type TArmModel,
  type TArmOutput,
  type TArmParameter,
  type TArmResource,
  type TArmValue,
} from '../ir/arm-ir';
import type { TNodeName } from '../naming/naming';
import { appendSuffix, fixName, type TNamePart } from '../naming/resolve';
import { createNameFixer, fixArmName } from '../naming/name-value';
import { ruleFor } from '../naming/rules';
import type { TPropertyValue } from '../types';
import { BuildError, checkOverridesUsed } from './terraform-build';
import { camel } from './camel';
import { createGraph } from './graph';
import { derivedValue } from './arm-derived';
import { normaliseTags } from '../../tags/cloud-rules';
import { oneAtATimeQueues } from './one-at-a-time';

export { camel } from './camel';

export function armName(parts: readonly TNamePart[]): TArmValue {
  const out: (string | TArmExpr)[] = parts.map((p) =>
    typeof p === 'string'
      ? p
      : p.upper
        ? armFn('toUpper', param('environment'))
        : param('environment'),
  );
  return out.every((p) => typeof p === 'string') ? out.join('') : atpl(...out);
}

const armType = (v: TPropertyValue): TArmParameter['type'] =>
  Array.isArray(v)
    ? 'array'
    : typeof v === 'number'
      ? 'int'
      : typeof v === 'boolean'
        ? 'bool'
        : 'string';

/**
 * Runs every node's ARM builder (Azure only): the model both Bicep and ARM print. `only`: a dry
 * build of these nodes alone, as buildTerraform's.
 */
export function buildArm(
  resolved: TResolvedDesign,
  names: ReadonlyMap<string, TNodeName>,
  only?: ReadonlySet<string>,
): TArmModel {
  const { design } = resolved;
  const graph = createGraph(resolved);
  const envs = design.environments.map((e) => e.name);
  const sep = design.naming.separator || '-';
  const longestEnv = Math.max(...design.environments.map((e) => e.name.length));
  const nameFixer = createNameFixer(longestEnv);
  const resources: TArmResource[] = [];
  // Shared resources (one private DNS zone per service type) are looked up by symbol.
  const bySymbol = new Map<string, TArmResource>();
  const symbols = new Set<string>();
  let parameters = new Map<string, TArmParameter>();
  const outputs: TArmOutput[] = [];
  // Parameters of per-environment properties (`prop`), and where they moved: Bicep has one
  // namespace for parameters and resources, and a property naming a child resource (a storage
  // account's `container`) would take the child's symbol (`uploadsContainer`).
  const propParameters = new Set<string>();
  const moved = new Map<string, string>();
  const movedName = (name: string) => `${name}Name`;
  const oneAtATime = oneAtATimeQueues();
  const addParameter = (p: TArmParameter): TArmValue => {
    const existing = parameters.get(p.name);
    if (existing && JSON.stringify(existing) !== JSON.stringify(p)) {
      throw new BuildError(`parameter ${p.name} declared twice with different definitions`);
    }
    parameters.set(p.name, p);
    return param(p.name);
  };
  addParameter({
    name: 'location',
    type: 'string',
    description: 'Location of every resource.',
    default: armFn('resourceGroupLocation'),
  });
  addParameter({
    name: 'environment',
    type: 'string',
    description: 'Environment name.',
    default: envs[0] ?? 'dev',
    allowed: envs,
    perEnv: Object.fromEntries(envs.map((e) => [e, e])),
  });
  if (CLOUD_PROFILES[design.provider].cloud !== 'azure')
    throw new BuildError('Bicep and ARM are generated for Azure designs');

  // A node's primary resource, for references from generic components (see TArmBuildContext).
  const firstOf = new Map<string, string>();
  const preferredOf = new Map<string, string>();
  let hasPrimaryRefs = false;

  for (const node of resolved.nodes) {
    if (only && !only.has(node.id)) continue;
    const build = node.service.arm;
    if (!build) throw new BuildError(`${node.service.name} has no Bicep/ARM builder yet`);
    const nodeName = names.get(node.id)!;
    const base = camel(node.local);
    const emitted = new Set<string>();
    // Added onto the graph's context object (see buildTerraform: no properties after a spread).
    const own: Omit<TArmBuildContext, keyof TBuildContextBase> = {
      symbol: (n, suffix = '') => camel(n.local) + suffix,
      primary: (n, path) => {
        hasPrimaryRefs = true;
        return aref(`${PRIMARY}${n.id}`, path);
      },
      name: (suffix, rule) => {
        // Companions start from the unfixed parts; their own type's rule fixes them on push.
        const parts = suffix ? appendSuffix(nodeName.source, sep, suffix) : nodeName.parts;
        return armName(rule ? fixName(parts, ruleFor(rule), longestEnv) : parts);
      },
      tags: () => ({
        ...normaliseTags('azure', { ...design.tags, ...node.tags }),
        environment: param('environment'),
        'managed-by': 'stratum',
      }),
      prop: (key, map) => {
        const raw = node.properties[key];
        if (raw === undefined) throw new BuildError(`${node.service.id} has no property ${key}`);
        emitted.add(key);
        const varying = envs.some((e) => node.overrides[e]?.[key] !== undefined);
        if (!varying) {
          const value = map ? map(raw) : raw;
          return Array.isArray(value) ? [...value] : value;
        }
        // One parameter per property; mapped uses are expressions of it (arm-derived.ts).
        const perEnv = envs.map((e) => node.overrides[e]?.[key] ?? raw);
        const own = `${base}${key[0]!.toUpperCase()}${key.slice(1)}`;
        const name = moved.get(own) ?? (symbols.has(own) ? movedName(own) : own);
        propParameters.add(name);
        const source = addParameter({
          name,
          type: armType(raw),
          description: `${node.service.name} ${node.name}: ${key} per environment.`,
          default: Array.isArray(raw) ? [...raw] : raw,
          perEnv: Object.fromEntries(
            envs.map((e, i) => {
              const v = perEnv[i]!;
              return [e, Array.isArray(v) ? v.join(',') : v];
            }),
          ),
        }) as TArmExpr;
        if (!map) return source;
        const definition = node.service.properties.find((p) => p.key === key);
        return derivedValue(source, definition, perEnv, map);
      },
      resource: ({ shared, ...r }) => {
        const first = shared ? bySymbol.get(r.symbol) : undefined;
        if (shared && first && first.type === r.type) return r.symbol;
        const isPropParameter = propParameters.has(r.symbol) && !moved.has(r.symbol);
        if (
          symbols.has(r.symbol) ||
          (parameters.has(r.symbol) && !isPropParameter) ||
          (isPropParameter && parameters.has(movedName(r.symbol)))
        ) {
          throw new BuildError(
            `two resources would be named ${r.symbol}; rename one of the components`,
          );
        }
        if (isPropParameter) {
          // The property's parameter came first: it moves (in place), references follow at the end.
          const to = movedName(r.symbol);
          moved.set(r.symbol, to);
          propParameters.add(to);
          parameters = new Map(
            [...parameters].map(([n, p]) => (n === r.symbol ? [to, { ...p, name: to }] : [n, p])),
          );
        }
        symbols.add(r.symbol);
        // The name obeys its own type's rule, whatever the builder composed.
        const name = fixArmName(nameFixer, r, r.name);
        if (!firstOf.has(node.id)) firstOf.set(node.id, r.symbol);
        if (r.type === node.service.emits.arm?.[0]?.type) {
          if (r.symbol === base || !preferredOf.has(node.id)) preferredOf.set(node.id, r.symbol);
        }
        const pushed = { ...r, name, node: node.id, kind: node.service.kind };
        resources.push(pushed);
        bySymbol.set(r.symbol, pushed);
        return r.symbol;
      },
      parameter: addParameter,
      oneAtATime,
      output: (name, description, value, type = 'string') =>
        outputs.push({
          name: `${base}${name[0]!.toUpperCase()}${name.slice(1)}`,
          type,
          description,
          value,
          node: node.id,
          kind: node.service.kind,
        }),
    };
    const ctx: TArmBuildContext = Object.assign(graph.contextFor(node), own);
    build(ctx);
    checkOverridesUsed(node, emitted);
  }
  if ((!hasPrimaryRefs && moved.size === 0) || only)
    return { parameters: [...parameters.values()], resources, outputs };
  const resolve = (v: TArmValue): TArmValue =>
    mapArm(v, (e) => {
      if (!isArmExpr(e)) return undefined;
      if (e.$ === 'param') {
        const to = moved.get(e.name);
        return to ? param(to) : e;
      }
      if (e.$ !== 'aref' || !e.symbol.startsWith(PRIMARY)) return undefined;
      const id = e.symbol.slice(PRIMARY.length);
      const symbol = preferredOf.get(id) ?? firstOf.get(id);
      if (!symbol) throw new BuildError(`a reference points at "${id}", which emits no resource`);
      return aref(symbol, e.path);
    });
  return {
    parameters: [...parameters.values()],
    resources: resources.map((r) => ({
      ...r,
      name: resolve(r.name),
      body: resolve(r.body) as TArmResource['body'],
    })),
    outputs: outputs.map((o) => ({ ...o, value: resolve(o.value) })),
  };
}

/** Symbol prefix of a reference to a node's primary resource, resolved after every build. */
const PRIMARY = '@primary:';
