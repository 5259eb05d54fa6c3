import type { THclExpr, THclStep, THclTemplatePart } from '../hcl/ast';
import { printHcl } from '../hcl/print';
import type { TTfExpr, TTfRef } from '../../iac/ir/terraform-ir';
import { instanceRefs, moduleSuffix, type TInstanceKey } from './expand-refs';
import { foldCall } from './functions';
import { isStatic, isTaggedVal, refsOf, toJson, fromJson, type TVal } from './value';

/** What names mean where an expression is evaluated (a module instance, an environment). */
export interface TEvalScope {
  /** `module.net.` inside a module called `net`; '' at the root. */
  readonly prefix: string;
  /** `var.<name>`: its value, or undefined when only Terraform will know (no default). */
  variable(name: string): TVal | undefined;
  local(name: string): TVal | undefined;
  /** `module.<name>.<output>` */
  moduleOutput(module: string, output: string): TVal | undefined;
  /** Iteration variables of `for` expressions. */
  readonly bound?: ReadonlyMap<string, TVal>;
  /** The instance keys of a resource read one by one (`count`, `for_each`; expand-refs.ts). */
  readonly instanceKeys?: (address: string) => readonly TInstanceKey[] | undefined;
}

const raw = (e: THclExpr, inner: readonly TVal[] = []): TVal => ({
  $: 'raw',
  text: printHcl(e),
  refs: inner.flatMap((v) => refsOf(v)),
});

const RESERVED_ROOTS = new Set(['count', 'each', 'path', 'terraform', 'self']);

/** `a.b[0].c`: the attribute path the IR keeps after an address. */
function attrPath(steps: readonly THclStep[], scope: TEvalScope): string | undefined {
  let out = '';
  for (const s of steps) {
    if (s.k === 'attr') out += out === '' ? s.name : `.${s.name}`;
    else if (s.k === 'index') {
      const i = evaluate(s.index, scope);
      if (typeof i === 'number') out += `[${i}]`;
      else if (typeof i === 'string') out += `["${i}"]`;
      else return undefined;
    } else return undefined;
  }
  return out;
}

/**
 * Steps applied to a value known in shape (`var.settings.size`, `local.subnets[0]`,
 * `module.vpc.private_subnet_ids[0]`): its elements may still be references.
 */
function navigate(value: TVal, steps: readonly THclStep[], scope: TEvalScope): TVal | undefined {
  let v: TVal = value;
  for (const s of steps) {
    if (s.k === 'splat') return undefined;
    const key = s.k === 'attr' ? s.name : toJson(evaluate(s.index, scope));
    let next: TVal | undefined;
    if (Array.isArray(v) && typeof key === 'number') next = (v as readonly TVal[])[key];
    else if (
      isTaggedVal(v) &&
      v.$ === 'obj' &&
      (typeof key === 'string' || typeof key === 'number')
    )
      next = v.entries[String(key)];
    // An instance of a resource read one by one (`each.value.id` over `for_each = aws_subnet.x`).
    else if (isTaggedVal(v) && v.$ === 'ref' && s.k === 'attr')
      next = { ...v, attr: v.attr ? `${v.attr}.${s.name}` : s.name };
    if (next === undefined) return undefined;
    v = next;
  }
  return v;
}

