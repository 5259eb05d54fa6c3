import { CLOUD_PROFILES } from '../../iac/catalog/registry';
import { BuildError, buildTerraform } from '../../iac/build/terraform-build';
import type { TDesign } from '../../iac/design/schema-v2';
import { prepareParsedDesign } from '../../iac/generate';
import { ConvertError, type TConvertWarning, type TUnconverted } from '../types';
import { withoutRefused } from './environments';
import type { TImportedResource } from './instantiate';
import { buildDesign } from './probe-design';
import { builtView } from './probe';
import type { TView } from './view';

/**
 * The checks an imported design goes through: its forward build (what the engine writes for it),
 * connections to a key that others imply, and what the engine refuses.
 */

/** What the engine writes for an imported design: per component the resource types, and the data sources. */
export interface TForward {
  readonly types: Map<string, string[]>;
  /** `type.name` of every resource it writes. */
  readonly names: Set<string>;
  readonly data: Set<string>;
}

/**
 * The forward build of an imported design, or the main resource of a component that another's
 * build also writes (it is that one's companion: `two resources would be named …`).
 */
export function forwardBuild(
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
    const prepared = prepareParsedDesign(design, { format: 'terraform' });
    if (!prepared.ok) {
      const found = prepared.issues.map((i) => clash(i.message)).find((a) => a !== undefined);
      const again = prepared.issues.map((i) => rewrites(i.message)).find((a) => a !== undefined);
      return {
        ...(found ? { clash: found } : again ? { rewrites: again } : {}),
        valid: false,
      };
    }
    const built =
      prepared.built?.terraform ??
      buildTerraform(prepared.resolved, CLOUD_PROFILES[design.provider], prepared.names);
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

/**
 * Connections to a key that the others already imply (a function reading a queue encrypted
 * with the key may decrypt with it): without them the build writes the two ends at least as
 * close to what was read, so the Terraform does not say they were drawn.
 */
export function withoutImplied(
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
export function validated(
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
        environments:
          withoutRefused(current.environments, error.message) ??
          current.environments.map((e, i) => ({
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
