import { createRequire } from 'node:module';
import { posix } from 'node:path';
import type { TBlockSchema, TTypeSchema } from './provider-schema';

/**
 * Offline `terraform validate` for generated code: parses every .tf file with an HCL2 parser
 * and checks resource types, arguments (required present, none unknown), nested blocks and
 * references (resources, data sources, variables, locals, module inputs and outputs).
 */
export interface TSchemaSource {
  /** Schema of a resource (`data.` prefix for data sources), or undefined if unknown. */
  lookup(type: string, isData: boolean): TTypeSchema | undefined;
}

export interface TFile {
  readonly path: string;
  readonly content: string;
}

type TJson = Record<string, unknown>;
type TParse = (file: string, content: string) => Promise<unknown>;

/** Loaded at run time (never bundled): the parser finds its WebAssembly beside its own files. */
let parser: TParse | undefined;
function hclParser(): TParse {
  if (!parser) {
    const load = createRequire(import.meta.url);
    parser = (load(['@cdktf', 'hcl2json'].join('/')) as { parse: TParse }).parse;
  }
  return parser;
}
const META = new Set([
  'count',
  'for_each',
  'depends_on',
  'lifecycle',
  'provider',
  'provisioner',
  'connection',
]);

/** `${...}` segments of a string, with nested braces and strings handled. */
function expressions(s: string): string[] {
  const out: string[] = [];
  for (let i = s.indexOf('${'); i >= 0; i = s.indexOf('${', i + 1)) {
    if (i > 0 && s[i - 1] === '$') continue;
    let depth = 0;
    for (let j = i + 1; j < s.length; j++) {
      if (s[j] === '{') depth++;
      else if (s[j] === '}' && --depth === 0) {
        out.push(s.slice(i + 2, j));
        i = j;
        break;
      }
    }
  }
  return out;
}

// Segments may carry an index (`ip_address_details[0].ip_address`); `resolve` drops it.
const REF =
  /\b(?:var|local|module|data)\.[A-Za-z0-9_-]+(?:(?:\[\d+\])?\.[A-Za-z0-9_-]+)*|\b(?:aws|azurerm|google|oci)_[a-z0-9_]+\.[A-Za-z0-9_-]+(?:(?:\[\d+\])?\.[A-Za-z0-9_-]+)*/g;

export function referencesIn(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') {
    for (const e of expressions(value)) for (const m of e.matchAll(REF)) into.push(m[0]);
  } else if (Array.isArray(value)) for (const v of value) referencesIn(v, into);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) referencesIn(v, into);
  return into;
}

function checkBlock(body: TJson, schema: TBlockSchema, where: string, problems: string[]): void {
  for (const [key, value] of Object.entries(body)) {
    if (META.has(key)) continue;
    const nested = schema.b[key];
    if (nested) {
      const items = Array.isArray(value) ? value : [value];
      for (const item of items) {
        if (item && typeof item === 'object' && !Array.isArray(item)) {
          checkBlock(item as TJson, nested, `${where}.${key}`, problems);
        } else problems.push(`${where}: ${key} must be a block`);
      }
      continue;
    }
    if (!(key in schema.a)) problems.push(`${where}: unknown argument "${key}"`);
  }
  for (const [name, required] of Object.entries(schema.a)) {
    if (required === 1 && !(name in body))
      problems.push(`${where}: missing required argument "${name}"`);
  }
  for (const [name, b] of Object.entries(schema.b)) {
    if (b.min === 1 && !(name in body)) problems.push(`${where}: missing required block "${name}"`);
  }
}

interface TModuleDir {
  resources: Map<string, { type: string; body: TJson; file: string; isData: boolean }>;
  variables: Map<string, TJson>;
  outputs: Map<string, TJson>;
  locals: Set<string>;
  modules: Map<string, TJson>;
  files: string[];
  json: { file: string; doc: TJson }[];
}

function entries(doc: TJson, key: string): [string, TJson[]][] {
  const v = doc[key];
  return v && typeof v === 'object' ? (Object.entries(v) as [string, TJson[]][]) : [];
}

