import type { THclBlock, THclBody, THclExpr } from '../hcl/ast';
import type { TConvertWarning, TUnconverted } from '../types';
import { evaluate, LITERAL_SCOPE, type TEvalScope } from './evaluate';
import {
  localSource,
  type TConfiguration,
  type TEnvironmentInput,
  type TModuleSource,
} from './load';
import { expand, type TExpansion } from './expand-instances';
import { instanceSuffix, moduleSuffix } from './expand-refs';
import type { TVal } from './value';

/** A nested block after evaluation; repeated blocks are arrays. */
export interface TBlockVal {
  readonly $: 'block';
  readonly body: TBodyVal;
}
export type TBodyVal = Readonly<Record<string, TVal | TBlockVal | readonly TBlockVal[]>>;

export interface TImportedResource {
  readonly mode: 'resource' | 'data';
  readonly type: string;
  readonly name: string;
  /** With the module path: `module.net.aws_subnet.a`. */
  readonly address: string;
  readonly body: TBodyVal;
  readonly file: string;
  readonly line: number;
  readonly text: string;
  /** `count` / `for_each` as written, when the design holds only the first instance. */
  readonly repeated?: string;
  readonly dependsOn: readonly string[];
}

export interface TInstance {
  readonly resources: readonly TImportedResource[];
  /** Provider configurations: name (`name.alias` when aliased) → evaluated attributes. */
  readonly providers: ReadonlyMap<string, TBodyVal>;
  readonly unconverted: readonly TUnconverted[];
  /** What the instantiation itself has to say (a module call read once for all its instances). */
  readonly warnings: readonly TConvertWarning[];
}

/** Arguments of a module call that are not the module's inputs. */
const MODULE_META = new Set(['source', 'version', 'providers', 'count', 'for_each', 'depends_on']);

/** Meta-arguments Terraform reads itself; not resource arguments. */
const META = new Set(['count', 'for_each', 'depends_on', 'provider', 'lifecycle']);

/**
 * A resource body's arguments and blocks as values. Meta-arguments, provisioners and connections
 * are Terraform's only at the resource's top level: a nested block's `count` (an Azure backup
 * policy's `retention_daily { count = 35 }`) is an argument like any other.
 */
function bodyValue(
  body: THclBody,
  scope: TEvalScope,
  onSkip: (b: THclBlock) => void,
  top = true,
): TBodyVal {
  const out: Record<string, TVal | TBlockVal | TBlockVal[]> = {};
  for (const a of body.attributes)
    if (!(top && META.has(a.name))) out[a.name] = evaluate(a.expr, scope);
  for (const b of body.blocks) {
    if (
      b.type === 'dynamic' ||
      (top && (META.has(b.type) || b.type === 'provisioner' || b.type === 'connection'))
    ) {
      if (b.type !== 'lifecycle') onSkip(b);
      continue;
    }
    const value: TBlockVal = { $: 'block', body: bodyValue(b.body, scope, onSkip, false) };
    const prev = out[b.type];
    if (prev === undefined) out[b.type] = value;
    else out[b.type] = [...(Array.isArray(prev) ? prev : [prev as TBlockVal]), value];
  }
  return out;
}

const attr = (body: THclBody, name: string) => body.attributes.find((a) => a.name === name);

/** `count = …` / `for_each = …` as written, or undefined. */
function repeatedBy(block: THclBlock): string | undefined {
  const meta = attr(block.body, 'count') ?? attr(block.body, 'for_each');
  return meta && `${meta.name} = ${meta.text.slice(meta.text.indexOf('=') + 1).trim()}`;
}

/** A `depends_on` item as an address (`aws_iam_role.x`). */
const dependency = (i: THclExpr) =>
  i.k === 'traversal' && i.target.k === 'variable'
    ? i.target.name + i.steps.map((s) => (s.k === 'attr' ? `.${s.name}` : '')).join('')
    : '';

/**
 * Evaluates one environment: the root module with its `.tfvars` values, and every module call
 * whose source is a folder of the upload, with its inputs; resources carry their module path.
 */
