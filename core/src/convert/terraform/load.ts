import type { THclBlock, THclBody, THclExpr, THclFile } from '../hcl/ast';
import { HclSyntaxError, parseHcl } from '../hcl/parser';
import { ConvertError, type TConvertFile, type TUnconverted } from '../types';
import { parseTerraformJson, parseTfvarsJson } from './tf-json';

/**
 * A Terraform upload read into modules (one per folder), the root module(s) among them and the
 * environments its `.tfvars` files (or env folders) describe.
 */
export interface TModuleSource {
  readonly dir: string;
  readonly files: readonly THclFile[];
  /** Top-level blocks of every file of the folder, with the file each came from. */
  readonly blocks: readonly { readonly file: string; readonly block: THclBlock }[];
}

export interface TEnvironmentInput {
  readonly name: string;
  /** The root module this environment is deployed from (env folders have one each). */
  readonly root: string;
  /** Values of `.tfvars` files for it: variable → expression. */
  readonly values: ReadonlyMap<string, THclExpr>;
}

export interface TConfiguration {
  readonly modules: ReadonlyMap<string, TModuleSource>;
  readonly environments: readonly TEnvironmentInput[];
  readonly unconverted: readonly TUnconverted[];
  /**
   * Partial backend configurations `terraform init -backend-config=FILE` reads
   * (`env/dev.backend.hcl`, `prod.s3.tfbackend`): the environment the file is named after, if any.
   */
  readonly backendFiles: readonly TBackendFile[];
}

export interface TBackendFile {
  readonly path: string;
  readonly env: string;
  readonly values: ReadonlyMap<string, THclExpr>;
}

/** `env/dev.backend.hcl`, `dev.s3.tfbackend`, `backend-dev.hcl` → `dev`. */
const BACKEND_FILE =
  /(?:^|\/)(?:backend[-_.])?([A-Za-z0-9_-]+?)(?:[-_.]backend)?(?:\.[a-z0-9]+)?\.(?:hcl|tfbackend)$/;
const isBackendFile = (path: string) =>
  path.endsWith('.tfbackend') || (path.endsWith('.hcl') && /backend/i.test(baseName(path)));

