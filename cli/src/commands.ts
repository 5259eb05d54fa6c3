import { allServices, servicesOf } from '@stratum/core/iac/catalog/registry';
import { CI_PROVIDERS } from '@stratum/core/iac/design/backend-settings';
import type { TDesignIssue } from '@stratum/core/iac/design/parse';
import type { TFormat } from '@stratum/core/iac/emit/emitter';
import { FORMATS } from '@stratum/core/iac/emit/emitter';
import { designJsonSchema } from '@stratum/core/iac/design/json-schema';
import { generatePrepared, prepareDesign } from '@stratum/core/iac/generate';
import { renderName } from '@stratum/core/iac/naming/resolve';
import { retargetDesign } from '@stratum/core/iac/retarget';
import { CLOUDS, type TCloud } from '@stratum/core/iac/types';
import { checkArm } from './checks/arm-check';
import { schemaDataSource } from './checks/schema-data';
import { providerSchemas } from './checks/schema-sources';
import { checkTerraform } from './checks/terraform-check';
import { CliError, readJson, readTree } from './io';
import { writeGeneration, writeSingleFile } from './output-folder';

/** Each command returns what to print; main.ts decides stdout/stderr and the exit code. */
export interface TOutcome {
  readonly ok: boolean;
  readonly json: unknown;
  readonly text: string;
}

const issueLine = (i: TDesignIssue) => `${i.severity}: ${i.path ? `${i.path}: ` : ''}${i.message}`;

/** `format`: the one about to be generated (its model, when built to check overrides, is kept). */
function prepare(file: string, format?: TFormat) {
  const prepared = prepareDesign(readJson(file), format);
  if (!prepared.ok) {
    return {
      failure: {
        ok: false,
        json: { ok: false, issues: prepared.issues },
        text: prepared.issues.map(issueLine).join('\n'),
      } as TOutcome,
    };
  }
  return { prepared };
}

export function validateCommand(file: string): TOutcome {
  const { failure, prepared } = prepare(file);
  if (failure) return failure;
  const lines = [
    `${file}: valid (${prepared.design.provider}, ${prepared.design.components.length} components, ${prepared.design.groups.length} groups)`,
    ...prepared.completions.map((c) => `completed: ${c.node}: ${c.message}`),
    ...prepared.warnings.map(issueLine),
  ];
  return {
    ok: true,
    json: {
      ok: true,
      completions: prepared.completions,
      warnings: prepared.warnings,
      upgradedFrom: prepared.upgradedFrom ?? null,
    },
    text: lines.join('\n'),
  };
}

export function generateCommand(
  file: string,
  opts: {
    format?: string;
    layout?: string;
    out?: string;
    ci?: boolean;
    ciProvider?: string;
    readme?: boolean;
  },
): TOutcome {
  if (!opts.format || !FORMATS.includes(opts.format as TFormat))
    throw new CliError(`--format must be one of ${FORMATS.join(', ')}`);
  const ciProvider = CI_PROVIDERS.find((c) => c === opts.ciProvider);
  if (opts.ciProvider !== undefined && !ciProvider)
    throw new CliError(`--ci-provider must be one of ${CI_PROVIDERS.join(', ')}`);
  if (!opts.out) throw new CliError('--out <dir> is required');
  const { failure, prepared } = prepare(file, opts.format as TFormat);
  if (failure) return failure;
  const result = generatePrepared(prepared, {
    format: opts.format as TFormat,
    ...(opts.layout ? { layout: opts.layout } : {}),
    ...(opts.ci ? { ci: true } : {}),
    ...(ciProvider ? { ciProvider } : {}),
    ...(opts.readme === false ? { readme: false } : {}),
  });
  if (!result.ok)
    return {
      ok: false,
      json: { ok: false, issues: result.issues },
      text: result.issues.map(issueLine).join('\n'),
    };
  const { removed } = writeGeneration(opts.out, result.files);
  return {
    ok: true,
    json: {
      ok: true,
      out: opts.out,
      layout: result.layout,
      files: result.files.map((f) => f.path),
      removed,
      completions: result.completions,
      naming: result.naming,
      policy: result.policy,
    },
    text: [
      `${result.files.length} files written to ${opts.out} (${opts.format}, layout ${result.layout})`,
      ...result.files.map((f) => `  ${f.path}`),
      ...removed.map((p) => `  removed ${p} (no longer generated)`),
      ...result.naming.map(
        (n) => `naming: ${n.node} (${n.env}): "${n.name}" ${n.reason}; using "${n.fix}"`,
      ),
      ...result.policy.map(
        (f) =>
          `policy ${f.rule}: ${f.node || 'shared'} ${f.address}: ${f.message}` +
          (f.exempted !== undefined ? ` (exempted: ${f.exempted})` : ` (${f.docs})`),
      ),
    ].join('\n'),
  };
}