export async function checkTerraform(
  files: readonly TFile[],
  schemas: TSchemaSource,
): Promise<string[]> {
  const problems: string[] = [];
  const dirs = new Map<string, TModuleDir>();
  for (const f of files.filter((x) => x.path.endsWith('.tf'))) {
    const dir = posix.dirname(f.path);
    let m = dirs.get(dir);
    if (!m) {
      m = {
        resources: new Map(),
        variables: new Map(),
        outputs: new Map(),
        locals: new Set(),
        modules: new Map(),
        files: [],
        json: [],
      };
      dirs.set(dir, m);
    }
    let doc: TJson;
    try {
      doc = (await hclParser()(f.path, f.content)) as TJson;
    } catch (e) {
      problems.push(`${f.path}: does not parse: ${String(e)}`);
      continue;
    }
    m.json.push({ file: f.path, doc });
    for (const mode of ['resource', 'data'] as const) {
      for (const [type, byName] of entries(doc, mode)) {
        for (const [name, bodies] of Object.entries(byName as unknown as Record<string, TJson[]>)) {
          const address = mode === 'data' ? `data.${type}.${name}` : `${type}.${name}`;
          if (m.resources.has(address)) problems.push(`${f.path}: ${address} declared twice`);
          m.resources.set(address, {
            type,
            body: bodies[0] ?? {},
            file: f.path,
            isData: mode === 'data',
          });
        }
      }
    }
    for (const [name, bodies] of entries(doc, 'variable')) m.variables.set(name, bodies[0] ?? {});
    for (const [name, bodies] of entries(doc, 'output')) m.outputs.set(name, bodies[0] ?? {});
    for (const [name, bodies] of entries(doc, 'module')) m.modules.set(name, bodies[0] ?? {});
    for (const l of (doc['locals'] as TJson[] | undefined) ?? [])
      for (const k of Object.keys(l)) m.locals.add(k);
  }

  for (const [dir, m] of dirs) {
    for (const [address, r] of m.resources) {
      const schema = schemas.lookup(r.type, r.isData);
      const where = `${r.file}: ${address}`;
      if (!schema) {
        problems.push(`${where}: unknown ${r.isData ? 'data source' : 'resource'} type ${r.type}`);
        continue;
      }
      if (!schema.isOpen) checkBlock(r.body, schema, where, problems);
    }
    for (const [name, call] of m.modules) {
      const source = typeof call['source'] === 'string' ? call['source'] : '';
      const target = dirs.get(posix.normalize(posix.join(dir, source)));
      if (!target) {
        problems.push(`${dir}: module ${name}: source ${source} not found`);
        continue;
      }
      for (const key of Object.keys(call)) {
        if (['source', 'depends_on', 'count', 'for_each', 'providers', 'version'].includes(key))
          continue;
        if (!target.variables.has(key))
          problems.push(`${dir}: module ${name}: unknown input "${key}"`);
      }
      for (const [v, def] of target.variables) {
        if (!('default' in def) && !(v in call))
          problems.push(`${dir}: module ${name}: missing input "${v}"`);
      }
    }
    problems.push(...cycles(m.resources));
    for (const { file, doc } of m.json) {
      for (const ref of referencesIn({ ...doc, variable: undefined })) {
        const problem = resolve(ref, m, dir, dirs, schemas);
        if (problem) problems.push(`${file}: ${problem}`);
      }
    }
  }
  return [...new Set(problems)];
}

/** `terraform plan` refuses a configuration whose resources depend on each other in a cycle. */
function cycles(resources: TModuleDir['resources']): string[] {
  const edges = new Map<string, string[]>();
  for (const [address, r] of resources) {
    const targets = referencesIn(r.body).map((ref) => {
      const parts = ref.replace(/\[\d+\]/g, '').split('.');
      return parts[0] === 'data' ? parts.slice(0, 3).join('.') : parts.slice(0, 2).join('.');
    });
    edges.set(address, [...new Set(targets.filter((t) => t !== address && resources.has(t)))]);
  }
  const out: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (a: string): void => {
    state.set(a, 'open');
    stack.push(a);
    for (const b of edges.get(a) ?? []) {
      if (state.get(b) === 'open') {
        const loop = [...stack.slice(stack.indexOf(b)), b];
        out.push(`${resources.get(a)!.file}: dependency cycle ${loop.join(' -> ')}`);
      } else if (!state.has(b)) visit(b);
    }
    stack.pop();
    state.set(a, 'done');
  };
  for (const a of [...resources.keys()].sort()) if (!state.has(a)) visit(a);
  return out;
}

function resolve(
  ref: string,
  m: TModuleDir,
  dir: string,
  dirs: Map<string, TModuleDir>,
  schemas: TSchemaSource,
): string | undefined {
  const parts = ref.replace(/\[\d+\]/g, '').split('.');
  const [root = '', second = '', third] = parts;
  switch (root) {
    case 'var':
      return m.variables.has(second) ? undefined : `undeclared variable var.${second}`;
    case 'local':
      return m.locals.has(second) ? undefined : `undeclared local.${second}`;
    case 'module': {
      const call = m.modules.get(second);
      if (!call) return `undeclared module.${second}`;
      const target = dirs.get(
        posix.normalize(posix.join(dir, typeof call['source'] === 'string' ? call['source'] : '')),
      );
      if (third !== undefined && target && !target.outputs.has(third))
        return `module.${second} has no output ${third}`;
      return undefined;
    }
    case 'data': {
      const address = `data.${second}.${third ?? ''}`;
      const r = m.resources.get(address);
      if (!r) return `undeclared ${address}`;
      const schema = schemas.lookup(second, true);
      return attributeProblem(address, schema, parts[3], parts[4]);
    }
    default: {
      const address = `${root}.${second}`;
      const r = m.resources.get(address);
      if (!r) return `undeclared ${address}`;
      const schema = schemas.lookup(root, false);
      return schema?.isOpen ? undefined : attributeProblem(address, schema, third, parts[3]);
    }
  }
}

function attributeProblem(
  address: string,
  schema: TTypeSchema | undefined,
  attr: string | undefined,
  inner: string | undefined,
): string | undefined {
  if (!attr || !schema) return undefined;
  if (!schema.r.includes(attr)) return `${address} has no attribute ${attr}`;
  const names = schema.nested?.[attr];
  if (inner && names && !names.includes(inner))
    return `${address}.${attr} has no attribute ${inner}`;
  return undefined;
}
