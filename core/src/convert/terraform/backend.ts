import { ZBackendSettings, type TBackendSettings } from '../../iac/design/backend-settings';
import type { TERRAFORM_LAYOUTS } from '../../iac/design/schema-v2';
import type { TCloud } from '../../iac/types';
import type { THclBlock, THclExpr } from '../hcl/ast';
import type { TConvertWarning } from '../types';
import { evaluate, type TEvalScope } from './evaluate';
import { localSource, type TConfiguration } from './load';

/**
 * Where the upload keeps its Terraform state: the root's `backend` block and the partial
 * configurations `terraform init -backend-config=…` reads (`env/dev.backend.hcl`). Read back into
 * the design's `layout.backend`, so the code generated again points at the same state — a
 * different bucket or key would make the next plan create every resource again.
 */
export interface TStateRead {
  readonly backend?: TBackendSettings;
  readonly warnings: readonly TConvertWarning[];
}

/** The backend the engine writes for each cloud, and where each of its settings goes. */
const NATIVE: Readonly<Record<TCloud, string>> = {
  aws: 's3',
  azure: 'azurerm',
  gcp: 'gcs',
  oci: 'oci',
};
const SETTINGS: Readonly<Record<string, keyof TBackendSettings>> = {
  bucket: 'bucket',
  region: 'region',
  resource_group_name: 'resourceGroup',
  storage_account_name: 'storageAccount',
  container_name: 'container',
  namespace: 'namespace',
};
/** The state key of one environment as the engine writes it: the prefix before it. */
const KEY: Readonly<
  Record<string, { setting: string; prefixOf: (key: string, env: string) => string | undefined }>
> = {
  s3: { setting: 'key', prefixOf: (k, env) => strip(k, `/${env}/terraform.tfstate`) },
  oci: { setting: 'key', prefixOf: (k, env) => strip(k, `/${env}/terraform.tfstate`) },
  azurerm: { setting: 'key', prefixOf: (k, env) => strip(k, `/${env}.tfstate`) },
  gcs: { setting: 'prefix', prefixOf: (k, env) => strip(k, `/${env}`) },
};
type TTerraformLayout = (typeof TERRAFORM_LAYOUTS)[number];

const strip = (text: string, end: string) =>
  text.endsWith(end) && text.length > end.length ? text.slice(0, -end.length) : undefined;

const LITERAL: TEvalScope = {
  prefix: '',
  variable: () => undefined,
  local: () => undefined,
  moduleOutput: () => undefined,
};
const textOf = (e: THclExpr | undefined) => {
  const v = e ? evaluate(e, LITERAL) : undefined;
  return typeof v === 'string' ? v : undefined;
};

interface TFound {
  readonly type: string;
  readonly file: string;
  readonly line: number;
  /** Setting → value, from the block and the files for `env` ('' for every environment). */
  readonly values: Map<string, Map<string, { text: string; file: string }>>;
}

/** The `backend` block of each root module, with the settings written in it. */
function backendBlocks(config: TConfiguration): TFound | undefined {
  const roots = new Set(config.environments.map((e) => e.root));
  let found: TFound | undefined;
  for (const env of config.environments) {
    for (const { file, block } of config.modules.get(env.root)?.blocks ?? []) {
      if (block.type !== 'terraform') continue;
      for (const b of block.body.blocks) {
        if (b.type !== 'backend' || !b.labels[0]) continue;
        found ??= { type: b.labels[0], file, line: b.line, values: new Map() };
        // An env folder's root holds its own environment's settings; one root holds them all.
        const scope = roots.size > 1 ? env.name : '';
        for (const a of b.body.attributes) {
          const text = textOf(a.expr);
          if (text === undefined) continue;
          const at = found.values.get(a.name) ?? new Map<string, { text: string; file: string }>();
          at.set(scope, { text, file });
          found.values.set(a.name, at);
        }
      }
    }
  }
  return found;
}

