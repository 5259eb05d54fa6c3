import {
  ConvertError,
  type TConvertFile,
  type TConvertOutput,
  type TConvertWarning,
  type TUnconverted,
} from '../types';
import type { TDecorator, TExpr, TProgram, TStatement } from './ast';
import { bicepParamToArm } from './bicepparam';
import {
  DEPLOYMENTS_API,
  quote,
  Unconvertible,
  type TExprContext,
  type TFileSymbols,
  type TModuleSymbol,
  type TResourceSymbol,
} from './context';
import {
  addDependency,
  loopCount,
  loopEnv,
  moduleNameExpr,
  nameSegments,
  propertyCopy,
  refOf,
  setKey,
  toExpr,
  toJson,
} from './expr-to-arm';
import { resolvePath } from './load-content';
import { lineOf, parseBicep } from './parser';
import { armType, collectSymbols } from './symbols';

/**
 * Bicep → ARM JSON, following what `bicep build` writes (classic templates, no
 * languageVersion): parameters with their decorators, variables, resources with `dependsOn`
 * inferred from symbol references, loops as `copy`, conditions, modules as nested deployments
 * with their template inlined (inner scope), outputs.
 */
export const SCHEMAS: Readonly<Record<string, string>> = {
  resourceGroup: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
  subscription:
    'https://schema.management.azure.com/schemas/2018-05-01/subscriptionDeploymentTemplate.json#',
  managementGroup:
    'https://schema.management.azure.com/schemas/2019-08-01/managementGroupDeploymentTemplate.json#',
  tenant: 'https://schema.management.azure.com/schemas/2019-08-01/tenantDeploymentTemplate.json#',
};

interface TReport {
  readonly warnings: TConvertWarning[];
  readonly unconverted: TUnconverted[];
}

interface TCompiled {
  readonly template: Record<string, unknown>;
  readonly targetScope: string;
}

const decorator = (list: readonly TDecorator[], name: string) => list.find((d) => d.name === name);

function unconverted(
  report: TReport,
  symbols: { file: string; text: string },
  kind: string,
  name: string,
  e: Unconvertible,
  whole: { line: number; start: number; end: number },
): TUnconverted {
  // The error's own position when it lies in this declaration (not in one it refers to).
  const inside = e.at !== undefined && e.at.start >= whole.start && e.at.start < whole.end;
  const entry: TUnconverted = {
    file: symbols.file,
    line: inside ? e.at.line : whole.line,
    kind,
    name,
    reason: e.message,
    text: symbols.text.slice(whole.start, whole.end),
  };
  report.unconverted.push(entry);
  return entry;
}

function compileFile(
  file: TConvertFile,
  files: readonly TConvertFile[],
  report: TReport,
  stack: readonly string[],
): TCompiled {
  const program = parseBicep(file.content, file.path);
  const { symbols, problems } = collectSymbols(program, file.path, file.content);
  // A declaration that cannot be converted is left out, and what refers to it is compiled
  // again without it (then unconverted too), so the template never names a missing symbol.
  const dropped: TUnconverted[] = [];
  for (let pass = 0; ; pass++) {
    const local: TReport = { warnings: [], unconverted: [] };
    const failed = new Map<string, TUnconverted>();
    const compiled = compileStatements(program, symbols, problems, files, local, stack, failed);
    if (failed.size === 0 || pass === 3) {
      report.warnings.push(...local.warnings);
      report.unconverted.push(
        ...[...dropped, ...local.unconverted].sort((a, b) => a.line - b.line),
      );
      return compiled;
    }
    for (const [symbol, entry] of failed) {
      dropped.push(entry);
      symbols.resources.delete(symbol);
      symbols.modules.delete(symbol);
      symbols.vars.delete(symbol);
      symbols.params.delete(symbol);
    }
  }
}

