import { parentModulePath, splitAddress } from './address';
import { asRecord } from './values';

/** A block a resource's configuration refers to: `target` is relative to the module `levelsUp` above the resource's. */
export interface TConfigTarget {
  levelsUp: number;
  /** `aws_vpc.main`, `data.aws_ami.ubuntu`, `module.sg.aws_security_group.this`, `module.sg`. */
  target: string;
}

interface TModules {
  /** Module call expressions by the called module's configured path. */
  calls: ReadonlyMap<string, Record<string, unknown>>;
  /** `outputs` of each module by its configured path ('' for the root). */
  outputs: ReadonlyMap<string, Record<string, unknown>>;
}

/** Where an expression is read: its module, and how that module sits below the anchor module. */
interface TScope {
  path: string;
  levelsUp: number;
  /** From the anchor down to `path`: `module.sg.` (empty at the anchor). */
  prefix: string;
}

const NOT_BLOCKS = new Set(['local', 'each', 'count', 'path', 'self', 'terraform', 'ephemeral']);
const MAX_HOPS = 32;

/**
 * The blocks an expression tree refers to. `var.x` is followed to the expression the module call
 * passes (one module up), `module.m.out` to that output's expression (one module down), so a
 * resource in a module links to the root resource fed to it; a module without that output links
 * to the module as a whole.
 */
export function configTargets(
  expressions: readonly unknown[],
  path: string,
  modules: TModules,
): TConfigTarget[] {
  const found = new Map<string, TConfigTarget>();
  const seen = new Set<string>();
  const add = (levelsUp: number, target: string) => {
    found.set(`${levelsUp}|${target}`, { levelsUp, target });
  };

  const visit = (node: unknown, scope: TScope, hops: number) => {
    for (const list of referenceListsIn(node)) visitList(list, scope, hops);
  };
  const visitList = (list: readonly string[], scope: TScope, hops: number) => {
    // Terraform lists `module.m` beside `module.m.out`: the output says more.
    const withOutput = new Set(
      list.map((r) => /^module\.([^.[]+)(?:\[[^\]]*\])?\.[^.]/.exec(r)?.[1]).filter(Boolean),
    );
    for (const reference of list) {
      const steps = splitAddress(reference);
      const first = steps?.[0];
      if (!steps || !first || NOT_BLOCKS.has(first.name)) continue;
      const second = steps[1];
      if (!second) continue;
      if (first.name === 'module' && !steps[2] && withOutput.has(second.name)) continue;
      if (first.name === 'var') {
        if (scope.path === '' || hops >= MAX_HOPS) continue;
        const key = `var|${scope.path}|${second.name}|${scope.prefix}|${scope.levelsUp}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const expression = modules.calls.get(scope.path)?.[second.name];
        const parentPrefix = scope.prefix.replace(/module\.[^.]+\.$/, '');
        visit(
          expression,
          {
            path: parentModulePath(scope.path),
            levelsUp: scope.prefix === '' ? scope.levelsUp + 1 : scope.levelsUp,
            prefix: parentPrefix,
          },
          hops + 1,
        );
      } else if (first.name === 'module') {
        const childPath = scope.path
          ? `${scope.path}.module.${second.name}`
          : `module.${second.name}`;
        const output = steps[2]?.name;
        const expression = output
          ? asRecord(modules.outputs.get(childPath)?.[output])?.expression
          : undefined;
        const key = `out|${childPath}|${output ?? ''}|${scope.prefix}|${scope.levelsUp}`;
        if (expression === undefined || hops >= MAX_HOPS) {
          add(scope.levelsUp, `${scope.prefix}module.${second.name}`);
        } else if (!seen.has(key)) {
          seen.add(key);
          visit(
            expression,
            {
              path: childPath,
              levelsUp: scope.levelsUp,
              prefix: `${scope.prefix}module.${second.name}.`,
            },
            hops + 1,
          );
        }
      } else if (first.name === 'data') {
        const name = steps[2];
        if (name) add(scope.levelsUp, `${scope.prefix}data.${second.name}.${name.name}`);
      } else {
        add(scope.levelsUp, `${scope.prefix}${first.name}.${second.name}`);
      }
    }
  };
  for (const e of expressions) visit(e, { path, levelsUp: 0, prefix: '' }, 0);
  return [...found.values()];
}

/** Every `references` list in an expression tree (nested blocks are lists of maps). */
function referenceListsIn(node: unknown): string[][] {
  const out: string[][] = [];
  const walk = (n: unknown, depth: number) => {
    if (depth > 32) return;
    if (Array.isArray(n)) {
      for (const child of n) walk(child, depth + 1);
      return;
    }
    const record = asRecord(n);
    if (!record) return;
    for (const [key, value] of Object.entries(record)) {
      if (key === 'references' && Array.isArray(value)) {
        out.push(value.filter((r): r is string => typeof r === 'string'));
      } else if (typeof value === 'object' && value !== null) {
        walk(value, depth + 1);
      }
    }
  };
  walk(node, 0);
  return out;
}
