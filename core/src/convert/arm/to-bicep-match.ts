import { callOf, printArm, type TArmNode } from './expr';
import type { TDecompileScope, TTemplateResource } from './to-bicep-expr';

/*
 * Which template resource (or item of a copy loop) an ARM `resourceId()` or name names.
 */

/** Canonical ARM text for comparing names (function names lower-cased). */
export function canon(n: TArmNode): string {
  switch (n.k) {
    case 'call':
      return `${n.name.toLowerCase()}(${n.args.map(canon).join(', ')})`;
    case 'prop':
      return `${canon(n.target)}.${n.name}`;
    case 'index':
      return `${canon(n.target)}[${canon(n.index)}]`;
    default:
      return printArm(n);
  }
}

/** The template resource a `resourceId(…)`-like call or a name names, if any. */
export function matchResource(n: TArmNode, scope: TDecompileScope): TTemplateResource | undefined {
  const rid =
    callOf(n, 'resourceId') ?? callOf(n, 'subscriptionResourceId') ?? callOf(n, 'tenantResourceId');
  const ext = callOf(n, 'extensionResourceId');
  if (rid || ext) {
    // extensionResourceId(scope, type, names…): the scope is the extension resource's `scope`.
    const [type, ...names] = ext ? ext.args.slice(1) : rid!.args;
    if (type?.k !== 'str') return undefined;
    const keys = names.map(canon);
    return scope.resources.find(
      (r) =>
        r.type === type.value.toLowerCase() &&
        r.segments.length === keys.length &&
        r.segments.every((s, i) => s === keys[i]),
    );
  }
  // languageVersion 2.0: `reference('sa')`, `listKeys('sa', …)` and `dependsOn` name the key.
  const byKey = n.k === 'str' ? scope.resources.find((r) => r.key === n.value) : undefined;
  if (byKey) return byKey;
  const text = canon(n);
  return scope.resources.find((r) => r.fullName === text);
}

/** Whether `actual` is `pattern` with one expression in place of every `copyIndex()`. */
function unify(pattern: TArmNode, actual: TArmNode, bound: { index?: TArmNode }): boolean {
  if (
    pattern.k === 'call' &&
    pattern.name.toLowerCase() === 'copyindex' &&
    pattern.args.length === 0
  ) {
    if (bound.index === undefined) bound.index = actual;
    return canon(bound.index) === canon(actual);
  }
  if (pattern.k === 'str' || pattern.k === 'num')
    return actual.k === pattern.k && actual.value === pattern.value;
  if (pattern.k === 'call')
    return (
      actual.k === 'call' &&
      actual.name.toLowerCase() === pattern.name.toLowerCase() &&
      actual.args.length === pattern.args.length &&
      pattern.args.every((a, i) => unify(a, actual.args[i]!, bound))
    );
  if (pattern.k === 'prop')
    return (
      actual.k === 'prop' &&
      actual.name === pattern.name &&
      unify(pattern.target, actual.target, bound)
    );
  return (
    actual.k === 'index' &&
    unify(pattern.target, actual.target, bound) &&
    unify(pattern.index, actual.index, bound)
  );
}

/** One item of a copy loop a `resourceId(…)` names: `storage[2]` for the third. */
export function matchCopyItem(
  n: TArmNode,
  scope: TDecompileScope,
): { res: TTemplateResource; index: TArmNode } | undefined {
  const rid = callOf(n, 'resourceId') ?? callOf(n, 'extensionResourceId');
  if (!rid) return undefined;
  const [type, ...names] =
    rid.name.toLowerCase() === 'extensionresourceid' ? rid.args.slice(1) : rid.args;
  if (type?.k !== 'str') return undefined;
  for (const r of scope.resources) {
    if (!r.copyName || !r.segmentNodes || r.type !== type.value.toLowerCase()) continue;
    if (r.segmentNodes.length !== names.length) continue;
    const bound: { index?: TArmNode } = {};
    if (r.segmentNodes.every((p, i) => unify(p, names[i]!, bound)) && bound.index)
      return { res: r, index: bound.index };
  }
  return undefined;
}
