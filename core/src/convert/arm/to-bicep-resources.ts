import type { TConvertFile, TConvertWarning, TUnconverted } from '../types';
import { callOf, isExpression, type TArmNode } from './expr';
import { lineAt, pointer } from './json-lines';
import { identifier, nameSegments, piecesKey, unique } from './names';
import { escapeBicep, type TDecompileScope, type TTemplateResource } from './to-bicep-expr';
import { canon, matchCopyItem, matchResource } from './to-bicep-match';
import { bicepKey, DecompileError, exprOf, loopOf, nodeOf, valueOf } from './to-bicep-value';

/**
 * ARM resources → Bicep declarations: nested resources flattened with `parent:` where the name
 * says so, `scope`, `copy` → `for`, `condition` → `if`, `dependsOn` kept only where no
 * reference implies it.
 */
type TJson = Record<string, unknown>;
/** A JSON value that should be a string, as one (anything else is empty). */
export const str = (v: unknown) => (typeof v === 'string' ? v : '');
export const isObject = (v: unknown): v is TJson =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export interface TReport {
  readonly warnings: TConvertWarning[];
  readonly unconverted: TUnconverted[];
}

export interface TFlat {
  readonly json: TJson;
  readonly at: string;
  readonly type: string;
  readonly segments: readonly TArmNode[];
  readonly symbol: string;
  readonly module: boolean;
  /** languageVersion 2.0: the symbolic name the template keys it by. */
  readonly key?: string;
  /** A resource of an extension (`import`/`extension`): its type has the version, no name. */
  readonly extension?: string;
  parent?: TFlat;
}

export interface TFileContext {
  readonly file: string;
  readonly lines: ReadonlyMap<string, number>;
  readonly report: TReport;
  readonly out: TConvertFile[];
}

const SKIP = new Set([
  'type',
  'apiversion',
  'name',
  'dependson',
  'copy',
  'condition',
  'comments',
  'resources',
  'scope',
  'existing',
]);

export function segmentsText(
  segs: readonly TArmNode[],
  scope: TDecompileScope,
  at: string,
): string {
  if (segs.length === 1) return exprOf(segs[0]!, scope, at);
  if (segs.every((s) => s.k === 'str'))
    return `'${escapeBicep(segs.map((s) => (s as { value: string }).value).join('/'))}'`;
  const node: TArmNode = {
    k: 'call',
    name: 'format',
    args: [{ k: 'str', value: segs.map((_, i) => `{${i}}`).join('/') }, ...segs],
  };
  return exprOf(node, scope, at);
}

function symbolBase(segs: readonly TArmNode[], type: string): string {
  const last = segs[segs.length - 1];
  const p = last && (callOf(last, 'parameters') ?? callOf(last, 'variables'));
  if (p?.args[0]?.k === 'str') {
    const id = identifier(p.args[0].value).replace(/_?[Nn]ame$/, '');
    if (id) return id;
  }
  if (last?.k === 'str' && last.value) return identifier(last.value);
  return identifier(type.split('/').pop()!.replace(/s$/, ''));
}