function compileStatements(
  program: TProgram,
  symbols: TFileSymbols,
  problems: readonly Unconvertible[],
  files: readonly TConvertFile[],
  report: TReport,
  stack: readonly string[],
  failed: Map<string, TUnconverted>,
): TCompiled {
  const file = { path: symbols.file, content: symbols.text };
  for (const p of problems)
    report.unconverted.push({
      file: file.path,
      line: p.at?.line ?? 1,
      kind: 'resource',
      name: '',
      reason: p.message,
      text: p.at ? file.content.slice(p.at.start, p.at.end) : '',
    });
  const t: Record<string, unknown> = {
    $schema: SCHEMAS[symbols.targetScope] ?? SCHEMAS['resourceGroup'],
    contentVersion: '1.0.0.0',
  };
  const metadata: Record<string, unknown> = {};
  const parameters: Record<string, unknown> = {};
  const variables: Record<string, unknown> = {};
  const varCopies: unknown[] = [];
  const resources: unknown[] = [];
  const outputs: Record<string, unknown> = {};
  const base = (): TExprContext => ({ symbols, files, env: new Map() });

  const compileResource = (res: TResourceSymbol) => {
    if (!res.existing) resources.push(resourceJson(res, symbols, files));
  };

  for (const s of program.statements) {
    try {
      switch (s.kind) {
        case 'targetScope':
          if (!SCHEMAS[symbols.targetScope])
            throw new Unconvertible(`target scope ${symbols.targetScope}`, s);
          break;
        case 'metadata':
          setKey(metadata, s.name, toJson(s.value, base()));
          break;
        case 'param':
          if (!symbols.params.has(s.name)) break; // left out in an earlier pass
          setKey(parameters, s.name, paramJson(s, symbols, base(), report));
          break;
        case 'var': {
          if (!symbols.vars.has(s.name)) break;
          if (s.value.k === 'for') {
            varCopies.push(propertyCopy(s.name, s.value, base()));
            break;
          }
          const ctx = base();
          const value = toJson(s.value, ctx);
          // Read at deployment time (reference(), list*()): inlined where used instead.
          if (!ctx.runtime) setKey(variables, s.name, value);
          break;
        }
        case 'resource': {
          const own = symbols.resources.get(s.name);
          if (!own) break;
          compileResource(own);
          for (const r of symbols.resources.values())
            if (r.symbol.startsWith(`${s.name}::`)) {
              try {
                compileResource(r);
              } catch (e) {
                if (!(e instanceof Unconvertible)) throw e;
                failed.set(r.symbol, unconverted(report, symbols, 'resource', r.symbol, e, r.at));
              }
            }
          break;
        }
        case 'module': {
          const mod = symbols.modules.get(s.name);
          if (mod) resources.push(moduleJson(mod, symbols, files, report, stack));
          break;
        }
        case 'output':
          setKey(outputs, s.name, outputJson(s, symbols, base()));
          break;
        case 'type':
          report.warnings.push({
            file: file.path,
            line: s.line,
            message: `type ${s.name}: ARM templates without languageVersion 2.0 have no user-defined types; parameters of this type are written with its base type`,
          });
          break;
        case 'other':
          throw new Unconvertible(
            s.keyword === 'func'
              ? 'user-defined functions are not converted'
              : s.keyword === 'import'
                ? 'imports are not converted: paste the imported declarations into this file'
                : `${s.keyword} declarations have no ARM template equivalent`,
            s,
          );
      }
    } catch (e) {
      if (!(e instanceof Unconvertible)) throw e;
      const entry = unconverted(report, symbols, s.kind, statementName(s), e, s);
      if (['resource', 'module', 'var', 'param'].includes(s.kind))
        failed.set(statementName(s), entry);
    }
  }
  if (Object.keys(metadata).length > 0) t['metadata'] = metadata;
  if (Object.keys(parameters).length > 0) t['parameters'] = parameters;
  if (varCopies.length > 0) variables['copy'] = varCopies;
  if (Object.keys(variables).length > 0) t['variables'] = variables;
  t['resources'] = resources;
  if (Object.keys(outputs).length > 0) t['outputs'] = outputs;
  return { template: t, targetScope: symbols.targetScope };
}

const statementName = (s: TStatement) =>
  s.kind === 'targetScope' ? 'targetScope' : 'name' in s ? s.name : '';