export function instantiate(config: TConfiguration, env: TEnvironmentInput): TInstance {
  const resources: TImportedResource[] = [];
  const providers = new Map<string, TBodyVal>();
  const unconverted: TUnconverted[] = [];
  const warnings: TConvertWarning[] = [];
  const skipped = (file: string, owner: string) => (b: THclBlock) => {
    const kind = b.type === 'dynamic' ? 'dynamic' : b.type;
    unconverted.push({
      file,
      line: b.line,
      kind,
      name: `${owner}${b.type === 'dynamic' ? `.dynamic.${b.labels[0] ?? ''}` : `.${b.type}`}`,
      reason:
        b.type === 'dynamic'
          ? 'dynamic blocks are generated at plan time; the design keeps the resource without them'
          : `a ${b.type} runs at apply time and has no place in a design`,
      text: b.text,
    });
  };

  /**
   * Reads one module. Its inputs are evaluated when first used, and its outputs are given to
   * `readable` before its resources are read: two modules may read each other's outputs (a
   * cluster's module the file system's ARN, the file system's module the cluster's group).
   */
  const run = (
    mod: TModuleSource,
    prefix: string,
    inputs: ReadonlyMap<string, () => TVal | undefined>,
    depth: number,
    readable: (output: (name: string) => TVal | undefined) => void = () => undefined,
  ): void => {
    const blocks = mod.blocks;
    const variables = new Map<string, THclBlock>();
    const locals = new Map<string, { expr: THclExpr }>();
    const outputs = new Map<string, THclExpr>();
    const calls = new Map<string, { block: THclBlock; file: string }>();
    for (const { file, block } of blocks) {
      if (block.type === 'variable' && block.labels[0]) variables.set(block.labels[0], block);
      if (block.type === 'locals')
        for (const a of block.body.attributes) locals.set(a.name, { expr: a.expr });
      if (block.type === 'output' && block.labels[0]) {
        const v = attr(block.body, 'value');
        if (v) outputs.set(block.labels[0], v.expr);
      }
      if (block.type === 'module' && block.labels[0]) calls.set(block.labels[0], { block, file });
    }
    const localValues = new Map<string, TVal | undefined>();
    const varValues = new Map<string, TVal | undefined>();
    const moduleOutputs = new Map<string, (o: string) => TVal | undefined>();
    const scope: TEvalScope = {
      prefix,
      instanceKeys: (address) => instanceKeys(address),
      variable: (name) => {
        if (varValues.has(name)) return varValues.get(name);
        varValues.set(name, undefined);
        // The environment stays a reference: names are written per environment.
        let v: TVal | undefined;
        if (name === 'environment' && prefix === '') v = undefined;
        else if (inputs.has(name)) v = inputs.get(name)!();
        else {
          const def = variables.get(name) && attr(variables.get(name)!.body, 'default');
          if (def) v = evaluate(def.expr, scope);
        }
        varValues.set(name, v);
        return v;
      },
      local: (name) => {
        if (localValues.has(name)) return localValues.get(name);
        localValues.set(name, undefined); // a cycle reads as unknown
        const l = locals.get(name);
        const v = l ? evaluate(l.expr, scope) : undefined;
        localValues.set(name, v);
        return v;
      },
      moduleOutput: (called, output) => {
        // `vpc[0]` of a call read once (its count unknown) is that one reading.
        const name = called.replace(/\[.*$/, '');
        if (calls.has(name)) ensureModule(name);
        return (moduleOutputs.get(called) ?? moduleOutputs.get(name))?.(output);
      },
    };
    // Resources with `count`/`for_each`: their instances, worked out when first asked for (a
    // reference to them may come before them).
    const repeatedAt = new Map<string, THclBlock>();
    for (const { block } of blocks)
      if ((block.type === 'resource' || block.type === 'data') && block.labels.length === 2) {
        const address = `${prefix}${block.type === 'data' ? 'data.' : ''}${block.labels.join('.')}`;
        if (repeatedBy(block)) repeatedAt.set(address, block);
      }
    const expansions = new Map<string, TExpansion | undefined>();
    const expansionAt = (address: string): TExpansion | undefined => {
      if (expansions.has(address)) return expansions.get(address);
      expansions.set(address, undefined); // a cycle reads as not expanded
      const block = repeatedAt.get(address);
      const meta = block && (attr(block.body, 'count') ?? attr(block.body, 'for_each'));
      const x = meta ? expand(meta, scope) : undefined;
      expansions.set(address, x);
      return x;
    };
    const instanceKeys = (address: string) => {
      const x = repeatedAt.has(address) ? expansionAt(address) : undefined;
      return x?.k === 'each' ? x.instances.map((i) => i.key) : undefined;
    };
    // Module calls are instantiated when first read (a call may read another's outputs,
    // declared later), then every one that nothing read.
    const started = new Set<string>();
    const ensureModule = (name: string): void => {
      if (started.has(name)) return;
      started.add(name);
      const { block, file } = calls.get(name)!;
      const source = attr(block.body, 'source');
      const sourceValue = source ? evaluate(source.expr, scope) : undefined;
      const dir = localSource(mod.dir, sourceValue);
      const child = dir !== undefined ? config.modules.get(dir) : undefined;
      if (!child || depth > 20) {
        unconverted.push({
          file,
          line: block.line,
          kind: 'module',
          name: `${prefix}module.${name}`,
          reason: child
            ? 'modules nest deeper than 20 levels'
            : `its source ${JSON.stringify(sourceValue)} is not a folder of the upload`,
          text: block.text,
        });
        return;
      }
      // `count`/`for_each` on the call: the module once per instance (`module.net[0].`).
      const meta = attr(block.body, 'count') ?? attr(block.body, 'for_each');
      const expansion = meta ? expand(meta, scope) : undefined;
      if (expansion?.k === 'first')
        warnings.push({
          file,
          line: block.line,
          message: `${prefix}module.${name}: ${expansion.repeated} — the design holds one instance of the module`,
        });
      const instances =
        expansion?.k === 'each'
          ? expansion.instances.map((i) => ({ suffix: moduleSuffix(i.key), scope: i.scope }))
          : [{ suffix: '', scope: expansion?.scope ?? scope }];
      for (const i of instances) {
        const childInputs = new Map<string, () => TVal | undefined>();
        for (const a of block.body.attributes)
          if (!MODULE_META.has(a.name)) childInputs.set(a.name, () => evaluate(a.expr, i.scope));
        const called = `${name}${i.suffix}`;
        run(child, `${prefix}module.${called}.`, childInputs, depth + 1, (output) =>
          moduleOutputs.set(called, output),
        );
      }
    };
    readable((output) => {
      const e = outputs.get(output);
      return e ? evaluate(e, scope) : undefined;
    });
    // The inputs first, in the order given: the modules they read are read before this one.
    for (const name of inputs.keys()) scope.variable(name);
    for (const name of calls.keys()) ensureModule(name);
    for (const { file, block } of blocks) {
      if ((block.type === 'resource' || block.type === 'data') && block.labels.length === 2) {
        const [type, name] = block.labels as [string, string];
        const address = `${prefix}${block.type === 'data' ? 'data.' : ''}${type}.${name}`;
        const expansion = expansionAt(address);
        const dependsOn = attr(block.body, 'depends_on')?.expr;
        const common = {
          mode: block.type,
          type,
          file,
          line: block.line,
          text: block.text,
          dependsOn: dependsOn?.k === 'tuple' ? dependsOn.items.map(dependency) : [],
        } as const;
        if (expansion?.k === 'each' && expansion.instances.length === 0) {
          unconverted.push({
            file,
            line: block.line,
            kind: block.type,
            name: address,
            reason: `${repeatedBy(block)} makes no instance of it: Terraform creates nothing`,
            text: block.text,
          });
        }
        const instances =
          expansion?.k === 'each'
            ? expansion.instances.map((i) => ({ suffix: instanceSuffix(i.key), scope: i.scope }))
            : [{ suffix: '', scope: expansion?.scope ?? scope }];
        for (const i of instances)
          resources.push({
            ...common,
            name: `${name}${i.suffix}`,
            address: `${address}${i.suffix}`,
            body: bodyValue(block.body, i.scope, skipped(file, `${address}${i.suffix}`)),
            ...(expansion?.k === 'first' ? { repeated: expansion.repeated } : {}),
          });
      } else if (block.type === 'provider' && block.labels[0] && prefix === '') {
        // An aliased configuration (`aws.us_east_1` for CloudFront's certificate) is not the
        // default one: it is kept under `name.alias`.
        const body = bodyValue(block.body, scope, () => undefined);
        const alias = body['alias'];
        providers.set(
          typeof alias === 'string' ? `${block.labels[0]}.${alias}` : block.labels[0],
          body,
        );
      }
    }
  };

  const root = config.modules.get(env.root);
  if (root) {
    // `.tfvars` values are literals (or expressions over nothing): evaluated with an empty scope.
    const inputs = new Map([...env.values].map(([k, e]) => [k, () => evaluate(e, LITERAL_SCOPE)]));
    run(root, '', inputs, 0);
  }
  return { resources, providers, unconverted, warnings };
}
