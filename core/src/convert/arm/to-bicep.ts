import {
  ConvertError,
  type TConvertFile,
  type TConvertOutput,
  type TConvertWarning,
  type TUnconverted,
} from '../types';
import { callOf, isExpression, type TArmNode } from './expr';
import { lineAt, parseJsonWithLines, pointer } from './json-lines';
import { identifier, nameSegments, piecesKey, unique } from './names';
import {
  canon,
  escapeBicep,
  matchCopyItem,
  matchResource,
  type TDecompileScope,
  type TTemplateResource,
} from './to-bicep-expr';
import { bicepKey, DecompileError, exprOf, loopOf, nodeOf, valueOf } from './to-bicep-value';

/**
 * ARM JSON → Bicep, as `bicep decompile` does: parameters with decorators, variables,
 * resources (nested ones flattened, `parent:` where the name says so), `copy` → `for`,
 * `condition` → `if`, `dependsOn` kept only where no reference implies it, nested deployments
 * with an inner-scope template → modules in files of their own, outputs.
 */
type TJson = Record<string, unknown>;
/** A JSON value that should be a string, as one (anything else is empty). */
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const isObject = (v: unknown): v is TJson =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

interface TReport {
  readonly warnings: TConvertWarning[];
  readonly unconverted: TUnconverted[];
}

interface TFlat {
  readonly json: TJson;
  readonly at: string;
  readonly type: string;
  readonly segments: readonly TArmNode[];
  readonly symbol: string;
  readonly module: boolean;
  parent?: TFlat;
}

interface TFileContext {
  readonly file: string;
  readonly lines: ReadonlyMap<string, number>;
  readonly report: TReport;
  readonly out: TConvertFile[];
}

const SCOPES: readonly [RegExp, string][] = [
  [/subscriptionDeploymentTemplate/i, 'subscription'],
  [/managementGroupDeploymentTemplate/i, 'managementGroup'],
  [/tenantDeploymentTemplate/i, 'tenant'],
];

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

function segmentsText(segs: readonly TArmNode[], scope: TDecompileScope, at: string): string {
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

function flatten(list: unknown, at: string, taken: Set<string>, parent?: TFlat): TFlat[] {
  const entries: [string, unknown, string | undefined][] = Array.isArray(list)
    ? list.map((r, i) => [pointer(at, i), r, undefined])
    : isObject(list)
      ? Object.entries(list).map(([k, r]) => [pointer(at, k), r, k])
      : [];
  const out: TFlat[] = [];
  for (const [p, r, key] of entries) {
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
    };
    out.push(flat, ...flatten(r['resources'], pointer(p, 'resources'), taken, flat));
  }
  return out;
}

function templateResource(f: TFlat): TTemplateResource {
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
  };
}

