import { moduleConfigPath, parentModulePath } from './address';
import { configTargets, type TConfigTarget } from './config-targets';
import type { TProviderRef } from './providers';
import { asArray, asRecord, asString } from './values';

/**
 * What a plan's `configuration` tells pricing: the region of the provider configuration each
 * resource uses (a constant, or a variable followed up through module calls to the root
 * `variables`), and which resources an attribute refers to.
 */
export interface TConfigIndex {
  providerRegion(
    moduleAddress: string | null,
    configAddress: string,
    provider: TProviderRef,
  ): string | null;
  references(moduleAddress: string | null, configAddress: string): Record<string, string[]>;
  /**
   * Every block the resource refers to or `depends_on`, without keys, following `var.x` up
   * through module calls and `module.m.out` down into the module's output.
   */
  targets(moduleAddress: string | null, configAddress: string): TConfigTarget[];
}

interface ConfigResource {
  providerConfigKey: string | null;
  expressions: Record<string, unknown>;
  /** `count_expression`, `for_each_expression` and `depends_on`: references outside `expressions`. */
  extra: unknown[];
}

const NOT_RESOURCES = new Set(['var', 'local', 'module', 'data', 'each', 'count', 'path', 'self']);

/** The attribute in a provider block that holds its region, by provider type. */
const REGION_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  aws: ['region'],
  google: ['region', 'zone'],
  'google-beta': ['region', 'zone'],
};

