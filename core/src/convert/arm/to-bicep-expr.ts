import { callOf, printArm, type TArmNode } from './expr';
import { CANONICAL } from './bicep-functions';
import { matchResource, matchCopyItem } from './to-bicep-match';

/**
 * ARM expression trees → Bicep expressions, as `bicep decompile` writes them: `parameters('x')`
 * → `x`, `resourceId()` of a template resource → `symbol.id`, `reference()` → `symbol.properties`,
 * `concat`/`format` → interpolation, `equals`/`and`/`if` → operators, `copyIndex()` → the loop
 * variable.
 */
export interface TTemplateResource {
  readonly symbol: string;
  /** Lower-cased full type. */
  readonly type: string;
  readonly apiVersion: string;
  /** The name's segments, canonical ARM text (`parameters('vnet')`, `'subnet1'`). */
  readonly segments: readonly string[];
  /** The whole name, canonical ARM text. */
  readonly fullName: string;
  readonly copyName?: string;
  /** The name's segments as trees, for naming one item of a copy loop. */
  readonly segmentNodes?: readonly TArmNode[];
  readonly isModule: boolean;
  /** languageVersion 2.0: the symbolic name `reference('x')` and `dependsOn` use. */
  readonly key?: string;
  /** A resource of an extension: `reference('x')` reads its body, not `.properties`. */
  readonly isExtension?: boolean;
}

export interface TDecompileScope {
  readonly params: ReadonlyMap<string, string>;
  readonly vars: ReadonlyMap<string, string>;
  readonly resources: readonly TTemplateResource[];
  /** Index variable of each enclosing loop: `''` is the resource's or output's own copy. */
  readonly loops: ReadonlyMap<string, string>;
  readonly lambdas: ReadonlySet<string>;
  /** Symbols the converted expressions refer to (implied dependencies). */
  readonly used: Set<string>;
  /** Why a piece could not be converted (the caller reports it with its line). */
  readonly problems: string[];
}

interface TOut {
  readonly t: string;
  /** Precedence: 1 ternary … 10 primary. */
  readonly p: number;
}

const BINARY: Readonly<Record<string, [string, number]>> = {
  equals: ['==', 5],
  less: ['<', 6],
  lessorequals: ['<=', 6],
  greater: ['>', 6],
  greaterorequals: ['>=', 6],
  add: ['+', 7],
  sub: ['-', 7],
  mul: ['*', 8],
  div: ['/', 8],
  mod: ['%', 8],
};
const CHAINED: Readonly<Record<string, [string, number]>> = {
  and: ['&&', 4],
  or: ['||', 3],
  coalesce: ['??', 2],
};

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A Bicep string literal's text: `\`, `'` and `${` escaped. */
export function escapeBicep(s: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\$\{/g, '\\${')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t');
}

const wrap = (o: TOut, min: number) => (o.p >= min ? o.t : `(${o.t})`);

/** Pieces of a string-valued concat/format: literal text or expressions; undefined if not one. */
function stringPieces(n: TArmNode): (string | TArmNode)[] | undefined {
  const concat = callOf(n, 'concat');
  if (concat && concat.args.some((a) => a.k === 'str')) {
    return concat.args.flatMap((a) => (a.k === 'str' ? [a.value] : (stringPieces(a) ?? [a])));
  }
  const format = callOf(n, 'format');
  if (format && format.args[0]?.k === 'str') {
    const f = format.args[0].value;
    const out: (string | TArmNode)[] = [];
    let text = '';
    for (let i = 0; i < f.length; i++) {
      const c = f[i]!;
      if ((c === '{' || c === '}') && f[i + 1] === c) {
        text += c;
        i++;
      } else if (c === '{') {
        const m = /^\{(\d+)\}/.exec(f.slice(i));
        const arg = m ? format.args[Number(m[1]) + 1] : undefined;
        if (!m || !arg) return undefined;
        if (text) out.push(text);
        text = '';
        out.push(...(arg.k === 'str' ? [arg.value] : (stringPieces(arg) ?? [arg])));
        i += m[0].length - 1;
      } else if (c === '}') return undefined;
      else text += c;
    }
    if (text) out.push(text);
    return out;
  }
  return undefined;
}

function interpolation(pieces: readonly (string | TArmNode)[], scope: TDecompileScope): string {
  let s = "'";
  for (const p of pieces)
    s += typeof p === 'string' ? escapeBicep(p) : `\${${bicepOf(p, scope).t}}`;
  return `${s}'`;
}