export function namingCommand(file: string): TOutcome {
  const { failure, prepared } = prepare(file);
  if (failure) return failure;
  const envs = prepared.design.environments.map((e) => e.name);
  const rows = prepared.resolved.nodes.map((n) => {
    const name = prepared.names.get(n.id)!;
    return {
      node: n.id,
      service: n.service.id,
      names: Object.fromEntries(envs.map((e) => [e, renderName(name.parts, e)])),
      violations: name.violations,
    };
  });
  const violations = rows.flatMap((r) => r.violations);
  const text = [
    ...rows.map(
      (r) => `${r.node.padEnd(20)} ${r.service.padEnd(26)} ${Object.values(r.names).join('  ')}`,
    ),
    violations.length === 0
      ? 'no naming rule violations'
      : `${violations.length} violation(s), fixed automatically:`,
    ...violations.map(
      (v) => `  ${v.node} (${v.env}): "${v.name}" ${v.reason} [${v.rule}] -> "${v.fix}"`,
    ),
  ].join('\n');
  return { ok: true, json: { ok: true, names: rows, violations }, text };
}

export function retargetCommand(
  file: string,
  to: string | undefined,
  out: string | undefined,
): TOutcome {
  if (!to || !CLOUDS.includes(to as TCloud))
    throw new CliError(`--to must be one of ${CLOUDS.join(', ')}`);
  const { failure, prepared } = prepare(file);
  if (failure) return failure;
  const result = retargetDesign(prepared.design, to as TCloud);
  const design = { ...result.design, $schema: undefined };
  if (out) writeSingleFile(out, JSON.stringify(design, null, 2) + '\n');
  const check = prepareDesign(result.design);
  const remaining = check.ok ? [] : check.issues;
  return {
    ok: true,
    json: {
      ok: true,
      design,
      unmapped: result.unmapped,
      adjustments: result.adjustments,
      issues: remaining,
    },
    text: [
      out ? `re-targeted design written to ${out}` : JSON.stringify(design, null, 2),
      `unmapped (${result.unmapped.length}):`,
      ...result.unmapped.map((u) => `  ${u.id} (${u.service}): ${u.reason}`),
      ...result.adjustments.map((a) => `adjusted: ${a.id ? `${a.id}: ` : ''}${a.message}`),
      ...remaining.map((i) => `to fix before generating: ${issueLine(i)}`),
    ].join('\n'),
  };
}

export function catalogCommand(cloud: string | undefined): TOutcome {
  const services = cloud ? servicesOf(cloud as TCloud) : allServices();
  const rows = services.map((s) => ({
    id: s.id,
    kind: s.kind,
    category: s.category,
    name: s.name,
    terraform: s.emits.terraform,
    arm: s.emits.arm ?? [],
  }));
  return {
    ok: true,
    json: rows,
    text: rows.map((r) => `${r.id.padEnd(28)} ${r.kind.padEnd(22)} ${r.name}`).join('\n'),
  };
}

export async function checkCommand(dir: string): Promise<TOutcome> {
  const files = readTree(dir);
  const problems = [
    // Resources at the pinned provider versions the generated code requires (schema-data/).
    ...(await checkTerraform(files, schemaDataSource(providerSchemas()))),
    ...files
      .filter((f) => /azuredeploy(\.parameters\.[a-z0-9]+)?\.json$/.test(f.path))
      .flatMap((f) => checkArm(f.path, f.content)),
  ];
  return {
    ok: problems.length === 0,
    json: { ok: problems.length === 0, problems },
    text:
      problems.length === 0 ? `${dir}: ${files.length} files, no problems` : problems.join('\n'),
  };
}

/** JSON Schema of the design document (committed as docs/design-document.schema.json). */
export function schemaCommand(out: string | undefined): TOutcome {
  const text = JSON.stringify(designJsonSchema(), null, 2) + '\n';
  if (out) writeSingleFile(out, text);
  return {
    ok: true,
    json: designJsonSchema(),
    text: out ? `JSON Schema written to ${out}` : text.trimEnd(),
  };
}