export function flatten(list: unknown, at: string, taken: Set<string>, parent?: TFlat): TFlat[] {
  const entries: [string, unknown, string | undefined][] = Array.isArray(list)
    ? list.map((r, i) => [pointer(at, i), r, undefined])
    : isObject(list)
      ? Object.entries(list).map(([k, r]) => [pointer(at, k), r, k])
      : [];
  const out: TFlat[] = [];
  for (const [p, r, key] of entries) {
    const extension = isObject(r) ? (r['import'] ?? r['extension']) : undefined;
    if (typeof extension === 'string' && typeof r === 'object' && typeof key === 'string') {
      const json = r as TJson;
      if (typeof json['type'] !== 'string') throw new DecompileError('a resource needs a type', p);
      const symbol = unique(identifier(key), taken, 'Resource');
      out.push({
        json,
        at: p,
        type: json['type'],
        segments: [],
        symbol,
        module: false,
        key,
        extension,
      });
      continue;
    }
    if (!isObject(r) || typeof r['type'] !== 'string' || typeof r['name'] !== 'string')
      throw new DecompileError('a resource needs a type and a name', p);
    let type = r['type'];
    let segments = nameSegments(nodeOf(r['name'], pointer(p, 'name'))) ?? [];
    if (parent && !type.includes('.')) {
      type = `${parent.type}/${type}`;
      if (segments.length < type.split('/').length - 1)
        segments = [...parent.segments, ...segments];
    }
    const props = r['properties'];
    const module =
      type.toLowerCase() === 'microsoft.resources/deployments' &&
      isObject(props) &&
      isObject(props['template']);
    const flat: TFlat = {
      json: r,
      at: p,
      type,
      segments,
      symbol: unique(
        key ? identifier(key) : symbolBase(segments, type),
        taken,
        module ? 'Module' : 'Resource',
      ),
      module,
      ...(key ? { key } : {}),
    };
    out.push(flat, ...flatten(r['resources'], pointer(p, 'resources'), taken, flat));
  }
  return out;
}

export function templateResource(f: TFlat): TTemplateResource {
  const copy = f.json['copy'];
  return {
    symbol: f.symbol,
    type: f.type.toLowerCase(),
    apiVersion: str(f.json['apiVersion']),
    segments: f.segments.map(canon),
    fullName:
      f.segments.length === 1
        ? canon(f.segments[0]!)
        : canon({
            k: 'call',
            name: 'format',
            args: [
              { k: 'str', value: f.segments.map((_, i) => `{${i}}`).join('/') },
              ...f.segments,
            ],
          }),
    ...(isObject(copy) && typeof copy['name'] === 'string' ? { copyName: copy['name'] } : {}),
    segmentNodes: f.segments,
    isModule: f.module,
    ...(f.key ? { key: f.key } : {}),
    ...(f.extension ? { isExtension: true } : {}),
  };
}

export function findParents(flat: readonly TFlat[]): void {
  for (const r of flat) {
    const types = r.type.split('/');
    if (types.length <= 2 || r.segments.length !== types.length - 1) continue;
    const parentType = types.slice(0, -1).join('/').toLowerCase();
    const key = r.segments.slice(0, -1).map(canon).join('|');
    r.parent = flat.find(
      (p) =>
        p !== r &&
        p.type.toLowerCase() === parentType &&
        !isObject(p.json['copy']) &&
        p.segments.map(canon).join('|') === key,
    );
  }
}

