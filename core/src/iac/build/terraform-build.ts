import type { TCloudProfile } from '../catalog/cloud';
import type { TBuildContextBase, TEdge, TNode, TTfBuildContext } from '../catalog/service';
import type { TResolvedDesign } from '../design/resolve';
import {
  call,
  mapRefs,
  obj,
  ref,
  tfVar,
  tpl,
  type TTfBody,
  type TTfResourceOptions,
  type TTfObject,
  type TTfOutput,
  type TTfProvider,
  type TTfRef,
  type TTfResource,
  type TTfValue,
  type TTfVariable,
} from '../ir/terraform-ir';
import type { TNodeName } from '../naming/naming';
import { appendSuffix, composeName, fixName, regionCode, type TNamePart } from '../naming/resolve';
import { createNameFixer, fixTerraformNames } from '../naming/name-value';
import { joinWords } from '../naming/join-words';
import { ruleFor } from '../naming/rules';
import type { TPropertyValue } from '../types';
import { createGraph } from './graph';
import { CLOUD_TAG_RULES, normaliseTags } from '../../tags/cloud-rules';
import { oneAtATimeQueues } from './one-at-a-time';

export class BuildError extends Error {}

export function nameValue(parts: readonly TNamePart[]): TTfValue {
  const out: (string | TTfRef | ReturnType<typeof call>)[] = parts.map((p) =>
    typeof p === 'string'
      ? p
      : p.upper
        ? call('upper', tfVar('environment'))
        : tfVar('environment'),
  );
  if (out.every((p) => typeof p === 'string')) return out.join('');
  return tpl(...out);
}

const toValue = (v: TPropertyValue): TTfValue => (Array.isArray(v) ? [...v] : v);

function hclType(v: TPropertyValue): string {
  if (Array.isArray(v)) return 'list(string)';
  return typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'bool' : 'string';
}

/**
 * Runs every node's Terraform builder and collects one model. `only`: a dry build of these nodes
 * alone, for the errors their builders raise (generate.ts, checkOverrides); its model may refer
 * to nodes it did not build.
 */
