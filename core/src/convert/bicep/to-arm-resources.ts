import type { TConvertFile } from '../types';
import type { TDecorator, TExpr } from './ast';
import {
  DEPLOYMENTS_API,
  quote,
  Unconvertible,
  type TCompiled,
  type TExprContext,
  type TFileSymbols,
  type TModuleSymbol,
  type TExtension,
  type TResourceSymbol,
} from './context';
import { extensionFor } from './extensions';
import { setKey } from './arm-syntax';
import { addDependency, loopEnv, moduleNameExpr, nameSegments, toExpr } from './expr-to-arm';
import { loopCount, propertyCopy, toJson } from './json-to-arm';
import { keyVaultReference } from './key-vault';
import { resolvePath } from './load-content';
import { refOf } from './refs';
import { decorator } from './decorators';

/**
 * Resources and modules → ARM: `copy` and `condition`, names of child resources, `scope`,
 * `dependsOn` from the references found, modules as inner-scope nested deployments.
 */

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

export function resourceJson(
  res: TResourceSymbol,
  symbols: TFileSymbols,
  files: readonly TConvertFile[],
): Record<string, unknown> {
  const { ctx, inner, deps } = bodyContext(res.symbol, res.loop, symbols, files);
  const json: Record<string, unknown> = {};
  loopAndCondition(res.symbol, res, ctx, inner, json);
  if (symbols.symbolic && res.existing) json['existing'] = true;
  const extension = extensionFor(res.fullType, symbols.extensions);
  if (extension && symbols.symbolic)
    return extensionResourceJson(res, extension, inner, json, deps);
  if (!res.fullType.split('/')[0]!.includes('.'))
    throw new Unconvertible(
      `${res.fullType} is not an ARM resource type: a resource of an extension that is not declared or not converted`,
      res.at,
    );
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
  const scopeCall = res.scope?.k === 'call' && !res.scope.ns ? res.scope : undefined;
  if (res.existing && scopeCall && ['resourceGroup', 'subscription'].includes(scopeCall.name)) {
    // An existing resource elsewhere (languageVersion 2.0): its group and subscription.
    const [first, second] = scopeCall.args;
    if (scopeCall.name === 'subscription' || second)
      if (first) json['subscriptionId'] = toJson(first, inner);
    const group = scopeCall.name === 'resourceGroup' ? (second ?? first) : undefined;
    if (group) json['resourceGroup'] = toJson(group, inner);
  } else if (res.scope) {
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

/**
 * A resource of an extension (`import`, its type with the version, its body under
 * `properties`), as `bicep build` writes it (Azure/bicep, src/Bicep.Core/Emit/TemplateWriter.cs,
 * EmitResource).
 */
function extensionResourceJson(
  res: TResourceSymbol,
  extension: TExtension,
  inner: TExprContext,
  json: Record<string, unknown>,
  deps: Map<string, string>,
): Record<string, unknown> {
  json['import'] = extension.alias;
  json['type'] = `${res.fullType}@${res.apiVersion}`;
  const properties: Record<string, unknown> = {};
  for (const p of res.body.props) {
    if (p.key === 'dependsOn') continue;
    if (p.value.k === 'for') throw new Unconvertible(`a loop as the value of ${p.key}`, p.value);
    setKey(properties, p.key, toJson(p.value, inner, true));
  }
  json['properties'] = properties;
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

export function moduleJson(
  mod: TModuleSymbol,
  symbols: TFileSymbols,
  files: readonly TConvertFile[],
  stack: readonly string[],
  compile: (file: TConvertFile, stack: readonly string[]) => TCompiled,
): Record<string, unknown> {
  if (/^(br|ts)[:/]/.test(mod.path))
    throw new Unconvertible(
      `registry module ${mod.path} cannot be fetched offline: put the module's files in the upload (e.g. \`bicep restore\`, then copy them from the module cache) and refer to them by a relative path ('./modules/x.bicep')`,
      mod.at,
    );
  const path = resolvePath(symbols.file, mod.path);
  const file = path === undefined ? undefined : files.find((f) => f.path === path);
  if (!file) throw new Unconvertible(`module file ${mod.path} is not in the upload`, mod.at);
  if (stack.includes(file.path))
    throw new Unconvertible(`module ${mod.path} includes itself`, mod.at);
  const compiled = compile(file, [...stack, file.path]);
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
        : (keyVaultReference(p.value, inner) ?? { value: toJson(p.value, inner, true) }),
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