function paramJson(
  s: TStatement & { kind: 'param' },
  symbols: TFileSymbols,
  ctx: TExprContext,
  report: TReport,
): Record<string, unknown> {
  const t = armType(s.type, symbols);
  const secure = decorator(s.decorators, 'secure');
  const out: Record<string, unknown> = {
    type: secure ? (t.type === 'object' ? 'secureObject' : 'securestring') : t.type,
  };
  if (s.value) out['defaultValue'] = toJson(s.value, ctx);
  if (t.nullable && !s.value)
    report.warnings.push({
      file: symbols.file,
      line: s.line,
      message: `param ${s.name}: a nullable parameter is required in an ARM template without languageVersion 2.0`,
    });
  if (t.aliased)
    report.warnings.push({
      file: symbols.file,
      line: s.line,
      message: `param ${s.name}: type ${t.aliased} is written as ${t.type}`,
    });
  const allowed = decorator(s.decorators, 'allowed');
  if (allowed?.args[0]) out['allowedValues'] = toJson(allowed.args[0], ctx);
  else if (t.allowed) out['allowedValues'] = t.allowed;
  for (const k of ['minValue', 'maxValue', 'minLength', 'maxLength']) {
    const d = decorator(s.decorators, k);
    if (d?.args[0]) out[k] = toJson(d.args[0], ctx);
  }
  const metadata = metadataOf(s.decorators, ctx);
  if (metadata) out['metadata'] = metadata;
  return out;
}

function metadataOf(decorators: readonly TDecorator[], ctx: TExprContext) {
  const m = decorator(decorators, 'metadata');
  const description = decorator(decorators, 'description');
  const out: Record<string, unknown> = m?.args[0]
    ? (toJson(m.args[0], ctx) as Record<string, unknown>)
    : {};
  if (description?.args[0]) out['description'] = toJson(description.args[0], ctx);
  return Object.keys(out).length > 0 ? out : undefined;
}

function outputJson(
  s: TStatement & { kind: 'output' },
  symbols: TFileSymbols,
  ctx: TExprContext,
): Record<string, unknown> {
  if (s.type.k === 'resource')
    throw new Unconvertible('resource-typed outputs need languageVersion 2.0', s);
  const t = armType(s.type, symbols);
  const out: Record<string, unknown> = {
    type: decorator(s.decorators, 'secure')
      ? t.type === 'object'
        ? 'secureObject'
        : 'securestring'
      : t.type,
  };
  const metadata = metadataOf(s.decorators, ctx);
  if (metadata) out['metadata'] = metadata;
  if (s.value.k === 'for') {
    const loop = s.value;
    if (loop.body.k === 'if') throw new Unconvertible('a filtered output loop', loop);
    const env = loopEnv(loop, 'copyIndex()', ctx);
    out['copy'] = { count: loopCount(loop.source, ctx), input: toJson(loop.body, { ...ctx, env }) };
  } else out['value'] = toJson(s.value, ctx);
  return out;
}

/** The `copy` and `condition` of a looped or conditional resource or module. */
function loopAndCondition(
  symbol: string,
  decl: { loop?: TResourceSymbol['loop']; condition?: TExpr; decorators?: readonly TDecorator[] },
  ctx: TExprContext,
  inner: TExprContext,
  json: Record<string, unknown>,
): void {
  if (decl.condition) json['condition'] = toJson(decl.condition, inner);
  if (decl.loop) {
    const copy: Record<string, unknown> = { name: symbol, count: loopCount(decl.loop.source, ctx) };
    const batch = decorator(decl.decorators ?? [], 'batchSize');
    if (batch?.args[0]) {
      copy['mode'] = 'serial';
      copy['batchSize'] = toJson(batch.args[0], ctx);
    }
    json['copy'] = copy;
  }
}

function bodyContext(
  symbol: string,
  loop: TResourceSymbol['loop'],
  symbols: TFileSymbols,
  files: readonly TConvertFile[],
) {
  const deps = new Map<string, string>();
  const ctx: TExprContext = { symbols, files, env: new Map(), deps };
  const env = loop ? loopEnv(loop, 'copyIndex()', ctx) : new Map<string, string>();
  env.set('$copy', symbol);
  return { ctx, inner: { ...ctx, env } as TExprContext, deps };
}

function explicitDependsOn(body: TExpr & { k: 'object' }, ctx: TExprContext): void {
  const list = body.props.find((p) => p.key === 'dependsOn')?.value;
  if (!list) return;
  if (list.k !== 'array') throw new Unconvertible('dependsOn must list resources or modules', list);
  for (const item of list.items) {
    const ref = refOf(item, ctx);
    if (!ref) throw new Unconvertible('dependsOn must list resources or modules', item);
    addDependency(ref, ctx);
  }
}