export function buildTerraform(
  resolved: TResolvedDesign,
  profile: TCloudProfile,
  names: ReadonlyMap<string, TNodeName>,
  only?: ReadonlySet<string>,
): {
  resources: TTfResource[];
  variables: TTfVariable[];
  outputs: TTfOutput[];
  providers: TTfProvider[];
} {
  const { design } = resolved;
  const graph = createGraph(resolved);
  const resources: TTfResource[] = [];
  // Names taken, per mode and type: no address string is hashed for each resource.
  const taken = { resource: new Map<string, Set<string>>(), data: new Map<string, Set<string>>() };
  const variables = new Map<string, TTfVariable>();
  const outputs: TTfOutput[] = [];
  const oneAtATime = oneAtATimeQueues();
  const envs = design.environments.map((e) => e.name);
  const sep = design.naming.separator || '-';
  const longestEnv = Math.max(...design.environments.map((e) => e.name.length));
  const nameFixer = createNameFixer(longestEnv);
  // Output names start with the node's: `vpc` and `vpc_id` give `vpc_id` (see joinWords).
  const locals = new Set(resolved.nodes.map((n) => n.local));

  const addVariable = (v: TTfVariable): TTfRef => {
    const existing = variables.get(v.name);
    if (existing && JSON.stringify(existing) !== JSON.stringify(v)) {
      throw new BuildError(`variable ${v.name} declared twice with different definitions`);
    }
    variables.set(v.name, v);
    return tfVar(v.name);
  };
  addVariable({
    name: 'region',
    type: 'string',
    description: 'Region to deploy into.',
    default: design.region,
  });
  addVariable({
    name: 'environment',
    type: 'string',
    description: `Environment name (${envs.join(', ')}).`,
    default: envs[0] ?? 'dev',
    perEnv: Object.fromEntries(envs.map((e) => [e, e])),
    // Names were sized for these environments only: another value could break a name limit.
    validation: {
      condition: call('contains', [...envs], tfVar('environment')),
      errorMessage: `The environment must be one of ${envs.join(', ')}: resource names were sized for these.`,
    },
  });

  // A node's primary resource, for references from generic components (see TTfBuildContext).
  const firstOf = new Map<string, string>();
  const preferredOf = new Map<string, string>();
  const notePrimary = (node: TNode, type: string, name: string, address: string) => {
    if (!firstOf.has(node.id)) firstOf.set(node.id, address);
    // The resource named after the node itself wins over companions of the same type (a queue
    // over its dead-letter queue, which the builder may emit first).
    if (type === node.service.emits.terraform[0]) {
      if (name === node.local || !preferredOf.has(node.id)) preferredOf.set(node.id, address);
    }
  };
  let hasPrimaryRefs = false;

  const push = (
    mode: 'resource' | 'data',
    type: string,
    name: string,
    body: TTfBody,
    node: TNode | undefined,
    dependsOn?: readonly string[],
    isShared = false,
    options: TTfResourceOptions = {},
  ): TTfRef => {
    const address = mode === 'data' ? `data.${type}.${name}` : `${type}.${name}`;
    let names = taken[mode].get(type);
    if (!names) taken[mode].set(type, (names = new Set()));
    if (names.has(name)) {
      if (mode === 'data' || isShared) return ref(address);
      throw new BuildError(`two resources would be named ${address}; rename one of the components`);
    }
    names.add(name);
    if (node && mode === 'resource') notePrimary(node, type, name, address);
    resources.push({
      mode,
      type,
      name,
      // Every name argument obeys its own type's rule, whatever the builder composed.
      body: mode === 'resource' ? fixTerraformNames(nameFixer, type, address, body) : body,
      node: node?.id ?? '',
      kind: node?.service.kind ?? 'network',
      // Every resource has the same fields, set or not: one object shape for the code that
      // reads them all (policy rules, layouts, rendering).
      dependsOn: dependsOn && dependsOn.length > 0 ? dependsOn : undefined,
      lifecycle: options.lifecycle,
      provider: options.provider,
    });
    return ref(address);
  };

  // Each cloud's tag rules (GCP labels: lowercase, 63 characters, [a-z0-9_-]) applied on the way out.
  const cloudTags = CLOUD_TAG_RULES[profile.cloud];
  const tagKey = (k: string) => cloudTags.normaliseKey(k);
  const tagMap = (tags: Readonly<Record<string, string>>): Record<string, string> => {
    const keys = Object.keys(tags);
    keys.forEach((k, i) => {
      const first = keys.find((o) => tagKey(o) === tagKey(k));
      if (first !== undefined && first !== k && keys.indexOf(first) < i)
        throw new BuildError(
          `tags "${first}" and "${k}" both become "${tagKey(k)}" on ${profile.cloud}; rename one of them`,
        );
    });
    return normaliseTags(profile.cloud, tags);
  };
  const designTagMap = tagMap(design.tags);
  const sharedTags: Record<string, TTfValue> = {
    ...designTagMap,
    environment: tfVar('environment'),
  };
  const designTags = () => sharedTags;
  const setupName = (abbr: string): TTfValue =>
    nameValue(
      [design.naming.org, design.naming.project, abbr]
        .filter((s) => s)
        .flatMap<TNamePart>((s, i) => (i === 0 ? [s.toLowerCase()] : [sep, s.toLowerCase()]))
        .concat([sep, { env: true, upper: false }]),
    );
  const fixed = (parts: readonly TNamePart[], rule?: string) =>
    nameValue(rule ? fixName(parts, ruleFor(rule), longestEnv) : parts);
  const setup = {
    designName: design.name,
    region: design.region,
    tags: designTagMap,
    types: new Set(
      resolved.nodes.flatMap((n) => [
        ...n.service.emits.terraform,
        ...(n.resource ? [n.resource.type] : []),
      ]),
    ),
    resource: (type: string, name: string, body: TTfBody) =>
      push('resource', type, name, body, undefined),
    data: (type: string, name: string, body: TTfBody) => push('data', type, name, body, undefined),
    variable: addVariable,
    name: setupName,
  };
  const providers: TTfProvider[] = [
    {
      name: profile.terraform.name,
      source: profile.terraform.source,
      version: profile.terraform.version,
      config: profile.terraform.providerConfig(setup),
    },
  ];
  profile.terraform.setup?.(setup);

  for (const node of resolved.nodes) {
    if (only && !only.has(node.id)) continue;
    const nodeName = names.get(node.id);
    if (!nodeName) throw new BuildError(`no name for ${node.id}`);
    const emitted = new Set<string>();
    const defaultName = nameValue(nodeName.parts);
    let defaultTags: TTfObject | undefined;
    // The component's own tags on top of the design's (AWS carries the design's in default_tags).
    const nodeTags = node.tags ? tagMap({ ...design.tags, ...node.tags }) : {};
    const ownTags =
      profile.cloud === 'aws'
        ? Object.fromEntries(Object.entries(nodeTags).filter(([k, v]) => designTagMap[k] !== v))
        : nodeTags;
    const tagsOf = (extra: Record<string, TTfValue>): TTfObject =>
      profile.cloud === 'aws'
        ? obj({ Name: defaultName, ...ownTags, ...extra })
        : obj({ ...designTags(), ...ownTags, ...extra });
    // Added onto the graph's context object rather than spread into a new one: Node 20's V8
    // defines properties after a spread one by one on a slow path (Node 22's does not).
    const own: Omit<TTfBuildContext, keyof TBuildContextBase> = {
      address: (n, type, suffix = '') => `${type}.${n.local}${suffix}`,
      primary: (n, attr) => {
        hasPrimaryRefs = true;
        return ref(`${PRIMARY}${n.id}`, attr);
      },
      name: (suffix, rule) => {
        if (!suffix && !rule) return defaultName;
        // Companions start from the unfixed parts; their own type's rule fixes them on push.
        const parts = suffix ? appendSuffix(nodeName.source, sep, suffix) : nodeName.parts;
        return fixed(parts, rule);
      },
      nameOf: (n, suffix, rule) => {
        const other = names.get(n.id);
        if (!other) throw new BuildError(`no name for ${n.id}`);
        return fixed(appendSuffix(other.source, sep, suffix), rule);
      },
      // The design's own pattern with the suffix as its type (as its name without {type}).
      designName: (suffix, rule) => {
        const typed = design.naming.pattern.includes('{type}');
        const tokens = { type: typed ? suffix : '', name: typed ? '' : suffix, instance: '' };
        const { org, project } = design.naming;
        const region = regionCode(design.region);
        return fixed(composeName(design.naming, { org, project, region, ...tokens }), rule);
      },
      // Values are immutable, so one tags object serves every resource of the node.
      tags: (extra) => {
        if (!extra) return (defaultTags ??= tagsOf({}));
        return tagsOf(extra);
      },
      prop: (key, map = (v) => v, as) => {
        const raw = node.properties[key];
        if (raw === undefined) throw new BuildError(`${node.service.id} has no property ${key}`);
        emitted.add(key);
        const base = map(raw);
        const varying = envs.some((e) => node.overrides[e]?.[key] !== undefined);
        if (!varying) return toValue(base);
        return addVariable({
          name: `${node.local}_${(as ?? key).replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
          type: hclType(base),
          // A value mapped from the property is named for what it holds (`memoryBytes` from
          // `vcpus`), and so described.
          description: `${node.service.name} ${node.name}: ${as ? `${as} (from ${key})` : key} per environment.`,
          default: toValue(base),
          perEnv: Object.fromEntries(
            envs.map((e) => [e, toValue(map(node.overrides[e]?.[key] ?? raw))]),
          ),
        });
      },
      resource: (type, name, body, dependsOn, options) =>
        push('resource', type, name, body, node, dependsOn, false, options),
      providerAlias: (alias, config) => {
        const base = providers[0]!;
        if (!providers.some((p) => p.alias === alias))
          providers.push({ ...base, alias, config: { alias, ...base.config, ...config } });
        return `${base.name}.${alias}`;
      },
      data: (type, name, body) => push('data', type, name, body, node),
      shared: (type, name, body, dependsOn) =>
        push('resource', type, name, body, node, dependsOn, true),
      variable: addVariable,
      oneAtATime,
      output: (name, description, value, sensitive) =>
        outputs.push({
          name: joinWords(node.local, name, locals),
          description,
          value,
          node: node.id,
          kind: node.service.kind,
          ...(sensitive ? { sensitive } : {}),
        }),
    };
    const ctx: TTfBuildContext = Object.assign(graph.contextFor(node), own);
    node.service.terraform(ctx);
    checkOverridesUsed(node, emitted);
  }
  if (!hasPrimaryRefs || only)
    return { resources, variables: [...variables.values()], outputs, providers };
  const resolve = (r: TTfRef): TTfValue => {
    if (!r.address.startsWith(PRIMARY)) return r;
    const id = r.address.slice(PRIMARY.length);
    const address = preferredOf.get(id) ?? firstOf.get(id);
    if (!address) throw new BuildError(`a reference points at "${id}", which emits no resource`);
    return ref(address, r.attr);
  };
  return {
    resources: resources.map((r) => ({ ...r, body: mapRefs(r.body, resolve) })),
    variables: [...variables.values()],
    outputs: outputs.map((o) => ({ ...o, value: mapRefs(o.value, resolve) })),
    providers,
  };
}

/** Address prefix of a reference to a node's primary resource, resolved after every build. */
const PRIMARY = '@primary:';

/** A per-environment override only works for properties the builder emits through `prop`. */
export function checkOverridesUsed(node: TNode, emitted: ReadonlySet<string>): void {
  for (const [env, props] of Object.entries(node.overrides)) {
    for (const key of Object.keys(props)) {
      if (!emitted.has(key)) {
        throw new BuildError(
          `${node.id}: ${key} cannot differ between environments (override in ${env})`,
        );
      }
    }
  }
}

export type { TEdge };