function traversal(e: THclExpr, root: string, steps: readonly THclStep[], scope: TEvalScope): TVal {
  const bound = scope.bound?.get(root);
  if (bound !== undefined) return navigate(bound, steps, scope) ?? raw(e, [bound]);
  const first = steps[0];
  const name = first?.k === 'attr' ? first.name : undefined;
  if (root === 'var' && name) {
    const v = scope.variable(name);
    if (v === undefined) {
      const rest = attrPath(steps.slice(1), scope);
      return rest === undefined ? raw(e) : { $: 'ref', address: `var.${name}`, attr: rest };
    }
    if (steps.length === 1) return v;
    return navigate(v, steps.slice(1), scope) ?? raw(e, [v]);
  }
  if (root === 'local' && name) {
    const v = scope.local(name);
    if (v === undefined) return raw(e);
    if (steps.length === 1) return v;
    return navigate(v, steps.slice(1), scope) ?? raw(e, [v]);
  }
  if (root === 'module' && name) {
    // `module.net[0].id`, `module.net["a"].id`: an instance of a call with count or for_each.
    const at = steps[1]?.k === 'index' ? toJson(evaluate(steps[1].index, scope)) : undefined;
    const call =
      typeof at === 'number' || typeof at === 'string' ? `${name}${moduleSuffix(at)}` : name;
    const from = call === name ? 1 : 2;
    const step = steps[from];
    const v = step?.k === 'attr' ? scope.moduleOutput(call, step.name) : undefined;
    if (v === undefined) return raw(e);
    if (steps.length === from + 1) return v;
    if (isTaggedVal(v) && v.$ === 'ref') {
      const rest = attrPath(steps.slice(from + 1), scope);
      if (rest !== undefined)
        return { $: 'ref', address: v.address, attr: v.attr ? `${v.attr}.${rest}` : rest };
    }
    return navigate(v, steps.slice(from + 1), scope) ?? raw(e, [v]);
  }
  if (RESERVED_ROOTS.has(root)) return raw(e);
  // `data.<type>.<name>…` and `<type>.<name>…`: a resource attribute, known after apply.
  const isData = root === 'data';
  const typeStep = isData ? first : undefined;
  const type = isData ? (typeStep?.k === 'attr' ? typeStep.name : undefined) : root;
  const nameStep = isData ? steps[1] : first;
  if (!type || nameStep?.k !== 'attr') return raw(e);
  const rest = steps.slice(isData ? 2 : 1);
  const address = `${scope.prefix}${isData ? 'data.' : ''}${type}.${nameStep.name}`;
  // `aws_subnet.private[0].id`, `aws_instance.web[*].id`: instances of a counted resource.
  const keys = scope.instanceKeys?.(address);
  if (keys)
    return instanceRefs(
      e,
      address,
      keys,
      rest,
      (s) => attrPath(s, scope),
      (x) => evaluate(x, scope),
    );
  const attr = attrPath(rest, scope);
  if (attr === undefined)
    return { $: 'raw', text: printHcl(e), refs: [{ $: 'ref', address, attr: '' }] };
  return { $: 'ref', address, attr: attr.replace(/^\[\d+\]\.?/, '') };
}

function template(e: THclExpr, parts: readonly THclTemplatePart[], scope: TEvalScope): TVal {
  const out: (string | TTfExpr)[] = [];
  const inner: TVal[] = [];
  let known = true;
  for (const p of parts) {
    if (typeof p === 'string') {
      out.push(p);
      continue;
    }
    if (p.k !== 'interp') {
      known = false;
      continue;
    }
    const v = evaluate(p.expr, scope);
    inner.push(v);
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
      out.push(String(v));
    else if (isTaggedVal(v) && (v.$ === 'ref' || v.$ === 'call')) out.push(v);
    else if (isTaggedVal(v) && v.$ === 'tpl') out.push(...v.parts);
    else known = false;
  }
  if (!known) return raw(e, inner);
  const merged: (string | TTfExpr)[] = [];
  for (const p of out) {
    const last = merged[merged.length - 1];
    if (typeof p === 'string' && typeof last === 'string') merged[merged.length - 1] = last + p;
    else merged.push(p);
  }
  if (merged.length === 0) return '';
  if (merged.length === 1 && typeof merged[0] === 'string') return merged[0];
  return { $: 'tpl', parts: merged };
}

function binary(op: string, a: unknown, b: unknown): unknown {
  switch (op) {
    case '+':
      return Number(a) + Number(b);
    case '-':
      return Number(a) - Number(b);
    case '*':
      return Number(a) * Number(b);
    case '/':
      return Number(a) / Number(b);
    case '%':
      return Number(a) % Number(b);
    case '==':
      return JSON.stringify(a) === JSON.stringify(b);
    case '!=':
      return JSON.stringify(a) !== JSON.stringify(b);
    case '<':
      return Number(a) < Number(b);
    case '>':
      return Number(a) > Number(b);
    case '<=':
      return Number(a) <= Number(b);
    case '>=':
      return Number(a) >= Number(b);
    case '&&':
      return a === true && b === true;
    case '||':
      return a === true || b === true;
  }
  return undefined;
}

