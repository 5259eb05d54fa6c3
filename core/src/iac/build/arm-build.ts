import { CLOUD_PROFILES } from '../catalog/registry';
import type { TArmBuildContext } from '../catalog/service';
import type { TResolvedDesign } from '../design/resolve';
import {
  armFn,
  atpl,
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
import { ruleFor } from '../naming/rules';
import type { TPropertyValue } from '../types';
import { BuildError, checkOverridesUsed } from './terraform-build';
import { createGraph } from './graph';
import { derivedValue } from './arm-derived';

/** `app-db` -> `appDb`: Bicep symbols and parameter names are camelCase identifiers. */
const camelCache = new Map<string, string>();
export const camel = (s: string): string => {
  let out = camelCache.get(s);
  if (out === undefined) {
    out = s
      .replace(/[-_]+([a-z0-9])/g, (_, c: string) => c.toUpperCase())
      .replace(/[^A-Za-z0-9]/g, '');
    if (camelCache.size < 100_000) camelCache.set(s, out);
  }
  return out;
};

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

/** Runs every node's ARM builder (Azure only): the model both Bicep and ARM print. */
export function buildArm(
  resolved: TResolvedDesign,
  names: ReadonlyMap<string, TNodeName>,
): TArmModel {
  const { design } = resolved;
  const graph = createGraph(resolved);
  const envs = design.environments.map((e) => e.name);
  const sep = design.naming.separator || '-';
  const longestEnv = Math.max(...design.environments.map((e) => e.name.length));
  const resources: TArmResource[] = [];
  const symbols = new Set<string>();
  const parameters = new Map<string, TArmParameter>();
  const outputs: TArmOutput[] = [];
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

  for (const node of resolved.nodes) {
    const build = node.service.arm;
    if (!build) throw new BuildError(`${node.service.name} has no Bicep/ARM builder yet`);
    const nodeName = names.get(node.id)!;
    const base = camel(node.local);
    const emitted = new Set<string>();
    const ctx: TArmBuildContext = {
      ...graph.contextFor(node),
      symbol: (n, suffix = '') => camel(n.local) + suffix,
      name: (suffix, rule) => {
        const parts = suffix ? appendSuffix(nodeName.parts, sep, suffix) : nodeName.parts;
        return armName(rule ? fixName(parts, ruleFor(rule), longestEnv) : parts);
      },
      tags: () => ({ ...design.tags, environment: param('environment'), 'managed-by': 'stratum' }),
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
        const source = addParameter({
          name: `${base}${key[0]!.toUpperCase()}${key.slice(1)}`,
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
        const first = resources.find((x) => x.symbol === r.symbol);
        if (shared && first && first.type === r.type) return r.symbol;
        if (symbols.has(r.symbol) || parameters.has(r.symbol)) {
          throw new BuildError(
            `two resources would be named ${r.symbol}; rename one of the components`,
          );
        }
        symbols.add(r.symbol);
        resources.push({ ...r, node: node.id, kind: node.service.kind });
        return r.symbol;
      },
      parameter: addParameter,
      output: (name, description, value) =>
        outputs.push({
          name: `${base}${name[0]!.toUpperCase()}${name.slice(1)}`,
          type: 'string',
          description,
          value,
          node: node.id,
          kind: node.service.kind,
        }),
    };
    build(ctx);
    checkOverridesUsed(node, emitted);
  }
  return { parameters: [...parameters.values()], resources, outputs };
}