/** `Microsoft.Storage/storageAccounts/{0}`: the relative id ARM's `scope` property takes. */
function scopeJson(res: TResourceSymbol, ctx: TExprContext, index?: TExpr): string {
  const types = res.fullType.split('/');
  const names = nameSegments(res, { ...ctx, deps: undefined }, index);
  let format = types[0]!;
  for (let i = 1; i < types.length; i++) format += `/${types[i]}/{${i - 1}}`;
  return `[format(${[quote(format), ...names].join(', ')})]`;
}

function resourceJson(
  res: TResourceSymbol,
  symbols: TFileSymbols,
  files: readonly TConvertFile[],
): Record<string, unknown> {
  const { ctx, inner, deps } = bodyContext(res.symbol, res.loop, symbols, files);
  const json: Record<string, unknown> = {};
  loopAndCondition(res.symbol, res, ctx, inner, json);
  json['type'] = res.fullType;
  json['apiVersion'] = res.apiVersion;
  if (!res.nameExpr) throw new Unconvertible(`resource ${res.symbol} has no name`, res.at);
  if (res.parent) {
    const own = toExpr(res.nameExpr, inner);
    const parents = parentNames(res.parent, inner);
    const all = [...parents, own];
    json['name'] = all.every((n) => /^'(?:[^']|'')*'$/.test(n))
      ? all.map((n) => n.slice(1, -1).replace(/''/g, "'")).join('/')
      : `[format(${[quote(all.map((_, i) => `{${i}}`).join('/')), ...all].join(', ')})]`;
    if (!res.parent.existing) addDependency({ kind: 'resource', res: res.parent }, inner);
  } else json['name'] = toJson(res.nameExpr, inner);
  if (res.scope) {
    const target = refOf(res.scope, inner);
    if (target?.kind !== 'resource')
      throw new Unconvertible('scope of a resource must be another resource here', res.scope);
    json['scope'] = scopeJson(target.res, inner, target.index);
    addDependency(target, inner);
  }
  for (const p of res.body.props) {
    if (['name', 'parent', 'scope', 'dependsOn'].includes(p.key)) continue;
    if (p.value.k === 'for') throw new Unconvertible(`a loop as the value of ${p.key}`, p.value);
    setKey(json, p.key, toJson(p.value, inner, true));
  }
  explicitDependsOn(res.body, inner);
  finishDependsOn(json, deps, res.symbol);
  return json;
}

function parentNames(res: TResourceSymbol, ctx: TExprContext): string[] {
  const own = toExpr(res.nameExpr!, { ...ctx, deps: undefined });
  return res.parent ? [...parentNames(res.parent, ctx), own] : [own];
}

function finishDependsOn(
  json: Record<string, unknown>,
  deps: Map<string, string>,
  self: string,
): void {
  deps.delete(self);
  if (deps.size > 0) json['dependsOn'] = [...deps.values()];
}

/** An ARM expression as a JSON value: a quoted literal stays a plain string. */
function exprJson(expr: string): string {
  const literal = /^'((?:[^']|'')*)'$/.exec(expr);
  if (!literal) return `[${expr}]`;
  const s = literal[1]!.replace(/''/g, "'");
  return s.startsWith('[') ? `[${s}` : s;
}