export function indexConfiguration(configuration: unknown, variables: unknown): TConfigIndex {
  const config = asRecord(configuration);
  const providers = asRecord(config?.provider_config) ?? {};
  const rootVariables = asRecord(variables) ?? {};
  const resources = new Map<string, ConfigResource>();
  const calls = new Map<string, Record<string, unknown>>();
  const outputs = new Map<string, Record<string, unknown>>();

  const walk = (module: unknown, path: string, depth: number) => {
    const m = asRecord(module);
    if (!m || depth > 64) return;
    outputs.set(path, asRecord(m.outputs) ?? {});
    for (const r of asArray(m.resources)) {
      const res = asRecord(r);
      const address = asString(res?.address);
      if (!res || !address) continue;
      resources.set(`${path}|${address}`, {
        providerConfigKey: asString(res.provider_config_key),
        expressions: asRecord(res.expressions) ?? {},
        extra: [res.count_expression, res.for_each_expression, { references: res.depends_on }],
      });
    }
    for (const [name, call] of Object.entries(asRecord(m.module_calls) ?? {})) {
      const c = asRecord(call);
      const childPath = path ? `${path}.module.${name}` : `module.${name}`;
      calls.set(childPath, asRecord(c?.expressions) ?? {});
      walk(c?.module, childPath, depth + 1);
    }
  };
  walk(config?.root_module, '', 0);

  /** A string an expression stands for, following `var.x` up the module calls (10 levels). */
  const resolve = (expression: unknown, path: string, hops = 0): string | null => {
    const e = asRecord(expression);
    if (!e || hops > 10) return null;
    const constant = asString(e.constant_value);
    if (constant) return constant;
    const ref = asArray(e.references)
      .map(asString)
      .find((r) => r?.startsWith('var.'));
    if (!ref) return null;
    const name = ref.slice('var.'.length).split('.')[0] ?? '';
    if (path === '') return asString(asRecord(rootVariables[name])?.value);
    return resolve(calls.get(path)?.[name], parentModulePath(path), hops + 1);
  };

  const regionOf = (key: string, type: string): string | null => {
    const entry = asRecord(providers[key]);
    if (!entry) return null;
    const path = moduleConfigPath(asString(entry.module_address));
    const expressions = asRecord(entry.expressions) ?? {};
    for (const attribute of REGION_ATTRIBUTES[type] ?? []) {
      const value = resolve(expressions[attribute], path);
      if (value) return attribute === 'zone' ? value.replace(/-[a-z]$/, '') : value;
    }
    return null;
  };

  const findRegion = (
    moduleAddress: string | null,
    configAddress: string,
    provider: TProviderRef,
  ): string | null => {
    const path = moduleConfigPath(moduleAddress);
    const key = resources.get(`${path}|${configAddress}`)?.providerConfigKey ?? null;
    const local = key
      ? key.slice(key.lastIndexOf(':') + 1)
      : provider.alias
        ? `${provider.type}.${provider.alias}`
        : provider.type;
    const candidates: string[] = [];
    if (key) candidates.push(key);
    // Terraform 0.12–0.14 write `<module name>:aws` and key provider_config by full path.
    if (key?.includes(':') && !key.startsWith('module.')) candidates.push(`${path}:${local}`);
    // A module without its own provider block uses its parent's (the default inheritance).
    for (let p = path; ; p = parentModulePath(p)) {
      candidates.push(p ? `${p}:${local}` : local);
      if (p === '') break;
    }
    for (const candidate of candidates) {
      const region = regionOf(candidate, provider.type);
      if (region) return region;
    }
    return null;
  };

  // Every instance of a counted resource or module asks the same question: answered once.
  const regionCache = new Map<string, string | null>();
  const referenceCache = new Map<string, Record<string, string[]>>();
  const targetCache = new Map<string, TConfigTarget[]>();

  return {
    providerRegion(moduleAddress, configAddress, provider) {
      if (!REGION_ATTRIBUTES[provider.type]) return null;
      const cacheKey = `${moduleAddress ?? ''}\u0000${configAddress}\u0000${provider.type}.${provider.alias ?? ''}`;
      const cached = regionCache.get(cacheKey);
      if (cached !== undefined) return cached;
      const region = findRegion(moduleAddress, configAddress, provider);
      regionCache.set(cacheKey, region);
      return region;
    },
    references(moduleAddress, configAddress) {
      const cacheKey = `${moduleAddress ?? ''}\u0000${configAddress}`;
      const cached = referenceCache.get(cacheKey);
      if (cached) return cached;
      const resource = resources.get(`${moduleConfigPath(moduleAddress)}|${configAddress}`);
      const out: Record<string, string[]> = {};
      for (const [attribute, expression] of Object.entries(resource?.expressions ?? {})) {
        // A nested block (`launch_template { id = aws_launch_template.x.id }`) is a list of
        // objects of expressions: its references count for the block's name.
        const refs = referencesIn(expression).flatMap((r) => {
          const m = r ? /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)/.exec(r) : null;
          return m?.[1] && m[2] && !NOT_RESOURCES.has(m[1]) ? [`${m[1]}.${m[2]}`] : [];
        });
        if (refs.length > 0) out[attribute] = [...new Set(refs)];
      }
      referenceCache.set(cacheKey, out);
      return out;
    },
    targets(moduleAddress, configAddress) {
      const path = moduleConfigPath(moduleAddress);
      const cacheKey = `${path}|${configAddress}`;
      const cached = targetCache.get(cacheKey);
      if (cached) return cached;
      const resource = resources.get(cacheKey);
      const out = resource
        ? configTargets([resource.expressions, ...resource.extra], path, { calls, outputs }).filter(
            (t) => t.levelsUp > 0 || t.target !== configAddress,
          )
        : [];
      targetCache.set(cacheKey, out);
      return out;
    },
  };
}

/** The `references` of an expression, or of every expression inside a nested block's list. */
function referencesIn(expression: unknown, depth = 0): (string | null)[] {
  if (depth > 8) return [];
  if (Array.isArray(expression)) return expression.flatMap((e) => referencesIn(e, depth + 1));
  const e = asRecord(expression);
  if (!e) return [];
  if ('references' in e || 'constant_value' in e) return asArray(e.references).map(asString);
  return Object.values(e).flatMap((v) => referencesIn(v, depth + 1));
}