const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** `a/b/../c` → `a/c`; answers undefined for a path leaving the upload. */
export function normalisePath(path: string): string | undefined {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

/** A module call's `source` as written, when it is a literal. */
export function moduleSource(block: THclBlock): string | undefined {
  const src = block.body.attributes.find((a) => a.name === 'source')?.expr;
  return src?.k === 'template' && typeof src.parts[0] === 'string' ? src.parts[0] : undefined;
}

/** The folder a module call's `source` names, when it is a local path. */
export function localSource(fromDir: string, source: unknown): string | undefined {
  if (typeof source !== 'string' || !/^\.\.?\//.test(source)) return undefined;
  return normalisePath(`${fromDir}/${source}`);
}

function parseFile(f: TConvertFile): THclFile {
  try {
    if (f.path.endsWith('.tf.json')) return parseTerraformJson(f.path, f.content);
    if (f.path.endsWith('.tfvars.json')) return parseTfvarsJson(f.path, f.content);
    return parseHcl(f.path, f.content);
  } catch (e) {
    if (e instanceof HclSyntaxError)
      throw new ConvertError(`${f.path}:${e.line}: ${e.message}`, f.path, e.line);
    throw e;
  }
}

/** Environment names in the order a reader expects when nothing else says it. */
const ENV_ORDER = [
  'dev',
  'development',
  'test',
  'qa',
  'staging',
  'stage',
  'uat',
  'preprod',
  'prod',
  'production',
];
const envRank = (n: string) => {
  const i = ENV_ORDER.indexOf(n);
  return i === -1 ? ENV_ORDER.length : i;
};

/** `contains(["dev", "prod"], var.environment)` in the environment variable's validation. */
function declaredEnvironments(modules: Iterable<TModuleSource>): string[] | undefined {
  for (const m of modules) {
    for (const { block } of m.blocks) {
      if (block.type !== 'variable' || block.labels[0] !== 'environment') continue;
      for (const v of block.body.blocks.filter((b) => b.type === 'validation')) {
        const cond = v.body.attributes.find((a) => a.name === 'condition')?.expr;
        if (cond?.k === 'call' && cond.fn === 'contains' && cond.args[0]?.k === 'tuple') {
          const names = cond.args[0].items.map((i) =>
            i.k === 'template' && i.parts.length === 1 && typeof i.parts[0] === 'string'
              ? i.parts[0]
              : undefined,
          );
          if (names.every((n): n is string => n !== undefined)) return names;
        }
      }
    }
  }
  return undefined;
}

function tfvarsValues(file: THclFile): Map<string, THclExpr> {
  return new Map(file.body.attributes.map((a) => [a.name, a.expr]));
}

export function loadConfiguration(files: readonly TConvertFile[]): TConfiguration {
  const unconverted: TUnconverted[] = [];
  const byDir = new Map<string, THclFile[]>();
  const tfvars: THclFile[] = [];
  const backendFiles: TBackendFile[] = [];
  for (const f of files) {
    if (isBackendFile(f.path)) {
      const env = BACKEND_FILE.exec(f.path)?.[1] ?? '';
      backendFiles.push({ path: f.path, env, values: tfvarsValues(parseFile(f)) });
      continue;
    }
    // `.tf` and `.tf.json` files of one folder make one module, as for Terraform.
    if (f.path.endsWith('.tf') || f.path.endsWith('.tf.json')) {
      const dir = dirOf(f.path);
      byDir.set(dir, [...(byDir.get(dir) ?? []), parseFile(f)]);
    } else if (f.path.endsWith('.tfvars') || f.path.endsWith('.tfvars.json')) {
      tfvars.push(parseFile(f));
    }
  }
  if (byDir.size === 0) throw new ConvertError('no Terraform (.tf or .tf.json) file in the upload');
  const modules = new Map<string, TModuleSource>();
  for (const [dir, parsed] of byDir) {
    modules.set(dir, {
      dir,
      files: parsed,
      blocks: parsed.flatMap((file) =>
        file.body.blocks.map((block) => ({ file: file.path, block })),
      ),
    });
  }
  // A folder some module call points at is a child; the others are roots.
  const called = new Set<string>();
  for (const m of modules.values()) {
    for (const { block } of m.blocks) {
      if (block.type !== 'module') continue;
      const target = localSource(m.dir, moduleSource(block));
      if (target !== undefined && target !== m.dir) called.add(target);
    }
  }
  const roots = [...modules.keys()].filter((d) => !called.has(d)).sort();
  if (roots.length === 0)
    throw new ConvertError('every folder is called as a module: no root module found');
  const declared = declaredEnvironments(modules.values());
  const order = (names: string[]) =>
    names.sort((a, b) => {
      const da = declared?.indexOf(a) ?? -1;
      const db = declared?.indexOf(b) ?? -1;
      if (da !== -1 || db !== -1) return (da === -1 ? 1e9 : da) - (db === -1 ? 1e9 : db);
      return envRank(a) - envRank(b) || a.localeCompare(b);
    });

  const environments: TEnvironmentInput[] = [];
  if (roots.length > 1) {
    // Env folders (`envs/dev`, `envs/prod`): one root each, its own terraform.tfvars.
    for (const name of order(roots.map(baseName))) {
      const root = roots.find((r) => baseName(r) === name)!;
      const values = new Map<string, THclExpr>();
      for (const t of tfvars.filter((t) => dirOf(t.path) === root))
        for (const [k, v] of tfvarsValues(t)) values.set(k, v);
      environments.push({ name, root, values });
    }
  } else {
    const root = roots[0]!;
    const shared = new Map<string, THclExpr>();
    const perEnv = new Map<string, Map<string, THclExpr>>();
    for (const t of tfvars) {
      const file = baseName(t.path).replace(/\.json$/, '');
      if (file === 'terraform.tfvars' || file.endsWith('.auto.tfvars')) {
        for (const [k, v] of tfvarsValues(t)) shared.set(k, v);
      } else perEnv.set(file.replace(/\.tfvars$/, ''), tfvarsValues(t));
    }
    const names = order([...perEnv.keys()]);
    if (names.length === 0)
      environments.push({ name: declared?.[0] ?? 'dev', root, values: shared });
    for (const name of names)
      environments.push({ name, root, values: new Map([...shared, ...perEnv.get(name)!]) });
  }
  return { modules, environments, unconverted, backendFiles };
}

export type { THclBody };
