import type { TExpr, TProgram, TResourceDecl, TTypeExpr } from './ast';
import {
  Unconvertible,
  type TFileSymbols,
  type TLoop,
  type TModuleSymbol,
  type TResourceSymbol,
} from './context';
import { extensionOf } from './extensions';

/** Splits a declaration's value into its body, loop and condition. */
export function declParts(value: TExpr): {
  body: TExpr & { k: 'object' };
  loop?: TLoop;
  condition?: TExpr;
} {
  let v = value;
  let loop: TLoop | undefined;
  let condition: TExpr | undefined;
  if (v.k === 'for') {
    loop = {
      ...(v.item ? { item: v.item } : {}),
      ...(v.index ? { index: v.index } : {}),
      source: v.source,
    };
    v = v.body;
  }
  if (v.k === 'if') {
    condition = v.cond;
    v = v.body;
  }
  if (v.k !== 'object') throw new Unconvertible('expected an object body', v);
  return { body: v, ...(loop ? { loop } : {}), ...(condition ? { condition } : {}) };
}

const prop = (body: TExpr & { k: 'object' }, key: string) =>
  body.props.find((p) => p.key === key)?.value;

function splitType(type: string, at: TResourceDecl): { type: string; apiVersion?: string } {
  const i = type.indexOf('@');
  if (i < 0) return { type };
  if (type.startsWith('br:') || type.includes('://'))
    throw new Unconvertible(`resource type ${type}`, at);
  return { type: type.slice(0, i), apiVersion: type.slice(i + 1) };
}

/** A type only a languageVersion 2.0 template can say: an object, a tuple, a nullable. */
const isStructured = (t: TTypeExpr | undefined): boolean =>
  t !== undefined &&
  (t.k === 'object' ||
    t.k === 'tuple' ||
    t.k === 'nullable' ||
    (t.k === 'array' && isStructured(t.item)) ||
    (t.k === 'union' && t.members.some(isStructured)));

/**
 * Whether `bicep build` writes this file as languageVersion 2.0 for what the converter supports
 * (Azure/bicep, src/Bicep.Core/Emit/EmitterSettings.cs): type declarations, extensions, and
 * object, tuple or nullable types on parameters and outputs.
 */
function needsLanguageVersion2(program: TProgram): boolean {
  return program.statements.some(
    (s) =>
      s.kind === 'type' ||
      s.kind === 'extension' ||
      ((s.kind === 'param' || s.kind === 'output') && isStructured(s.type)),
  );
}