/** The template resource a `scope` property names (`format('Microsoft.X/y/{0}', n)`). */
function scopeTarget(
  s: string,
  flat: readonly TFlat[],
  scope: TDecompileScope,
  at: string,
): string {
  const node = nodeOf(s, at);
  const direct = matchResource(node, scope);
  if (direct) return direct.symbol;
  // `format('Microsoft.X/y/{0}/z/{1}', a, b)` is the relative id of resourceId('Microsoft.X/y/z', a, b).
  const relative = callOf(node, 'format');
  const parts = relative?.args[0]?.k === 'str' ? relative.args[0].value.split('/') : [];
  if (relative && parts.length >= 3 && parts.length % 2 === 1) {
    const types = [parts[0]!, ...parts.filter((_, i) => i % 2 === 1)];
    const names = parts.filter((_, i) => i >= 2 && i % 2 === 0);
    const args = names.map((n) => {
      const m = /^\{(\d+)\}$/.exec(n);
      const literal: TArmNode = { k: 'str', value: n };
      return m ? relative.args[Number(m[1]) + 1] : literal;
    });
    if (args.every((a) => a !== undefined)) {
      const rid: TArmNode = {
        k: 'call',
        name: 'resourceId',
        args: [{ k: 'str', value: types.join('/') }, ...args.filter((a) => a !== undefined)],
      };
      const found = matchResource(rid, scope);
      if (found && !found.copyName) return found.symbol;
      const item = matchCopyItem(rid, scope);
      if (item) return `${item.res.symbol}[${exprOf(item.index, scope, at)}]`;
    }
  }
  const pieces: (string | TArmNode)[] = [];
  const format = callOf(node, 'format');
  const concat = callOf(node, 'concat');
  if (node.k === 'str') pieces.push(node.value);
  else if (format?.args[0]?.k === 'str')
    format.args[0].value.split(/(\{\d+\})/).forEach((p) => {
      const m = /^\{(\d+)\}$/.exec(p);
      if (m) pieces.push(format.args[Number(m[1]) + 1]!);
      else if (p) pieces.push(p);
    });
  else if (concat) pieces.push(...concat.args);
  const key = piecesKey(pieces).toLowerCase();
  for (const r of flat) {
    const types = r.type.split('/');
    const rel: (string | TArmNode)[] = [types[0]!];
    r.segments.forEach((seg, i) => rel.push(`/${types[i + 1]}/`, seg));
    if (piecesKey(rel).toLowerCase() === key) return r.symbol;
  }
  throw new DecompileError(`scope ${s} is not a resource of this template`, at);
}

export function dependsOn(
  f: TFlat,
  flat: readonly TFlat[],
  scope: TDecompileScope,
  ctx: TFileContext,
): string[] {
  const list = f.json['dependsOn'];
  if (!Array.isArray(list)) return [];
  const out: string[] = [];
  list.forEach((d, i) => {
    if (typeof d !== 'string') return;
    const at = pointer(pointer(f.at, 'dependsOn'), i);
    const byCopy = flat.find((r) => isObject(r.json['copy']) && r.json['copy']['name'] === d);
    let symbol = byCopy?.symbol;
    if (!symbol) {
      try {
        const node = nodeOf(d, at);
        const found = matchResource(node, scope);
        const item = found ? undefined : matchCopyItem(node, scope);
        // One item of a loop: implied when the loop is referred to at all.
        symbol = found?.symbol ?? item?.res.symbol;
      } catch {
        symbol = undefined;
      }
    }
    if (!symbol) {
      // ARM also resolves a nested child's own short name (`"[parameters('subnet1Name')]"`).
      let text: string | undefined;
      try {
        text = canon(nodeOf(d, at));
      } catch {
        text = undefined;
      }
      const short = flat.filter(
        (r) => r.segments.length > 0 && canon(r.segments[r.segments.length - 1]!) === text,
      );
      if (short.length === 1) symbol = short[0]!.symbol;
    }
    if (!symbol && !isExpression(d)) {
      const byTypeName = flat.find((r) => {
        const name = r.segments.every((s) => s.k === 'str')
          ? r.segments.map((s) => (s as { value: string }).value).join('/')
          : undefined;
        return (
          name !== undefined &&
          (d === name || d.toLowerCase() === `${r.type}/${name}`.toLowerCase())
        );
      });
      symbol = byTypeName?.symbol;
    }
    if (!symbol) {
      ctx.report.warnings.push({
        file: ctx.file,
        line: lineAt(ctx.lines, at),
        message: `dependsOn ${d} is not a resource of this template: left out`,
      });
      return;
    }
    if (symbol !== f.parent?.symbol && !scope.used.has(symbol) && !out.includes(symbol))
      out.push(symbol);
  });
  return out;
}