function findParents(flat: readonly TFlat[]): void {
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

function dependsOn(
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
function declaration(
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

function resourceText(
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
    for (const [k, v] of Object.entries(f.json)) {
      if (SKIP.has(k.toLowerCase())) continue;
      lines.push(`${bicepKey(k)}: ${valueOf(v, inner, pointer(f.at, k), '  ')}`);
    }
    deps = dependsOn(f, flat, inner, ctx);
    if (deps.length > 0) lines.push(`dependsOn: [\n    ${deps.join('\n    ')}\n  ]`);
    return lines;
  });
  const version = str(f.json['apiVersion']);
  // languageVersion 2.0 templates declare references to existing resources (`existing: true`).
  const existing = f.json['existing'] === true ? ' existing' : '';
  return [...head, `resource ${f.symbol} '${f.type}@${version}'${existing} = ${text}`].join('\n');
}

function moduleText(
  f: TFlat,
  flat: readonly TFlat[],
  scope: TDecompileScope,
  ctx: TFileContext,
  outPath: string,
): string {
  const props = f.json['properties'] as TJson;
  const evaluation = props['expressionEvaluationOptions'];
  const inner = isObject(evaluation) && String(evaluation['scope']).toLowerCase() === 'inner';
  if (!inner)
    throw new DecompileError(
      'a nested template in the outer scope reads the parent template: not converted (set expressionEvaluationOptions.scope to inner)',
      f.at,
    );
  const dir = outPath.includes('/') ? outPath.slice(0, outPath.lastIndexOf('/') + 1) : '';
  const modulePath = `${dir}modules/${f.symbol}.bicep`;
  const text = decompile(
    props['template'] as TJson,
    pointer(pointer(f.at, 'properties'), 'template'),
    modulePath,
    ctx,
  );
  ctx.out.push({ path: modulePath, content: text });
  const body = declaration(f, scope, (s) => {
    const lines = [`name: ${segmentsText(f.segments, s, pointer(f.at, 'name'))}`];
    const rg = f.json['resourceGroup'];
    const sub = f.json['subscriptionId'];
    if (rg !== undefined) {
      const args = [sub, rg]
        .filter((x) => x !== undefined)
        .map((x, i) =>
          valueOf(
            x,
            s,
            pointer(f.at, i === 0 && sub !== undefined ? 'subscriptionId' : 'resourceGroup'),
            '',
          ),
        );
      lines.push(`scope: resourceGroup(${args.join(', ')})`);
    } else if (sub !== undefined)
      lines.push(`scope: subscription(${valueOf(sub, s, pointer(f.at, 'subscriptionId'), '')})`);
    const params = isObject(props['parameters']) ? props['parameters'] : {};
    const entries = Object.entries(params);
    if (entries.length > 0) {
      lines.push('params: {');
      for (const [k, v] of entries) {
        const at = pointer(pointer(pointer(f.at, 'properties'), 'parameters'), k);
        // A parameter built by a loop: `{ copy: [{ name: 'value', count, input }] }`.
        const copy: unknown =
          isObject(v) && Array.isArray(v['copy']) ? (v['copy'] as unknown[])[0] : undefined;
        if (isObject(copy) && copy['name'] === 'value') {
          const loopAt = pointer(pointer(at, 'copy'), 0);
          const loop = loopOf(
            copy['count'],
            s,
            loopAt,
            (inner) => valueOf(copy['input'], inner, pointer(loopAt, 'input'), '    '),
            ['value'],
          );
          lines.push(`  ${bicepKey(k)}: ${loop}`);
          continue;
        }
        if (!isObject(v) || !('value' in v))
          throw new DecompileError(
            `module parameter ${k}: only values are converted (not Key Vault references)`,
            at,
          );
        lines.push(`  ${bicepKey(k)}: ${valueOf(v['value'], s, pointer(at, 'value'), '    ')}`);
      }
      lines.push('}');
    }
    const deps = dependsOn(f, flat, s, ctx);
    if (deps.length > 0) lines.push(`dependsOn: [\n    ${deps.join('\n    ')}\n  ]`);
    return lines;
  });
  const rel = `./modules/${f.symbol}.bicep`;
  return `module ${f.symbol} '${rel}' = ${body}`;
}

const PARAM_TYPES: Readonly<Record<string, [string, boolean]>> = {
  string: ['string', false],
  securestring: ['string', true],
  int: ['int', false],
  bool: ['bool', false],
  object: ['object', false],
  secureobject: ['object', true],
  array: ['array', false],
};

function paramText(
  name: string,
  symbol: string,
  def: TJson,
  scope: TDecompileScope,
  at: string,
): string {
  const type = PARAM_TYPES[String(def['type']).toLowerCase()];
  if (!type) throw new DecompileError(`parameter type ${String(def['type'])}`, at);
  const lines: string[] = [];
  const metadata = isObject(def['metadata']) ? { ...def['metadata'] } : {};
  if (typeof metadata['description'] === 'string') {
    lines.push(`@description('${escapeBicep(metadata['description'])}')`);
    delete metadata['description'];
  }
  if (Object.keys(metadata).length > 0)
    lines.push(`@metadata(${valueOf(metadata, scope, pointer(at, 'metadata'), '')})`);
  if (type[1]) lines.push('@secure()');
  if (Array.isArray(def['allowedValues']))
    lines.push(
      `@allowed(${valueOf(def['allowedValues'], scope, pointer(at, 'allowedValues'), '')})`,
    );
  for (const k of ['minValue', 'maxValue', 'minLength', 'maxLength'])
    if (typeof def[k] === 'number') lines.push(`@${k}(${def[k]})`);
  const value =
    'defaultValue' in def
      ? ` = ${valueOf(def['defaultValue'], scope, pointer(at, 'defaultValue'), '')}`
      : '';
  if (symbol !== name) lines.push(`// ARM name: ${name}`);
  lines.push(`param ${symbol} ${type[0]}${value}`);
  return lines.join('\n');
}

function outputText(name: string, o: TJson, scope: TDecompileScope, at: string): string {
  const type = PARAM_TYPES[String(o['type']).toLowerCase()];
  if (!type) throw new DecompileError(`output type ${String(o['type'])}`, at);
  if ('condition' in o)
    throw new DecompileError('a conditional output is not converted', pointer(at, 'condition'));
  const head = type[1] ? '@secure()\n' : '';
  const copy = o['copy'];
  const value = isObject(copy)
    ? loopOf(
        copy['count'],
        scope,
        pointer(at, 'copy'),
        (inner) => valueOf(copy['input'], inner, pointer(pointer(at, 'copy'), 'input'), ''),
        [''],
      )
    : valueOf(o['value'], scope, pointer(at, 'value'), '');
  return `${head}output ${identifier(name)} ${isObject(copy) ? 'array' : type[0]} = ${value}`;
}

function decompile(t: TJson, at: string, outPath: string, ctx: TFileContext): string {
  const schema = str(t['$schema']);
  const targetScope = SCOPES.find(([re]) => re.test(schema))?.[1];
  const taken = new Set<string>();
  const params = new Map<string, string>();
  const vars = new Map<string, string>();
  const parameters = isObject(t['parameters']) ? t['parameters'] : {};
  const variables = isObject(t['variables']) ? t['variables'] : {};
  for (const n of Object.keys(parameters)) params.set(n, unique(identifier(n), taken, 'Param'));
  const varCopies = Array.isArray(variables['copy']) ? variables['copy'] : [];
  for (const n of Object.keys(variables))
    if (n !== 'copy') vars.set(n, unique(identifier(n), taken, 'Var'));
  for (const c of varCopies)
    if (isObject(c) && typeof c['name'] === 'string')
      vars.set(c['name'], unique(identifier(c['name']), taken, 'Var'));
  const unconverted = (kind: string, name: string, e: DecompileError, value: unknown) =>
    ctx.report.unconverted.push({
      file: ctx.file,
      line: lineAt(ctx.lines, e.at),
      kind,
      name,
      reason: e.message,
      text: JSON.stringify(value, null, 2),
    });

  let flat: TFlat[] = [];
  try {
    flat = flatten(t['resources'], pointer(at, 'resources'), taken);
  } catch (e) {
    if (!(e instanceof DecompileError)) throw e;
    unconverted('resource', '', e, t['resources']);
  }
  findParents(flat);
  const scopeFor = (list: readonly TFlat[]): TDecompileScope => ({
    params,
    vars,
    resources: list.map(templateResource),
    loops: new Map(),
    lambdas: new Set(),
    used: new Set(),
    problems: [],
  });
  // A resource that fails is left out, and the others are written again without it.
  let failed = new Map<TFlat, DecompileError>();
  let texts: string[] = [];
  for (let pass = 0; pass < 3; pass++) {
    const kept = flat.filter((f) => !failed.has(f));
    const scope = scopeFor(kept);
    const errors = new Map(failed);
    texts = [];
    for (const f of kept) {
      try {
        texts.push(
          f.module
            ? moduleText(f, kept, { ...scope, used: new Set() }, ctx, outPath)
            : resourceText(f, kept, { ...scope, used: new Set() }, ctx),
        );
      } catch (e) {
        if (!(e instanceof DecompileError)) throw e;
        errors.set(f, e);
      }
    }
    if (errors.size === failed.size) break;
    failed = errors;
  }
  for (const [f, e] of failed) unconverted(f.module ? 'module' : 'resource', f.symbol, e, f.json);
  const scope = scopeFor(flat.filter((f) => !failed.has(f)));

  const blocks: string[] = [];
  if (targetScope) blocks.push(`targetScope = '${targetScope}'`);
  if (isObject(t['functions']) || Array.isArray(t['functions']))
    unconverted(
      'function',
      'functions',
      new DecompileError('user-defined functions are not converted', pointer(at, 'functions')),
      t['functions'],
    );
  for (const [n, def] of Object.entries(parameters)) {
    const p = pointer(pointer(at, 'parameters'), n);
    try {
      if (!isObject(def)) throw new DecompileError('a parameter must be an object', p);
      blocks.push(paramText(n, params.get(n)!, def, scope, p));
    } catch (e) {
      if (!(e instanceof DecompileError)) throw e;
      unconverted('parameter', n, e, def);
    }
  }
  for (const [n, v] of Object.entries(variables)) {
    if (n === 'copy') continue;
    const p = pointer(pointer(at, 'variables'), n);
    try {
      blocks.push(`var ${vars.get(n)!} = ${valueOf(v, scope, p, '')}`);
    } catch (e) {
      if (!(e instanceof DecompileError)) throw e;
      unconverted('variable', n, e, v);
    }
  }
  varCopies.forEach((c, i) => {
    const p = pointer(pointer(pointer(at, 'variables'), 'copy'), i);
    try {
      if (!isObject(c) || typeof c['name'] !== 'string')
        throw new DecompileError('a variable copy needs a name', p);
      const loop = loopOf(
        c['count'],
        scope,
        p,
        (inner) => valueOf(c['input'], inner, pointer(p, 'input'), ''),
        [c['name']],
      );
      blocks.push(`var ${vars.get(c['name'])!} = ${loop}`);
    } catch (e) {
      if (!(e instanceof DecompileError)) throw e;
      unconverted('variable', String(isObject(c) ? c['name'] : ''), e, c);
    }
  });
  blocks.push(...texts);
  const outputs = isObject(t['outputs']) ? t['outputs'] : {};
  for (const [n, o] of Object.entries(outputs)) {
    const p = pointer(pointer(at, 'outputs'), n);
    try {
      if (!isObject(o)) throw new DecompileError('an output must be an object', p);
      blocks.push(outputText(n, o, scope, p));
    } catch (e) {
      if (!(e instanceof DecompileError)) throw e;
      unconverted('output', n, e, o);
    }
  }
  return `${blocks.join('\n\n')}\n`;
}

const isTemplate = (v: unknown): v is TJson =>
  isObject(v) && /deploymentTemplate\.json/i.test(str(v['$schema']));

/** ARM templates (`*.json` with a deploymentTemplate `$schema`) → Bicep files. */
export function armToBicep(files: readonly TConvertFile[]): TConvertOutput {
  const report: TReport = { warnings: [], unconverted: [] };
  const mains: TConvertFile[] = [];
  const out: TConvertFile[] = [];
  const parameterFiles: { file: TConvertFile; value: TJson; lines: ReadonlyMap<string, number> }[] =
    [];
  for (const f of files) {
    if (!/\.(json|jsonc)$/i.test(f.path)) continue;
    const { value, lines } = parseJsonWithLines(f.content, f.path);
    if (isObject(value) && /deploymentParameters\.json/i.test(str(value['$schema'])))
      parameterFiles.push({ file: f, value, lines });
    if (!isTemplate(value)) continue;
    const outPath = f.path.replace(/\.(json|jsonc)$/i, '.bicep');
    const ctx: TFileContext = { file: f.path, lines, report, out };
    mains.push({ path: outPath, content: decompile(value, '', outPath, ctx) });
  }
  if (mains.length === 0)
    throw new ConvertError(
      'No ARM template in the upload (a .json file with a deploymentTemplate $schema).',
    );
  for (const p of parameterFiles) {
    const ctx: TFileContext = { file: p.file.path, lines: p.lines, report, out };
    const param = bicepParamOf(p.file.path, p.value, mains, ctx);
    if (param) out.push(param);
  }
  return { files: [...mains, ...out], warnings: report.warnings, unconverted: report.unconverted };
}

/** An ARM parameters file → `.bicepparam` (`using` the template of the same name, or the only one). */
function bicepParamOf(
  path: string,
  doc: TJson,
  mains: readonly TConvertFile[],
  ctx: TFileContext,
): TConvertFile | undefined {
  const base = path.replace(/(\.parameters)?\.(json|jsonc)$/i, '');
  const target =
    mains.find((m) => m.path === `${base}.bicep`) ?? (mains.length === 1 ? mains[0] : undefined);
  if (!target) {
    ctx.report.unconverted.push({
      file: path,
      line: 1,
      kind: 'parameters',
      name: path,
      reason:
        'which template these parameters are for is unclear: name it like the template (x.parameters.json for x.json)',
      text: '',
    });
    return undefined;
  }
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '';
  const using = target.path.startsWith(dir) ? `./${target.path.slice(dir.length)}` : target.path;
  const scope: TDecompileScope = {
    params: new Map(),
    vars: new Map(),
    resources: [],
    loops: new Map(),
    lambdas: new Set(),
    used: new Set(),
    problems: [],
  };
  const lines = [`using '${using}'`, ''];
  const values = isObject(doc['parameters']) ? doc['parameters'] : {};
  for (const [name, v] of Object.entries(values)) {
    const at = pointer('/parameters', name);
    try {
      if (!isObject(v) || !('value' in v))
        throw new DecompileError('only values are converted (not Key Vault references)', at);
      lines.push(
        `param ${identifier(name)} = ${valueOf(v['value'], scope, pointer(at, 'value'), '')}`,
      );
    } catch (e) {
      if (!(e instanceof DecompileError)) throw e;
      ctx.report.unconverted.push({
        file: path,
        line: lineAt(ctx.lines, e.at),
        kind: 'parameter',
        name,
        reason: e.message,
        text: JSON.stringify(v, null, 2),
      });
    }
  }
  return { path: `${base}.bicepparam`, content: `${lines.join('\n')}\n` };
}
