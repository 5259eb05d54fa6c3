import { ConvertError, type TConvertFile, type TConvertOutput, type TUnconverted } from '../types';
import type { TProgram, TStatement } from './ast';
import { bicepParamToArm } from './bicepparam';
import {
  Unconvertible,
  type TCompiled,
  type TExprContext,
  type TFileSymbols,
  type TReport,
  type TResourceSymbol,
} from './context';
import { setKey } from './arm-syntax';
import { propertyCopy, toJson } from './json-to-arm';
import { functionsJson } from './functions';
import { resolveImport } from './imports';
import { resolvePath } from './load-content';
import { lineOf, parseBicep } from './parser';
import { collectSymbols } from './symbols';
import { extensionOf } from './extensions';
import { outputJson, paramJson } from './to-arm-decls';
import { definitionsJson } from './to-arm-types';
import { moduleJson, resourceJson } from './to-arm-resources';

/**
 * Bicep → ARM JSON, following what `bicep build` writes: parameters with their decorators,
 * variables, resources with `dependsOn` inferred from symbol references, loops as `copy`,
 * conditions, modules as nested deployments with their template inlined (inner scope), outputs.
 * A file with user-defined types or extensions becomes a languageVersion 2.0 template
 * (`definitions`, `imports`, resources keyed by symbolic name).
 */
export const SCHEMAS: Readonly<Record<string, string>> = {
  resourceGroup: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
  subscription:
    'https://schema.management.azure.com/schemas/2018-05-01/subscriptionDeploymentTemplate.json#',
  managementGroup:
    'https://schema.management.azure.com/schemas/2019-08-01/managementGroupDeploymentTemplate.json#',
  tenant: 'https://schema.management.azure.com/schemas/2019-08-01/tenantDeploymentTemplate.json#',
};

function unconverted(
  report: TReport,
  symbols: { file: string; text: string },
  kind: string,
  name: string,
  e: Unconvertible,
  whole: { line: number; start: number; end: number },
): TUnconverted {
  // The error's own position when it lies in this declaration (not in one it refers to).
  const inside = e.at !== undefined && e.at.start >= whole.start && e.at.start < whole.end;
  const entry: TUnconverted = {
    file: symbols.file,
    line: inside ? e.at.line : whole.line,
    kind,
    name,
    reason: e.message,
    text: symbols.text.slice(whole.start, whole.end),
  };
  report.unconverted.push(entry);
  return entry;
}

function compileFile(
  file: TConvertFile,
  files: readonly TConvertFile[],
  report: TReport,
  stack: readonly string[],
): TCompiled {
  const program = parseBicep(file.content, file.path);
  const { symbols, problems } = collectSymbols(program, file.path, file.content);
  // A declaration that cannot be converted is left out, and what refers to it is compiled
  // again without it (then unconverted too), so the template never names a missing symbol.
  const dropped: TUnconverted[] = [];
  for (let pass = 0; ; pass++) {
    const local: TReport = { warnings: [], unconverted: [] };
    const failed = new Map<string, TUnconverted>();
    const compiled = compileStatements(program, symbols, problems, files, local, stack, failed);
    if (failed.size === 0 || pass === 3) {
      report.warnings.push(...local.warnings);
      report.unconverted.push(
        ...[...dropped, ...local.unconverted].sort((a, b) => a.line - b.line),
      );
      return compiled;
    }
    for (const [symbol, entry] of failed) {
      dropped.push(entry);
      symbols.resources.delete(symbol);
      symbols.modules.delete(symbol);
      symbols.vars.delete(symbol);
      symbols.params.delete(symbol);
    }
  }
}

