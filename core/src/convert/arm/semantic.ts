import { callOf, isExpression, parseJsonString, printArm, type TArmNode } from './expr';
import { nameSegments } from './names';

/**
 * A template in a normal form, for comparing two templates by meaning rather than by text:
 * nested resources flattened and sorted by type and name, `dependsOn` as the set of resources
 * it names (by `resourceId()`, name or copy loop), `resourceId()`/`reference()` of a template
 * resource as one token whatever the spelling (API version, name form), `concat`/`format`
 * string templates merged, function names lower-cased, copy loop names left out; in
 * languageVersion 2.0 templates symbolic names resolved to the resources they name.
 */
type TJson = Record<string, unknown>;
const isObject = (v: unknown): v is TJson =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

interface TFlat {
  readonly json: TJson;
  readonly type: string;
  readonly key: string;
  readonly lastName: string;
}

/** A string template's pieces, when the call is one (concat with text, or format). */
function pieces(n: TArmNode): (string | TArmNode)[] | undefined {
  const concat = callOf(n, 'concat');
  if (concat && concat.args.some((a) => a.k === 'str' || pieces(a)))
    return concat.args.flatMap((a) => (a.k === 'str' ? [a.value] : (pieces(a) ?? [a])));
  const format = callOf(n, 'format');
  if (format?.args[0]?.k === 'str') {
    const out: (string | TArmNode)[] = [];
    for (const part of format.args[0].value.split(/(\{\{|\}\}|\{\d+\})/)) {
      if (part === '{{') out.push('{');
      else if (part === '}}') out.push('}');
      else if (/^\{\d+\}$/.test(part)) {
        const arg = format.args[Number(part.slice(1, -1)) + 1];
        if (!arg) return undefined;
        out.push(...(arg.k === 'str' ? [arg.value] : (pieces(arg) ?? [arg])));
      } else if (part) out.push(part);
    }
    return out;
  }
  return undefined;
}

function normExpr(n: TArmNode, resolve: (n: TArmNode) => string | undefined): TArmNode {
  if (n.k === 'str' || n.k === 'num') return n;
  if (n.k === 'prop') return { ...n, target: normExpr(n.target, resolve) };
  if (n.k === 'index')
    return { ...n, target: normExpr(n.target, resolve), index: normExpr(n.index, resolve) };
  const name = n.name.toLowerCase();
  const ps = pieces(n);
  if (ps) {
    const merged: (string | TArmNode)[] = [];
    for (const p of ps) {
      const x = typeof p === 'string' ? p : normExpr(p, resolve);
      const last = merged[merged.length - 1];
      const text = typeof x === 'string' ? x : x.k === 'str' ? x.value : undefined;
      if (text !== undefined && typeof last === 'string') merged[merged.length - 1] = last + text;
      else merged.push(text ?? x);
    }
    if (merged.length === 1)
      return typeof merged[0] === 'string' ? { k: 'str', value: merged[0] } : merged[0]!;
    let f = '';
    const args: TArmNode[] = [];
    for (const m of merged) {
      if (typeof m === 'string') f += m.replace(/\{/g, '{{').replace(/\}/g, '}}');
      else {
        f += `{${args.length}}`;
        args.push(m);
      }
    }
    return { k: 'call', name: 'format', args: [{ k: 'str', value: f }, ...args] };
  }
  if (name === 'copyindex') {
    const offset = n.args.find((a) => a.k === 'num');
    const loop = n.args.filter((a) => a.k === 'str');
    const base: TArmNode = { k: 'call', name: 'copyindex', args: loop };
    return offset ? { k: 'call', name: 'add', args: [base, offset] } : base;
  }
  if (
    ['resourceid', 'subscriptionresourceid', 'tenantresourceid', 'extensionresourceid'].includes(
      name,
    )
  ) {
    const key = resolve(n);
    if (key) return { k: 'call', name: '$id', args: [{ k: 'str', value: key }] };
  }
  if (name === 'reference' && n.args[0]) {
    const key = resolve(n.args[0]);
    const full = n.args[2]?.k === 'str' && n.args[2].value.toLowerCase() === 'full';
    if (key) return { k: 'call', name: full ? '$full' : '$ref', args: [{ k: 'str', value: key }] };
  }
  return { k: 'call', name, args: n.args.map((a) => normExpr(a, resolve)) };
}

function normValue(v: unknown, resolve: (n: TArmNode) => string | undefined): unknown {
  if (typeof v === 'string') {
    if (!isExpression(v)) return v.startsWith('[[') ? v.slice(1) : v;
    const n = normExpr(parseJsonString(v), resolve);
    if (n.k === 'str') return n.value;
    if (n.k === 'num') return n.value;
    if (n.k === 'call' && (n.name === 'true' || n.name === 'false') && n.args.length === 0)
      return n.name === 'true';
    if (n.k === 'call' && n.name === 'null' && n.args.length === 0) return null;
    return `[${printArm(n)}]`;
  }
  if (Array.isArray(v)) return v.map((x) => normValue(x, resolve));
  if (isObject(v)) {
    const out: TJson = {};
    for (const k of Object.keys(v).sort()) out[k] = normValue(v[k], resolve);
    // Allowed values are a set (`bicep build` sorts those of a union type).
    const allowed: unknown = out['allowedValues'];
    if (Array.isArray(allowed))
      out['allowedValues'] = (allowed as unknown[])
        .slice()
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    return out;
  }
  return v;
}

