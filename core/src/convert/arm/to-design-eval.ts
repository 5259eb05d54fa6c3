import { ATTRIBUTE_PATTERN, type TResourceArg } from '../../iac/design/resource-arg';
import { ArmExprError, callOf, isExpression, parseJsonString, type TArmNode } from './expr';
import { canon } from './to-bicep-match';

/**
 * ARM expressions evaluated where they are static, for ARM → design: parameter defaults,
 * variables, `concat`/`format`; `resourceId()`/`reference()` of a template resource become
 * component references; anything else is UNRESOLVED.
 */
type TJson = Record<string, unknown>;
export const isObject = (v: unknown): v is TJson =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const UNRESOLVED = Symbol('unresolved');
export type TValue = TResourceArg | typeof UNRESOLVED;

export interface TTemplateScope {
  readonly params: TJson;
  readonly paramValues: ReadonlyMap<string, unknown>;
  readonly vars: TJson;
  readonly at: string;
  readonly resources: { type: string; segments: string[]; id: string; fullName: string }[];
}

export const hasRef = (v: unknown): boolean =>
  isObject(v)
    ? '$ref' in v || Object.values(v).some(hasRef)
    : Array.isArray(v)
      ? v.some(hasRef)
      : false;

/** A JSON value with its expressions evaluated; UNRESOLVED pieces are reported and left out. */
export function evaluateJson(
  v: unknown,
  scope: TTemplateScope,
  ids: ReadonlySet<string>,
  onLeft?: (path: string) => void,
  path = '',
): TValue {
  if (typeof v === 'string') {
    if (!isExpression(v)) return v.startsWith('[[') ? v.slice(1) : v;
    let node: TArmNode;
    try {
      node = parseJsonString(v);
    } catch (e) {
      if (e instanceof ArmExprError) {
        onLeft?.(path);
        return UNRESOLVED;
      }
      throw e;
    }
    const out = evaluate(node, scope);
    if (out === UNRESOLVED) onLeft?.(path);
    return out;
  }
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return v;
  if (Array.isArray(v)) {
    const out: TResourceArg[] = [];
    v.forEach((x, i) => {
      const e = evaluateJson(x, scope, ids, onLeft, `${path}[${i}]`);
      if (e !== UNRESOLVED) out.push(e);
    });
    return out;
  }
  const out: Record<string, TResourceArg> = {};
  for (const [k, x] of Object.entries(v as TJson)) {
    if (k === 'copy' && Array.isArray(x)) {
      onLeft?.(`${path}.copy`);
      continue;
    }
    const e = evaluateJson(x, scope, ids, onLeft, path ? `${path}.${k}` : k);
    if (e !== UNRESOLVED) out[k] = e;
  }
  return out;
}

export function evaluate(n: TArmNode, scope: TTemplateScope): TValue {
  if (n.k === 'str' || n.k === 'num') return n.value;
  if (n.k === 'prop' || n.k === 'index') {
    const path: string[] = [];
    let cur: TArmNode = n;
    while (cur.k === 'prop') {
      path.unshift(cur.name);
      cur = cur.target;
    }
    const ref = callOf(cur, 'reference');
    if (ref && n.k === 'prop' && ref.args[0]) {
      const target = resourceOf(ref.args[0], scope);
      const full = ref.args[2]?.k === 'str' && ref.args[2].value.toLowerCase() === 'full';
      const attribute = (full ? path : ['properties', ...path]).join('.');
      if (target && ATTRIBUTE_PATTERN.test(attribute)) return { $ref: target, attribute };
      return UNRESOLVED;
    }
    const base = evaluate(n.target, scope);
    if (n.k === 'prop')
      return isObject(base) && !('$ref' in base) && n.name in base
        ? (base[n.name] as TResourceArg)
        : UNRESOLVED;
    const index = evaluate(n.index, scope);
    if (Array.isArray(base) && typeof index === 'number') return base[index] ?? UNRESOLVED;
    if (isObject(base) && typeof index === 'string' && index in base)
      return base[index] as TResourceArg;
    return UNRESOLVED;
  }
  const name = n.name.toLowerCase();
  const args = n.args;
  const str = (i: number) => {
    const v = args[i] ? evaluate(args[i], scope) : UNRESOLVED;
    return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
  };
  switch (name) {
    case 'parameters': {
      const key = args[0]?.k === 'str' ? args[0].value : undefined;
      if (key === undefined) return UNRESOLVED;
      if (scope.paramValues.has(key)) return scope.paramValues.get(key) as TResourceArg;
      const def = scope.params[key];
      return isObject(def) && 'defaultValue' in def
        ? evaluateJson(def['defaultValue'], scope, new Set())
        : UNRESOLVED;
    }
    case 'variables': {
      const key = args[0]?.k === 'str' ? args[0].value : undefined;
      return key !== undefined && key in scope.vars
        ? evaluateJson(scope.vars[key], scope, new Set())
        : UNRESOLVED;
    }
    case 'resourceid': {
      const target = resourceOf(n, scope);
      return target ? { $ref: target, attribute: 'id' } : UNRESOLVED;
    }
    case 'true':
      return true;
    case 'false':
      return false;
    case 'null':
      return null;
    case 'concat': {
      const parts = args.map((_, i) => str(i));
      return parts.every((p) => p !== undefined) ? parts.join('') : UNRESOLVED;
    }
    case 'format': {
      const f = str(0);
      const parts = args.slice(1).map((_, i) => str(i + 1));
      if (f === undefined || parts.some((p) => p === undefined)) return UNRESOLVED;
      return f.replace(/\{\{|\}\}|\{(\d+)\}/g, (m, d: string | undefined) =>
        d !== undefined ? parts[Number(d)]! : m[0]!,
      );
    }
    case 'tolower':
    case 'toupper': {
      const s = str(0);
      return s === undefined ? UNRESOLVED : name === 'tolower' ? s.toLowerCase() : s.toUpperCase();
    }
    default:
      return UNRESOLVED;
  }
}

export function resourceOf(n: TArmNode, scope: TTemplateScope): string | undefined {
  const rid = callOf(n, 'resourceId');
  if (rid) {
    const [type, ...names] = rid.args;
    if (type?.k !== 'str') return undefined;
    const keys = names.map(canon);
    return scope.resources.find(
      (r) =>
        r.type === type.value.toLowerCase() &&
        r.segments.length === keys.length &&
        r.segments.every((s, i) => s === keys[i]),
    )?.id;
  }
  const text = canon(n);
  return scope.resources.find((r) => r.fullName === text)?.id;
}

/** Every ARM template of the upload → one design (see armToDesign). */