/** The symbol table of one file: parameters, variables, types, resources (nested too), modules. */
export function collectSymbols(
  program: TProgram,
  file: string,
  text: string,
): { symbols: TFileSymbols; problems: Unconvertible[] } {
  const symbols: TFileSymbols = {
    file,
    text,
    targetScope: 'resourceGroup',
    symbolic: needsLanguageVersion2(program),
    extensions: new Map(),
    typeDecls: new Map(),
    params: new Map(),
    vars: new Map(),
    types: new Map(),
    resources: new Map(),
    modules: new Map(),
    funcs: new Map(),
    imported: new Map(),
    namespaces: new Map(),
  };
  const parentExprs = new Map<TResourceSymbol, TExpr>();
  const addResource = (decl: TResourceDecl, enclosing?: TResourceSymbol) => {
    const { type, apiVersion } = splitType(decl.type, decl);
    const relative = enclosing !== undefined && !type.includes('/');
    if (!relative && !/^[A-Za-z0-9.]+\/[A-Za-z0-9/]+$/.test(type))
      throw new Unconvertible(`resource type ${decl.type} is not an ARM type`, decl);
    const version = apiVersion ?? enclosing?.apiVersion;
    if (!version) throw new Unconvertible(`resource ${decl.name} has no API version`, decl);
    const parts = declParts(decl.value);
    const nameExpr = prop(parts.body, 'name');
    const scope = prop(parts.body, 'scope');
    const res: TResourceSymbol = {
      symbol: enclosing ? `${enclosing.symbol}::${decl.name}` : decl.name,
      fullType: relative ? `${enclosing.fullType}/${type}` : type,
      apiVersion: version,
      existing: decl.existing,
      ...(enclosing ? { parent: enclosing } : {}),
      body: parts.body,
      ...(nameExpr ? { nameExpr } : {}),
      ...(scope ? { scope } : {}),
      ...(parts.loop ? { loop: parts.loop } : {}),
      ...(parts.condition ? { condition: parts.condition } : {}),
      decorators: decl.decorators,
      at: decl,
    };
    if (enclosing?.loop)
      throw new Unconvertible(`nested resource ${decl.name} inside a loop`, decl);
    symbols.resources.set(res.symbol, res);
    const parentExpr = prop(parts.body, 'parent');
    if (parentExpr) parentExprs.set(res, parentExpr);
    for (const child of parts.body.resources) addResource(child, res);
  };
  const broken: Unconvertible[] = [];
  for (const s of program.statements) {
    try {
      switch (s.kind) {
        case 'targetScope':
          if (s.value.k === 'str' && s.value.parts.length === 1)
            (symbols as { targetScope: string }).targetScope = s.value.parts[0] as string;
          break;
        case 'param':
          symbols.params.set(s.name, s);
          break;
        case 'var':
          symbols.vars.set(s.name, s);
          break;
        case 'type':
          symbols.types.set(s.name, s.type);
          symbols.typeDecls.set(s.name, s);
          break;
        case 'extension':
          try {
            const ext = extensionOf(s);
            symbols.extensions.set(ext.alias, ext);
          } catch (e) {
            if (!(e instanceof Unconvertible)) throw e; // reported with the statement
          }
          break;
        case 'func':
          symbols.funcs.set(s.name, { stmt: s, home: symbols });
          break;
        case 'resource':
          addResource(s);
          break;
        case 'module': {
          const parts = declParts(s.value);
          const mod: TModuleSymbol = { symbol: s.name, path: s.path, ...parts, at: s };
          symbols.modules.set(s.name, mod);
          break;
        }
      }
    } catch (e) {
      if (e instanceof Unconvertible) broken.push(e);
      else throw e;
    }
  }
  for (const [res, expr] of parentExprs) {
    const symbolOf = (e: TExpr): string | undefined =>
      e.k === 'id'
        ? e.name
        : e.k === 'child'
          ? `${symbolOf(e.target) ?? ''}::${e.name}`
          : undefined;
    const name = symbolOf(expr);
    const parent = name ? symbols.resources.get(name) : undefined;
    if (parent) res.parent = parent;
    else
      broken.push(
        new Unconvertible(`parent of ${res.symbol} is not a resource of this file`, expr),
      );
  }
  return { symbols, problems: broken };
}

/** `config.sku`: the type of a member of a declared object type. */
function memberType(name: string, symbols: TFileSymbols): TTypeExpr | undefined {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return undefined;
  const owner = symbols.types.get(name.slice(0, dot)) ?? memberType(name.slice(0, dot), symbols);
  const member = name.slice(dot + 1);
  return owner?.k === 'object' ? owner.members.find((m) => m.key === member)?.type : undefined;
}

/** The ARM type of a Bicep type, with the allowed values a union of literals gives. */
export function armType(
  t: TTypeExpr | undefined,
  symbols: TFileSymbols,
  seen = new Set<string>(),
): { type: string; allowed?: unknown[]; nullable?: boolean; aliased?: string } {
  if (!t) return { type: 'object' };
  switch (t.k) {
    case 'name': {
      if (['string', 'int', 'bool', 'object', 'array'].includes(t.name)) return { type: t.name };
      const alias = symbols.types.get(t.name) ?? memberType(t.name, symbols);
      if (alias && !seen.has(t.name))
        return { ...armType(alias, symbols, new Set([...seen, t.name])), aliased: t.name };
      return { type: 'object', aliased: t.name };
    }
    case 'literal':
      return {
        type:
          typeof t.value === 'number' ? 'int' : typeof t.value === 'boolean' ? 'bool' : 'string',
        allowed: [t.value],
      };
    case 'array':
    case 'tuple':
      return { type: 'array' };
    case 'nullable':
      return { ...armType(t.inner, symbols, seen), nullable: true };
    case 'union': {
      const members = t.members.map((m) => armType(m, symbols, seen));
      const types = new Set(members.map((m) => m.type));
      const allowed = members.every((m) => m.allowed)
        ? members.flatMap((m) => m.allowed!)
        : undefined;
      return {
        type: types.size === 1 ? members[0]!.type : 'object',
        ...(allowed ? { allowed } : {}),
      };
    }
    case 'object':
      return { type: 'object' };
    case 'resource':
      return { type: 'string' };
  }
}