const segmentText = (n: TArmNode) => printArm(normExpr(n, () => undefined)).toLowerCase();

function flatten(
  list: unknown,
  parent?: { type: string; segs: TArmNode[] },
): { json: TJson; type: string; segs: TArmNode[]; symbol?: string }[] {
  const items: [string | undefined, unknown][] = Array.isArray(list)
    ? list.map((r) => [undefined, r])
    : isObject(list)
      ? Object.entries(list)
      : [];
  const out: { json: TJson; type: string; segs: TArmNode[]; symbol?: string }[] = [];
  for (const [symbol, r] of items) {
    // A resource of an extension (languageVersion 2.0) has no name: its symbol stands for one.
    if (isObject(r) && typeof r['type'] === 'string' && symbol && !('name' in r)) {
      out.push({ json: r, type: r['type'], segs: [{ k: 'str', value: `#${symbol}` }], symbol });
      continue;
    }
    if (!isObject(r) || typeof r['type'] !== 'string' || typeof r['name'] !== 'string') continue;
    let type = r['type'];
    let segs = nameSegments(parseJsonString(r['name'])) ?? [];
    if (parent && !type.includes('.')) {
      type = `${parent.type}/${type}`;
      if (segs.length < type.split('/').length - 1) segs = [...parent.segs, ...segs];
    }
    out.push(
      { json: r, type, segs, ...(symbol ? { symbol } : {}) },
      ...flatten(r['resources'], { type, segs }),
    );
  }
  return out;
}

export function normalizeTemplate(t: unknown): unknown {
  if (!isObject(t)) return t;
  const flat: (TFlat & { symbol?: string })[] = flatten(t['resources']).map((f) => ({
    json: f.json,
    type: f.type.toLowerCase(),
    key: `${f.type.toLowerCase()}|${f.segs.map(segmentText).join('/')}`,
    lastName: f.segs.length > 0 ? segmentText(f.segs[f.segs.length - 1]!) : '',
    ...(f.symbol ? { symbol: f.symbol } : {}),
  }));
  const byKey = new Map(flat.map((f) => [f.key, f]));
  // languageVersion 2.0: `reference('sa')` and `dependsOn: ['sa']` name the symbolic name.
  const bySymbol = new Map(flat.flatMap((f) => (f.symbol ? [[f.symbol, f.key] as const] : [])));
  const resolve = (n: TArmNode): string | undefined => {
    if (n.k === 'str' && bySymbol.has(n.value)) return bySymbol.get(n.value);
    const rid =
      callOf(n, 'resourceId') ??
      callOf(n, 'subscriptionResourceId') ??
      callOf(n, 'tenantResourceId');
    const ext = callOf(n, 'extensionResourceId');
    if (rid || ext) {
      const [type, ...names] = ext ? ext.args.slice(1) : rid!.args;
      if (type?.k !== 'str') return undefined;
      const key = `${type.value.toLowerCase()}|${names.map(segmentText).join('/')}`;
      return byKey.has(key) ? key : undefined;
    }
    const segs = nameSegments(n);
    const name = segs?.map(segmentText).join('/');
    const matches = flat.filter((f) => f.key.endsWith(`|${name}`));
    if (matches.length === 1) return matches[0]!.key;
    const short = flat.filter((f) => f.lastName === segmentText(n));
    return short.length === 1 ? short[0]!.key : undefined;
  };
  const dependency = (d: string): string => {
    const byCopy = flat.find((f) => isObject(f.json['copy']) && f.json['copy']['name'] === d);
    if (byCopy) return byCopy.key;
    if (bySymbol.has(d)) return bySymbol.get(d)!;
    const n = parseJsonString(d);
    return resolve(n) ?? `?${d}`;
  };
  const resources = flat
    .map((f) => {
      const out: TJson = { key: f.key };
      for (const [k, v] of Object.entries(f.json)) {
        const lk = k.toLowerCase();
        if (['name', 'resources', 'comments'].includes(lk)) continue;
        if (lk === 'type') out['type'] = f.type;
        else if (lk === 'dependson' && Array.isArray(v))
          out['dependsOn'] = [...new Set(v.map((d) => dependency(String(d))))]
            .filter((x) => x !== f.key)
            .sort();
        else if (lk === 'copy' && isObject(v)) {
          const { name: _, ...rest } = v;
          out['copy'] = normValue(rest, resolve);
        } else if (lk === 'condition' && (v === true || v === '[true()]')) continue;
        else if (lk === 'properties' && isObject(v) && isObject(v['template']))
          out['properties'] = {
            ...(normValue({ ...v, template: null }, resolve) as TJson),
            template: normalizeTemplate(v['template']),
          };
        else out[k] = normValue(v, resolve);
      }
      if (Array.isArray(out['dependsOn']) && out['dependsOn'].length === 0) delete out['dependsOn'];
      return out;
    })
    .sort((a, b) => String(a['key']).localeCompare(String(b['key'])));
  const section = (k: string) => (isObject(t[k]) ? normValue(t[k], resolve) : {});
  return {
    $schema: t['$schema'],
    languageVersion: t['languageVersion'],
    definitions: section('definitions'),
    imports: section('imports'),
    parameters: section('parameters'),
    variables: section('variables'),
    resources,
    outputs: section('outputs'),
    functions: Array.isArray(t['functions']) ? normValue(t['functions'], resolve) : [],
  };
}