function moduleJson(
  mod: TModuleSymbol,
  symbols: TFileSymbols,
  files: readonly TConvertFile[],
  report: TReport,
  stack: readonly string[],
): Record<string, unknown> {
  if (/^(br|ts)[:/]/.test(mod.path))
    throw new Unconvertible(
      `registry module ${mod.path}: download it and upload the .bicep file`,
      mod.at,
    );
  const path = resolvePath(symbols.file, mod.path);
  const file = path === undefined ? undefined : files.find((f) => f.path === path);
  if (!file) throw new Unconvertible(`module file ${mod.path} is not in the upload`, mod.at);
  if (stack.includes(file.path))
    throw new Unconvertible(`module ${mod.path} includes itself`, mod.at);
  const compiled = compileFile(file, files, report, [...stack, file.path]);
  const { ctx, inner, deps } = bodyContext(mod.symbol, mod.loop, symbols, files);
  const json: Record<string, unknown> = {};
  loopAndCondition(mod.symbol, mod, ctx, inner, json);
  json['type'] = 'Microsoft.Resources/deployments';
  json['apiVersion'] = DEPLOYMENTS_API;
  const nameProp = mod.body.props.find((p) => p.key === 'name')?.value;
  json['name'] = nameProp ? toJson(nameProp, inner) : exprJson(moduleNameExpr(mod, inner));
  const scope = mod.body.props.find((p) => p.key === 'scope')?.value;
  let atResourceGroup = symbols.targetScope === 'resourceGroup';
  if (scope) {
    const target = refOf(scope, inner);
    if (
      target?.kind === 'resource' &&
      target.res.fullType.toLowerCase() === 'microsoft.resources/resourcegroups'
    ) {
      json['resourceGroup'] = toJson(target.res.nameExpr!, inner);
      addDependency(target, inner);
      atResourceGroup = true;
    } else if (scope.k === 'call' && scope.name === 'resourceGroup') {
      if (scope.args.length === 2) json['subscriptionId'] = toJson(scope.args[0]!, inner);
      if (scope.args.length > 0)
        json['resourceGroup'] = toJson(scope.args[scope.args.length - 1]!, inner);
      atResourceGroup = true;
    } else if (scope.k === 'call' && scope.name === 'subscription') {
      if (scope.args[0]) json['subscriptionId'] = toJson(scope.args[0], inner);
      atResourceGroup = false;
    } else throw new Unconvertible('this module scope is not converted', scope);
  }
  if (!atResourceGroup || compiled.targetScope !== 'resourceGroup')
    if (symbols.targetScope !== 'resourceGroup') json['location'] = '[deployment().location]';
  const parameters: Record<string, unknown> = {};
  const params = mod.body.props.find((p) => p.key === 'params')?.value;
  if (params && params.k !== 'object')
    throw new Unconvertible('module params must be an object', params);
  for (const p of params?.k === 'object' ? params.props : []) {
    setKey(
      parameters,
      p.key,
      p.value.k === 'for'
        ? { copy: [propertyCopy('value', p.value, inner)] }
        : { value: toJson(p.value, inner, true) },
    );
  }
  json['properties'] = {
    expressionEvaluationOptions: { scope: 'inner' },
    mode: 'Incremental',
    ...(Object.keys(parameters).length > 0 ? { parameters } : {}),
    template: compiled.template,
  };
  explicitDependsOn(mod.body, inner);
  finishDependsOn(json, deps, mod.symbol);
  return json;
}

/** Files no other file uses as a module: each is an entry point. */
function entries(files: readonly TConvertFile[]): TConvertFile[] {
  const bicep = files.filter((f) => f.path.endsWith('.bicep'));
  const used = new Set<string>();
  for (const f of bicep)
    for (const m of f.content.matchAll(/^\s*module\s+\w+\s+'([^']+)'/gm)) {
      const p = resolvePath(f.path, m[1]!);
      if (p) used.add(p);
    }
  return bicep.filter((f) => !used.has(f.path));
}

/**
 * Bicep → ARM. `entry` names the file to build; without it every file that is not another's
 * module is built (`main.bicep` → `main.json`). A syntax error throws ConvertError.
 */
export function bicepToArm(files: readonly TConvertFile[], entry?: string): TConvertOutput {
  const report: TReport = { warnings: [], unconverted: [] };
  const roots = entry ? files.filter((f) => f.path === entry) : entries(files);
  const params = files.filter((f) => f.path.endsWith('.bicepparam'));
  if (roots.length === 0 && (entry || params.length === 0))
    throw new ConvertError(
      entry ? `${entry} is not in the upload` : 'No .bicep file in the upload.',
    );
  const out: TConvertFile[] = [];
  for (const f of roots) {
    const { template } = compileFile(f, files, report, [f.path]);
    out.push({
      path: f.path.replace(/\.bicep$/, '.json'),
      content: `${JSON.stringify(template, null, 2)}\n`,
    });
  }
  for (const f of params) out.push(bicepParamToArm(f, files, report.unconverted));
  return { files: out, warnings: report.warnings, unconverted: report.unconverted };
}

export { lineOf };
