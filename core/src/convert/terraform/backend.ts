import { ZBackendSettings, type TBackendSettings } from '../../iac/design/backend-settings';
import type { TERRAFORM_LAYOUTS } from '../../iac/design/schema-v2';
import { BACKEND_SETTINGS, STATE_KEYS } from '../../iac/layout/backend';
import type { TCloud } from '../../iac/types';
import type { THclExpr } from '../hcl/ast';
import type { TConvertWarning } from '../types';
import { evaluate, LITERAL_SCOPE } from './evaluate';
import { localSource, moduleSource, type TConfiguration } from './load';

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

/** The prefix of an environment's state key the engine writes (`<prefix>/dev/terraform.tfstate`). */
function prefixOf(cloud: TCloud, key: string, env: string): string | undefined {
  const [head = '', tail = ''] = STATE_KEYS[cloud].keyOf('\u0000', env).split('\u0000');
  const fits = key.startsWith(head) && key.endsWith(tail);
  return fits && key.length > head.length + tail.length
    ? key.slice(head.length, key.length - tail.length)
    : undefined;
}

type TTerraformLayout = (typeof TERRAFORM_LAYOUTS)[number];

const textOf = (e: THclExpr | undefined) => {
  const v = e ? evaluate(e, LITERAL_SCOPE) : undefined;
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
  const native = STATE_KEYS[cloud];
  if (found.type !== native.type) {
    warn(
      `the state is kept by the "${found.type}" backend; the design keeps ${cloud} state in the "${native.type}" backend only — move the state (terraform init -migrate-state) or keep this backend block by hand`,
    );
    return { warnings };
  }
  const settings: Record<string, string> = {};
  const valueFor = (name: string, env: string) =>
    found.values.get(name)?.get(env)?.text ?? found.values.get(name)?.get('')?.text;
  for (const [name, key] of Object.entries(BACKEND_SETTINGS)) {
    const seen = [...new Set(envs.map((e) => valueFor(name, e)))].filter((v) => v !== undefined);
    if (seen.length === 0) continue;
    settings[key] = seen[0]!;
    if (seen.length > 1)
      warn(
        `the environments keep their state with different ${name} values (${seen.join(', ')}); the design keeps one for all: ${seen[0]}`,
      );
  }
  const prefixes = new Set(
    envs.map((env) => {
      const k = valueFor(native.setting, env);
      return k === undefined ? undefined : prefixOf(cloud, k, env);
    }),
  );
  const [prefix] = prefixes;
  if (prefixes.size === 1 && prefix !== undefined) settings['keyPrefix'] = prefix;
  else if ([...prefixes].some((p) => p !== undefined) || found.values.has(native.setting)) {
    warn(
      `the state ${native.setting} of each environment is not written as ${native.keyOf('NAME', 'ENV')}: generated again, each environment's state would be looked for under a new ${native.setting} — move it (terraform state pull/push) or set the key prefix to keep it`,
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
    ({ block }) =>
      block.type === 'module' && localSource(root.dir, moduleSource(block)) !== undefined,
  );
  if (callsModules) return 'modules';
  return (root?.files.length ?? 0) <= 1 ? 'single' : 'standard';
}