export function readStateBackend(config: TConfiguration, cloud: TCloud): TStateRead {
  const found = backendBlocks(config);
  if (!found) return { warnings: [] };
  const envs = config.environments.map((e) => e.name);
  for (const f of config.backendFiles) {
    const scope = envs.includes(f.env) ? f.env : '';
    for (const [name, expr] of f.values) {
      const text = textOf(expr);
      if (text === undefined) continue;
      const at = found.values.get(name) ?? new Map<string, { text: string; file: string }>();
      at.set(scope, { text, file: f.path });
      found.values.set(name, at);
    }
  }
  const warnings: TConvertWarning[] = [];
  const warn = (message: string, file = found.file, line = found.line) =>
    warnings.push({ file, line, message });
  if (found.type !== NATIVE[cloud]) {
    warn(
      `the state is kept by the "${found.type}" backend; the design keeps ${cloud} state in the "${NATIVE[cloud]}" backend only — move the state (terraform init -migrate-state) or keep this backend block by hand`,
    );
    return { warnings };
  }
  const settings: Record<string, string> = {};
  const valueFor = (name: string, env: string) =>
    found.values.get(name)?.get(env)?.text ?? found.values.get(name)?.get('')?.text;
  for (const [name, key] of Object.entries(SETTINGS)) {
    const seen = [...new Set(envs.map((e) => valueFor(name, e)))].filter((v) => v !== undefined);
    if (seen.length === 0) continue;
    settings[key] = seen[0]!;
    if (seen.length > 1)
      warn(
        `the environments keep their state with different ${name} values (${seen.join(', ')}); the design keeps one for all: ${seen[0]}`,
      );
  }
  const key = KEY[found.type]!;
  const prefixes = new Set(
    envs.map((env) => {
      const k = valueFor(key.setting, env);
      return k === undefined ? undefined : key.prefixOf(k, env);
    }),
  );
  const [prefix] = prefixes;
  if (prefixes.size === 1 && prefix !== undefined) settings['keyPrefix'] = prefix;
  else if ([...prefixes].some((p) => p !== undefined) || found.values.has(key.setting)) {
    const example = {
      s3: 'NAME/ENV/terraform.tfstate',
      oci: 'NAME/ENV/terraform.tfstate',
      azurerm: 'NAME/ENV.tfstate',
      gcs: 'NAME/ENV',
    }[found.type];
    warn(
      `the state ${key.setting} of each environment is not written as ${example}: generated again, each environment's state would be looked for under a new ${key.setting} — move it (terraform state pull/push) or set the key prefix to keep it`,
    );
  }
  // Each setting as the design accepts it; one it refuses is said, not guessed.
  const backend: Record<string, string> = {};
  for (const [k, v] of Object.entries(settings)) {
    const one = ZBackendSettings.safeParse({ [k]: v });
    if (one.success) backend[k] = v;
    else
      warn(
        `the state backend's ${k} "${v}" is not kept: ${one.error.issues[0]?.message ?? 'invalid'}`,
      );
  }
  return Object.keys(backend).length > 0 ? { backend, warnings } : { warnings };
}

/**
 * The file layout the upload is in, as the engine names its four: generated again in the same
 * one, resources keep their addresses (`module.stack.aws_vpc.vpc` in env folders), so the state
 * matches them without `moved` blocks.
 */
export function readLayout(config: TConfiguration): TTerraformLayout {
  const roots = [...new Set(config.environments.map((e) => e.root))];
  if (roots.length > 1) return 'env-folders';
  const root = config.modules.get(roots[0] ?? '');
  const callsModules = root?.blocks.some(
    ({ block }) => block.type === 'module' && localSource(root.dir, sourceOf(block)) !== undefined,
  );
  if (callsModules) return 'modules';
  return (root?.files.length ?? 0) <= 1 ? 'single' : 'standard';
}

const sourceOf = (block: THclBlock) => {
  const src = block.body.attributes.find((a) => a.name === 'source')?.expr;
  return src?.k === 'template' && typeof src.parts[0] === 'string' ? src.parts[0] : undefined;
};