function compileStatements(
  program: TProgram,
  symbols: TFileSymbols,
  problems: readonly Unconvertible[],
  files: readonly TConvertFile[],
  report: TReport,
  stack: readonly string[],
  failed: Map<string, TUnconverted>,
): TCompiled {
  const file = { path: symbols.file, content: symbols.text };
  for (const p of problems)
    report.unconverted.push({
      file: file.path,
      line: p.at?.line ?? 1,
      kind: 'resource',
      name: '',
      reason: p.message,
      text: p.at ? file.content.slice(p.at.start, p.at.end) : '',
    });
  const t: Record<string, unknown> = {
    $schema: SCHEMAS[symbols.targetScope] ?? SCHEMAS['resourceGroup'],
    ...(symbols.symbolic ? { languageVersion: '2.0' } : {}),
    contentVersion: '1.0.0.0',
  };
  const metadata: Record<string, unknown> = {};
  const parameters: Record<string, unknown> = {};
  const variables: Record<string, unknown> = {};
  const varCopies: unknown[] = [];
  const imports: Record<string, unknown> = {};
  // languageVersion 2.0 keys resources by symbolic name and declares existing ones too.
  const list: unknown[] = [];
  const keyed: Record<string, unknown> = {};
  const add = (symbol: string, json: unknown) =>
    symbols.symbolic ? setKey(keyed, symbol, json) : list.push(json);
  const outputs: Record<string, unknown> = {};
  const base = (): TExprContext => ({ symbols, files, env: new Map() });

  const compileResource = (res: TResourceSymbol) => {
    if (!res.existing || symbols.symbolic) add(res.symbol, resourceJson(res, symbols, files));
  };

  for (const s of program.statements) {
    try {
      switch (s.kind) {
        case 'targetScope':
          if (!SCHEMAS[symbols.targetScope])
            throw new Unconvertible(`target scope ${symbols.targetScope}`, s);
          break;
        case 'metadata':
          setKey(metadata, s.name, toJson(s.value, base()));
          break;
        case 'param':
          if (!symbols.params.has(s.name)) break; // left out in an earlier pass
          setKey(parameters, s.name, paramJson(s, symbols, base(), report));
          break;
        case 'var': {
          if (!symbols.vars.has(s.name)) break;
          if (s.value.k === 'for') {
            varCopies.push(propertyCopy(s.name, s.value, base()));
            break;
          }
          const ctx = base();
          const value = toJson(s.value, ctx);
          // Read at deployment time (reference(), list*()): inlined where used instead.
          if (!ctx.runtime) setKey(variables, s.name, value);
          break;
        }
        case 'resource': {
          const own = symbols.resources.get(s.name);
          if (!own) break;
          compileResource(own);
          for (const r of symbols.resources.values())
            if (r.symbol.startsWith(`${s.name}::`)) {
              try {
                compileResource(r);
              } catch (e) {
                if (!(e instanceof Unconvertible)) throw e;
                failed.set(r.symbol, unconverted(report, symbols, 'resource', r.symbol, e, r.at));
              }
            }
          break;
        }
        case 'module': {
          const mod = symbols.modules.get(s.name);
          if (mod)
            add(
              mod.symbol,
              moduleJson(mod, symbols, files, stack, (f, s) => compileFile(f, files, report, s)),
            );
          break;
        }
        case 'output':
          setKey(outputs, s.name, outputJson(s, symbols, base()));
          break;
        case 'type':
          break; // written with the `definitions` section below
        case 'extension': {
          const ext = extensionOf(s);
          const config = ext.config ? { config: toJson(ext.config, base()) } : {};
          setKey(imports, ext.alias, { provider: ext.provider, version: ext.version, ...config });
          break;
        }
        case 'import':
          resolveImport(s, symbols, files);
          break;
        case 'func':
          break; // written with the `functions` section below
        case 'other':
          throw new Unconvertible(`${s.keyword} declarations have no ARM template equivalent`, s);
      }
    } catch (e) {
      if (!(e instanceof Unconvertible)) throw e;
      const entry = unconverted(report, symbols, s.kind, statementName(s), e, s);
      if (['resource', 'module', 'var', 'param'].includes(s.kind))
        failed.set(statementName(s), entry);
    }
  }
  const functions = functionsJson(symbols, files, (f, e) => {
    if (!(e instanceof Unconvertible)) throw e;
    const at = f.home === symbols ? f.stmt : program.statements.find((x) => x.kind === 'import');
    unconverted(report, symbols, 'func', f.stmt.name, e, at ?? f.stmt);
  });
  const definitions = symbols.symbolic
    ? definitionsJson(symbols, base(), (name, e) => {
        const decl = symbols.typeDecls.get(name);
        if (decl) unconverted(report, symbols, 'type', name, e, decl);
      })
    : {};
  for (const [name, v] of symbols.imported) {
    try {
      if (v.stmt.value.k === 'for') throw new Unconvertible('an imported for-expression', v.stmt);
      setKey(
        variables,
        v.armName ?? name,
        toJson(v.stmt.value, { symbols: v.home, files, env: new Map(), inlineVars: true }),
      );
    } catch (e) {
      if (!(e instanceof Unconvertible)) throw e;
      const at = program.statements.find((x) => x.kind === 'import') ?? v.stmt;
      unconverted(report, symbols, 'var', name, e, at);
    }
  }
  if (varCopies.length > 0) variables['copy'] = varCopies;
  const sections: [string, Record<string, unknown>][] = [
    ['metadata', metadata],
    ['definitions', definitions],
  ];
  for (const [k, v] of sections) if (Object.keys(v).length > 0) t[k] = v;
  if (functions) t['functions'] = functions;
  if (Object.keys(parameters).length > 0) t['parameters'] = parameters;
  if (Object.keys(variables).length > 0) t['variables'] = variables;
  if (Object.keys(imports).length > 0) t['imports'] = imports;
  t['resources'] = symbols.symbolic ? keyed : list;
  if (Object.keys(outputs).length > 0) t['outputs'] = outputs;
  return { template: t, targetScope: symbols.targetScope };
}

const statementName = (s: TStatement) =>
  s.kind === 'targetScope' ? 'targetScope' : 'name' in s ? s.name : '';

/** Files no other file uses as a module: each is an entry point. */
function entries(files: readonly TConvertFile[]): TConvertFile[] {
  const bicep = files.filter((f) => f.path.endsWith('.bicep'));
  const used = new Set<string>();
  for (const f of bicep)
    for (const m of f.content.matchAll(/^\s*(?:module\s+\w+|import\s[^']*from)\s+'([^']+)'/gm)) {
      const p = resolvePath(f.path, m[1]!);
      if (p) used.add(p);
    }
  return bicep.filter((f) => !used.has(f.path));
}

/**
 * Bicep → ARM. `entry` names the file to build; without it every file that is not another's
 * module is built (`main.bicep` → `main.json`). A syntax error throws ConvertError.
 */
export function bicepToArm(files: readonly TConvertFile[], entry?: string): TConvertOutput {
  const report: TReport = { warnings: [], unconverted: [] };
  const roots = entry ? files.filter((f) => f.path === entry) : entries(files);
  const params = files.filter((f) => f.path.endsWith('.bicepparam'));
  if (roots.length === 0 && (entry || params.length === 0))
    throw new ConvertError(
      entry ? `${entry} is not in the upload` : 'No .bicep file in the upload.',
    );
  const out: TConvertFile[] = [];
  for (const f of roots) {
    const { template } = compileFile(f, files, report, [f.path]);
    out.push({
      path: f.path.replace(/\.bicep$/, '.json'),
      content: `${JSON.stringify(template, null, 2)}\n`,
    });
  }
  for (const f of params) out.push(bicepParamToArm(f, files, report.unconverted));
  return { files: out, warnings: report.warnings, unconverted: report.unconverted };
}

export { lineOf };