/** A loop's own `X[copyIndex()]`… stays an index into X; `copyIndex()` is the loop variable. */
function copyIndex(n: TArmNode & { k: 'call' }, scope: TDecompileScope): TOut {
  const [first, second] = n.args;
  const name = first?.k === 'str' ? first.value : '';
  const offset = first?.k === 'num' ? first : second;
  const v = scope.loops.get(name);
  if (v === undefined) {
    scope.problems.push(`copyIndex(${name ? `'${name}'` : ''}) outside its loop`);
    return { t: printArm(n), p: 10 };
  }
  if (!offset) return { t: v, p: 10 };
  return { t: `${v} + ${bicepOf(offset, scope).t}`, p: 7 };
}

/** `reference(…)` of a template resource or module: its symbol, with `.properties` or not. */
function reference(
  n: TArmNode & { k: 'call' },
  scope: TDecompileScope,
  path: string[],
): TOut | undefined {
  const [target, , full] = n.args;
  if (!target) return undefined;
  const found = matchResource(target, scope);
  const item = found && !found.copyName ? undefined : matchCopyItem(target, scope);
  const res = found && !found.copyName ? found : item?.res;
  if (!res) return undefined;
  scope.used.add(res.symbol);
  const symbol = item ? `${res.symbol}[${bicepOf(item.index, scope).t}]` : res.symbol;
  if (res.isModule) {
    // `.outputs.x.value` of a nested deployment is the module's `outputs.x`.
    if (path[0] === 'outputs' && path[2] === 'value')
      return {
        t: `${symbol}.outputs.${member(path[1]!)}${path
          .slice(3)
          .map(member)
          .map((m) => `.${m}`)
          .join('')}`,
        p: 10,
      };
    return undefined;
  }
  const isFull = full?.k === 'str' && full.value.toLowerCase() === 'full';
  const rest = path.map((p) => (IDENT.test(p) ? `.${p}` : `['${escapeBicep(p)}']`)).join('');
  return { t: `${symbol}${isFull || res.isExtension ? '' : '.properties'}${rest}`, p: 10 };
}

const member = (p: string) => (IDENT.test(p) ? p : `'${escapeBicep(p)}'`);

export function bicepOf(n: TArmNode, scope: TDecompileScope): TOut {
  switch (n.k) {
    case 'str':
      return { t: `'${escapeBicep(n.value)}'`, p: 10 };
    case 'num':
      return { t: String(n.value), p: n.value < 0 ? 9 : 10 };
    case 'prop':
    case 'index': {
      // reference(x).a.b: find the call under the property chain.
      const path: string[] = [];
      let cur: TArmNode = n;
      while (cur.k === 'prop') {
        path.unshift(cur.name);
        cur = cur.target;
      }
      const ref = callOf(cur, 'reference');
      if (ref && n.k === 'prop') {
        const out = reference(ref, scope, path);
        if (out) return out;
      }
      if (n.k === 'prop') {
        const target = bicepOf(n.target, scope);
        return {
          t: `${wrap(target, 10)}${IDENT.test(n.name) ? `.${n.name}` : `['${escapeBicep(n.name)}']`}`,
          p: 10,
        };
      }
      return { t: `${wrap(bicepOf(n.target, scope), 10)}[${bicepOf(n.index, scope).t}]`, p: 10 };
    }
    case 'call':
      return call(n, scope);
  }
}