function forExpr(e: Extract<THclExpr, { k: 'for' }>, scope: TEvalScope): TVal {
  const coll = evaluate(e.collection, scope);
  if (!isStatic(coll)) return raw(e, [coll]);
  const json = toJson(coll);
  const pairs: [unknown, unknown][] = Array.isArray(json)
    ? json.map((v, i) => [i, v])
    : typeof json === 'object' && json !== null
      ? Object.entries(json)
      : [];
  const items: TVal[] = [];
  const entries: Record<string, TVal | TVal[]> = {};
  for (const [k, v] of pairs) {
    const bound = new Map(scope.bound ?? []);
    bound.set(e.valueVar, fromJson(v));
    if (e.keyVar) bound.set(e.keyVar, fromJson(k));
    const inner: TEvalScope = { ...scope, bound };
    if (e.cond) {
      const c = evaluate(e.cond, inner);
      if (typeof c !== 'boolean') return raw(e, [coll]);
      if (!c) continue;
    }
    const value = evaluate(e.valueExpr, inner);
    if (!e.keyExpr) {
      items.push(value);
      continue;
    }
    const key = evaluate(e.keyExpr, inner);
    if (typeof key !== 'string') return raw(e, [coll]);
    if (e.grouping) entries[key] = [...((entries[key] as TVal[] | undefined) ?? []), value];
    else entries[key] = value;
  }
  return e.keyExpr ? { $: 'obj', entries } : items;
}

/** A scope that knows nothing: what a `.tfvars` or backend file writes is literal. */
export const LITERAL_SCOPE: TEvalScope = {
  prefix: '',
  variable: () => undefined,
  local: () => undefined,
  moduleOutput: () => undefined,
};

/** Evaluates what can be known before plan; the rest stays an expression with its references. */
export function evaluate(e: THclExpr, scope: TEvalScope): TVal {
  switch (e.k) {
    case 'literal':
      return e.value;
    case 'paren':
      return evaluate(e.expr, scope);
    case 'template':
      return template(e, e.parts, scope);
    case 'variable': {
      const bound = scope.bound?.get(e.name);
      return bound !== undefined ? bound : raw(e);
    }
    case 'traversal': {
      if (e.target.k === 'variable') return traversal(e, e.target.name, e.steps, scope);
      const target = evaluate(e.target, scope);
      return (isStatic(target) ? navigate(target, e.steps, scope) : undefined) ?? raw(e, [target]);
    }
    case 'call': {
      const args = e.args.map((a) => evaluate(a, scope));
      if (e.expandFinal) return raw(e, args);
      return foldCall(e.fn, args) ?? { $: 'call', fn: e.fn, args: args as never };
    }
    case 'tuple':
      return e.items.map((i) => evaluate(i, scope));
    case 'object': {
      const entries: Record<string, TVal> = {};
      const inner: TVal[] = [];
      for (const item of e.items) {
        const key = evaluate(item.key, scope);
        const value = evaluate(item.value, scope);
        inner.push(value);
        if (typeof key !== 'string') return raw(e, inner);
        entries[key] = value;
      }
      return { $: 'obj', entries };
    }
    case 'conditional': {
      const cond = evaluate(e.cond, scope);
      if (cond === true) return evaluate(e.then, scope);
      if (cond === false) return evaluate(e.else, scope);
      return raw(e, [cond, evaluate(e.then, scope), evaluate(e.else, scope)]);
    }
    case 'binary': {
      const a = evaluate(e.left, scope);
      const b = evaluate(e.right, scope);
      if (!isStatic(a) || !isStatic(b)) return raw(e, [a, b]);
      const out = binary(e.op, toJson(a), toJson(b));
      return out === undefined ? raw(e) : fromJson(out);
    }
    case 'unary': {
      const v = evaluate(e.operand, scope);
      if (e.op === '-' && typeof v === 'number') return -v;
      if (e.op === '!' && typeof v === 'boolean') return !v;
      return raw(e, [v]);
    }
    case 'for':
      return forExpr(e, scope);
  }
}

export type { TTfRef };