/** A resource's or module's body, its loop and condition around it. */
export function declaration(
  f: TFlat,
  scope: TDecompileScope,
  body: (inner: TDecompileScope) => string[],
): string {
  const copy = f.json['copy'];
  const condition = f.json['condition'];
  const wrapBody = (inner: TDecompileScope) => {
    const lines = body(inner);
    const obj = `{\n${lines.map((l) => `  ${l}`).join('\n')}\n}`;
    if (condition === undefined || condition === true) return obj;
    const c = valueOf(condition, inner, pointer(f.at, 'condition'), '');
    return `if (${c}) ${obj}`;
  };
  if (isObject(copy)) {
    return loopOf(copy['count'], scope, pointer(f.at, 'copy'), (inner) => wrapBody(inner), [
      '',
      str(copy['name']),
    ]);
  }
  return wrapBody(scope);
}

export function resourceText(
  f: TFlat,
  flat: readonly TFlat[],
  scope: TDecompileScope,
  ctx: TFileContext,
): string {
  const head: string[] = [];
  if (typeof f.json['comments'] === 'string')
    head.push(`// ${f.json['comments'].replace(/\n/g, ' ')}`);
  const copy = f.json['copy'];
  if (isObject(copy) && String(copy['mode']).toLowerCase() === 'serial')
    head.push(`@batchSize(${Number(copy['batchSize'] ?? 1)})`);
  let deps: string[] = [];
  const text = declaration(f, scope, (inner) => {
    const lines: string[] = [];
    if (f.extension) {
      const props = f.json['properties'];
      for (const [k, v] of Object.entries(isObject(props) ? props : {}))
        lines.push(
          `${bicepKey(k)}: ${valueOf(v, inner, pointer(pointer(f.at, 'properties'), k), '  ')}`,
        );
      deps = dependsOn(f, flat, inner, ctx);
      if (deps.length > 0) lines.push(`dependsOn: [\n    ${deps.join('\n    ')}\n  ]`);
      return lines;
    }
    if (f.parent) {
      lines.push(`parent: ${f.parent.symbol}`);
      const last = f.segments[f.segments.length - 1]!;
      lines.push(`name: ${segmentsText([last], inner, pointer(f.at, 'name'))}`);
    } else lines.push(`name: ${segmentsText(f.segments, inner, pointer(f.at, 'name'))}`);
    if (typeof f.json['scope'] === 'string') {
      const target = scopeTarget(f.json['scope'], flat, inner, pointer(f.at, 'scope'));
      inner.used.add(target.replace(/\[.*$/, ''));
      lines.push(`scope: ${target}`);
    }
    const group = f.json['resourceGroup'];
    const subscription = f.json['subscriptionId'];
    if (f.json['existing'] === true && (group !== undefined || subscription !== undefined)) {
      // An existing resource elsewhere (languageVersion 2.0): `scope: resourceGroup(…)`.
      const arg = (k: string) => valueOf(f.json[k], inner, pointer(f.at, k), '');
      const args = [subscription !== undefined ? arg('subscriptionId') : undefined];
      if (group !== undefined) args.push(arg('resourceGroup'));
      const call = group !== undefined ? 'resourceGroup' : 'subscription';
      lines.push(`scope: ${call}(${args.filter((a) => a !== undefined).join(', ')})`);
    }
    for (const [k, v] of Object.entries(f.json)) {
      if (SKIP.has(k.toLowerCase())) continue;
      if (
        f.json['existing'] === true &&
        ['resourcegroup', 'subscriptionid'].includes(k.toLowerCase())
      )
        continue;
      lines.push(`${bicepKey(k)}: ${valueOf(v, inner, pointer(f.at, k), '  ')}`);
    }
    deps = dependsOn(f, flat, inner, ctx);
    if (deps.length > 0) lines.push(`dependsOn: [\n    ${deps.join('\n    ')}\n  ]`);
    return lines;
  });
  const version = str(f.json['apiVersion']);
  // languageVersion 2.0 templates declare references to existing resources (`existing: true`).
  const existing = f.json['existing'] === true ? ' existing' : '';
  const type = f.extension ? f.type : `${f.type}@${version}`;
  return [...head, `resource ${f.symbol} '${type}'${existing} = ${text}`].join('\n');
}