function call(n: TArmNode & { k: 'call' }, scope: TDecompileScope): TOut {
  const name = n.name.toLowerCase();
  const args = n.args;
  const literalArg = args[0]?.k === 'str' ? args[0].value : undefined;
  switch (name) {
    case 'parameters': {
      const p = literalArg !== undefined ? scope.params.get(literalArg) : undefined;
      if (p) return { t: p, p: 10 };
      break;
    }
    case 'variables': {
      const v = literalArg !== undefined ? scope.vars.get(literalArg) : undefined;
      if (v) return { t: v, p: 10 };
      break;
    }
    case 'copyindex':
      return copyIndex(n, scope);
    case 'true':
    case 'false':
      if (args.length === 0) return { t: name, p: 10 };
      break;
    case 'null':
      return { t: 'null', p: 10 };
    case 'lambdavariables':
      if (literalArg !== undefined && scope.lambdas.has(literalArg))
        return { t: literalArg, p: 10 };
      break;
    case 'lambda': {
      const names = args.slice(0, -1).map((a) => (a.k === 'str' ? a.value : ''));
      const inner = { ...scope, lambdas: new Set([...scope.lambdas, ...names]) };
      const body = bicepOf(args[args.length - 1]!, inner).t;
      return { t: `${names.length === 1 ? names[0] : `(${names.join(', ')})`} => ${body}`, p: 1 };
    }
    case 'resourceid':
    case 'subscriptionresourceid':
    case 'tenantresourceid':
    case 'extensionresourceid': {
      const res = matchResource(n, scope);
      if (res && !res.copyName) {
        scope.used.add(res.symbol);
        return { t: `${res.symbol}.id`, p: 10 };
      }
      const item = matchCopyItem(n, scope);
      if (item) {
        scope.used.add(item.res.symbol);
        return { t: `${item.res.symbol}[${bicepOf(item.index, scope).t}].id`, p: 10 };
      }
      break;
    }
    case 'reference': {
      const out = reference(n, scope, []);
      if (out) return out;
      break;
    }
    case 'not': {
      const eq = args[0] && callOf(args[0], 'equals');
      if (eq && eq.args.length === 2) return binary('!=', 5, eq.args[0]!, eq.args[1]!, scope);
      if (args.length === 1) return { t: `!${wrap(bicepOf(args[0]!, scope), 9)}`, p: 9 };
      break;
    }
    case 'if':
      if (args.length === 3) {
        const [c, a, b] = args.map((x) => bicepOf(x, scope));
        return { t: `${wrap(c!, 2)} ? ${wrap(a!, 2)} : ${wrap(b!, 2)}`, p: 1 };
      }
      break;
    case 'createobject': {
      const pairs: string[] = [];
      for (let i = 0; i + 1 < args.length; i += 2) {
        const k = args[i]!;
        const key = k.k === 'str' ? member(k.value) : undefined;
        if (key === undefined) return fallback(n, scope);
        pairs.push(`${key}: ${bicepOf(args[i + 1]!, scope).t}`);
      }
      return { t: pairs.length === 0 ? '{}' : `{ ${pairs.join(', ')} }`, p: 10 };
    }
    case 'createarray':
      return { t: `[${args.map((a) => bicepOf(a, scope).t).join(', ')}]`, p: 10 };
    case 'concat':
    case 'format': {
      const pieces = stringPieces(n);
      if (pieces) return { t: interpolation(pieces, scope), p: 10 };
      break;
    }
    case 'listkeys':
    case 'listsecrets': {
      const res = args[0] ? matchResource(args[0], scope) : undefined;
      if (
        res &&
        !res.copyName &&
        args.length === 2 &&
        args[1]?.k === 'str' &&
        args[1].value === res.apiVersion
      ) {
        scope.used.add(res.symbol);
        return { t: `${res.symbol}.${CANONICAL.get(name) ?? n.name}()`, p: 10 };
      }
      break;
    }
  }
  if (BINARY[name] && args.length === 2) {
    const [op, p] = BINARY[name];
    return binary(op, p, args[0]!, args[1]!, scope);
  }
  if (CHAINED[name] && args.length >= 2) {
    const [op, p] = CHAINED[name];
    const parts = args.map((a, i) => wrap(bicepOf(a, scope), i === 0 ? p : p + 1));
    return { t: parts.join(` ${op} `), p };
  }
  return fallback(n, scope);
}

function binary(op: string, p: number, l: TArmNode, r: TArmNode, scope: TDecompileScope): TOut {
  return { t: `${wrap(bicepOf(l, scope), p)} ${op} ${wrap(bicepOf(r, scope), p + 1)}`, p };
}

/** A user-defined function's Bicep name: `__bicep.f` (as `bicep build` writes) → `f`, `ns.f` → `ns_f`. */
export function userFunctionName(armName: string): string {
  const dot = armName.indexOf('.');
  if (dot < 0) return armName;
  const ns = armName.slice(0, dot);
  return ns.toLowerCase() === '__bicep'
    ? armName.slice(dot + 1)
    : `${ns}_${armName.slice(dot + 1)}`;
}

function fallback(n: TArmNode & { k: 'call' }, scope: TDecompileScope): TOut {
  const name = n.name.toLowerCase();
  if (['parameters', 'variables', 'lambdavariables'].includes(name))
    scope.problems.push(`${n.name}() with a computed name`);
  const fn = CANONICAL.get(name) ?? userFunctionName(n.name);
  return { t: `${fn}(${n.args.map((a) => bicepOf(a, scope).t).join(', ')})`, p: 10 };
}
