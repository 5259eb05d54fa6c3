import type { TArmResource, TArmValue } from '../ir/arm-ir';
import {
  collectRefs,
  isBlock,
  isBlockList,
  type TTfBlock,
  type TTfBody,
  type TTfObject,
  type TTfResource,
  type TTfValue,
} from '../ir/terraform-ir';
import type { TPolicyHit } from './types';

/** Small readers over the IR so that rules read like the requirement they check. */
export const address = (r: TTfResource): string => `${r.type}.${r.name}`;

// Every rule asks for a few types: index the model once per check, not once per rule.
const byTypeCache = new WeakMap<readonly TTfResource[], Map<string, TTfResource[]>>();

export function ofType(resources: readonly TTfResource[], ...types: string[]): TTfResource[] {
  let index = byTypeCache.get(resources);
  if (!index) {
    index = new Map();
    for (const r of resources) {
      if (r.mode !== 'resource') continue;
      const list = index.get(r.type);
      if (list) list.push(r);
      else index.set(r.type, [r]);
    }
    byTypeCache.set(resources, index);
  }
  return types.flatMap((t) => index.get(t) ?? []);
}

/** Addresses a value refers to (`aws_lb.web`), for joins by address without nested loops. */
export const refAddresses = (value: unknown): string[] => collectRefs(value).map((r) => r.address);

/** Resources keyed by the addresses their `key` attribute refers to. */
export function groupByRef(
  resources: readonly TTfResource[],
  key: string,
): Map<string, TTfResource[]> {
  const out = new Map<string, TTfResource[]>();
  for (const r of resources) {
    for (const a of new Set(refAddresses(attr(r.body, key)))) {
      const list = out.get(a);
      if (list) list.push(r);
      else out.set(a, [r]);
    }
  }
  return out;
}

/** A nested block or each of a repeated block, as a list (empty when absent). */
export function blocks(body: TTfBody, key: string): readonly TTfBlock[] {
  const v = body[key];
  if (isBlock(v)) return [v];
  if (isBlockList(v)) return v;
  return [];
}

/** An attribute's value (not a block), or undefined. */
export function attr(body: TTfBody, key: string): TTfValue | undefined {
  const v = body[key];
  if (v === undefined || isBlock(v) || isBlockList(v)) return undefined;
  return v;
}

/** A literal attribute as text ('' for an expression or an absent one). */
export function text(body: TTfBody, key: string): string {
  const v = body[key];
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

/** A value some expression may set: a variable or reference is not a known literal. */
export const isLiteral = (v: unknown): boolean =>
  v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** True when the value refers to `address` (optionally to one of its attributes). */
export function refersTo(value: unknown, target: string, attrPrefix = ''): boolean {
  return collectRefs(value).some((r) => r.address === target && r.attr.startsWith(attrPrefix));
}

export const tfHit = (r: TTfResource, message: string): TPolicyHit => ({
  node: r.node,
  address: address(r),
  message,
});

export const armOfType = (resources: readonly TArmResource[], type: string): TArmResource[] =>
  resources.filter((r) => r.type === type);

/** `properties.a.b` of an ARM resource body (undefined when a step is missing). */
export function armPath(r: TArmResource, path: string): TArmValue | undefined {
  let v: TArmValue | undefined = r.body;
  for (const step of path.split('.')) {
    if (typeof v !== 'object' || v === null || Array.isArray(v) || '$' in v) return undefined;
    v = (v as Readonly<Record<string, TArmValue>>)[step];
  }
  return v;
}

export const armHit = (r: TArmResource, message: string): TPolicyHit => ({
  node: r.node,
  address: r.symbol,
  message,
});

/** The statements of an IAM policy document written as `jsonencode({ Statement = [...] })`. */
export function policyStatements(policy: TTfValue | undefined): TTfObject[] {
  if (typeof policy !== 'object' || policy === null || !('$' in policy)) return [];
  if (policy.$ !== 'call' || policy.fn !== 'jsonencode') return [];
  const doc = policy.args[0];
  if (typeof doc !== 'object' || doc === null || !('$' in doc) || doc.$ !== 'obj') return [];
  const list = doc.entries['Statement'];
  return (Array.isArray(list) ? (list as readonly TTfValue[]) : []).filter(
    (s): s is TTfObject => typeof s === 'object' && s !== null && '$' in s && s.$ === 'obj',
  );
}
