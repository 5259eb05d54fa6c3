import { ConvertError, type TConvertFile, type TConvertOutput } from '../types';
import { lineAt, parseJsonWithLines, pointer } from './json-lines';
import { functionTexts } from './functions';
import { keyVaultSecret } from './key-vault';
import { identifier, unique } from './names';
import type { TDecompileScope } from './to-bicep-expr';
import { bicepParamOf, outputText, paramText } from './to-bicep-decls';
import { extensionTexts } from './to-bicep-extensions';
import { typeDeclarations } from './to-bicep-types';
import {
  declaration,
  dependsOn,
  findParents,
  flatten,
  isObject,
  resourceText,
  segmentsText,
  str,
  templateResource,
  type TFileContext,
  type TFlat,
  type TReport,
} from './to-bicep-resources';
import { bicepKey, DecompileError, loopOf, valueOf } from './to-bicep-value';

/**
 * ARM JSON → Bicep, as `bicep decompile` does: parameters with decorators, variables,
 * resources (nested ones flattened, `parent:` where the name says so), `copy` → `for`,
 * `condition` → `if`, `dependsOn` kept only where no reference implies it, nested deployments
 * with an inner-scope template → modules in files of their own, outputs. languageVersion 2.0
 * templates too: `definitions` → `type`, resources keyed by symbolic name, `existing` ones,
 * `imports` → `extension`.
 */
type TJson = Record<string, unknown>;

const SCOPES: readonly [RegExp, string][] = [
  [/subscriptionDeploymentTemplate/i, 'subscription'],
  [/managementGroupDeploymentTemplate/i, 'managementGroup'],
  [/tenantDeploymentTemplate/i, 'tenant'],
];

/** Why an outer-scope nested template stays unconverted, naming the parent's values it reads. */
function outerScopeReason(template: unknown): string {
  const text = JSON.stringify(template ?? {});
  const names = (fn: string) => [
    ...new Set([...text.matchAll(new RegExp(`${fn}\\('([^']+)'\\)`, 'g'))].map((m) => m[1]!)),
  ];
  const reads = [
    ...names('parameters').map((n) => `parameter ${n}`),
    ...names('variables').map((n) => `variable ${n}`),
  ];
  return `a nested template in the outer scope reads the parent template${reads.length > 0 ? ` (${reads.join(', ')})` : ''}: not converted; set expressionEvaluationOptions.scope to inner and pass ${reads.length > 0 ? 'those values' : 'what it needs'} as its parameters`;
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
  if (!inner) throw new DecompileError(outerScopeReason(props['template']), f.at);
  const dir = outPath.includes('/') ? outPath.slice(0, outPath.lastIndexOf('/') + 1) : '';
  const modulePath = `${dir}modules/${f.symbol}.bicep`;
  const text = decompile(
    props['template'] as TJson,
    pointer(pointer(f.at, 'properties'), 'template'),
    modulePath,
    ctx,
  );
  ctx.out.push({ path: modulePath, content: text });
  // Key Vaults the parameters read secrets from, declared `existing` before the module.
  const vaults = new Map<string, { symbol: string; decl?: string }>();
  const body = declaration(f, scope, (s) => {
    vaults.clear();
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
        if (isObject(v) && 'reference' in v) {
          const id = JSON.stringify(v['reference']);
          const known = vaults.get(id);
          const symbol =
            known?.symbol ?? `${f.symbol}KeyVault${vaults.size > 0 ? vaults.size + 1 : ''}`;
          const secret = keyVaultSecret(v, s, at, symbol);
          if (!known) vaults.set(id, { symbol, decl: secret.decl });
          lines.push(`  ${bicepKey(k)}: ${secret.expr}`);
          continue;
        }
        if (!isObject(v) || !('value' in v))
          throw new DecompileError(`module parameter ${k}: needs a value or a reference`, at);
        lines.push(`  ${bicepKey(k)}: ${valueOf(v['value'], s, pointer(at, 'value'), '    ')}`);
      }
      lines.push('}');
    }
    const deps = dependsOn(f, flat, s, ctx);
    if (deps.length > 0) lines.push(`dependsOn: [\n    ${deps.join('\n    ')}\n  ]`);
    return lines;
  });
  const rel = `./modules/${f.symbol}.bicep`;
  const decls = [...vaults.values()].flatMap((v) => (v.decl ? [`${v.decl}\n\n`] : []));
  return `${decls.join('')}module ${f.symbol} '${rel}' = ${body}`;
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
  if (t['functions'] !== undefined && !Array.isArray(t['functions']))
    unconverted(
      'function',
      'functions',
      new DecompileError('functions must be an array of namespaces', pointer(at, 'functions')),
      t['functions'],
    );
  blocks.push(
    ...extensionTexts(t, scope, at, (name, e, value) => unconverted('extension', name, e, value)),
    ...typeDeclarations(t['definitions'], scope, pointer(at, 'definitions'), (name, e, value) =>
      unconverted('type', name, e, value),
    ),
  );
  blocks.push(
    ...functionTexts(t['functions'], scope, pointer(at, 'functions'), (name, e, value) =>
      unconverted('function', name, e, value),
    ),
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
