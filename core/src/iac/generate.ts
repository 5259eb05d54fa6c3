import { buildArm } from './build/arm-build';
import { BuildError, buildTerraform } from './build/terraform-build';
import { CLOUD_PROFILES } from './catalog/registry';
import type { TCiProvider } from './design/backend-settings';
import { completeDesign, type TCompletion } from './design/complete';
import { parseDesign, type TDesignIssue } from './design/parse';
import { resolveDesign, type TResolvedDesign } from './design/resolve';
import type { TDesign } from './design/schema-v2';
import { validateDesign } from './design/validate';
import type { TFormat, TGeneratedFile } from './emit/emitter';
import type { TArmModel } from './ir/arm-ir';
import type { TTfModel } from './ir/terraform-ir';
import { EMITTERS } from './emit/registry';
import { nameNodes, type TNameViolation, type TNodeName } from './naming/naming';
import { checkPolicy, type TPolicyExemptions } from './policy/check';
import type { TPolicyFinding } from './policy/types';
import { terraformModel } from './emit/terraform-emitter';
import type { TTagPolicy } from '../tags/model';
import { checkDesignTags } from '../tags/generation';
import type { TComponentTagReport } from '../tags/design-tags';

export interface TPrepared {
  readonly design: TDesign;
  readonly resolved: TResolvedDesign;
  readonly names: ReadonlyMap<string, TNodeName>;
  readonly completions: readonly TCompletion[];
  readonly warnings: readonly TDesignIssue[];
  readonly upgradedFrom?: number;
  /**
   * The whole model of the format the design was prepared for, when the check of its
   * per-environment overrides built it: generation emits it instead of building it again.
   */
  readonly built?: TBuiltModels;
}

interface TBuiltModels {
  readonly terraform?: TTfModel;
  readonly arm?: TArmModel;
}

export type TPrepareResult =
  | ({ readonly ok: true } & TPrepared)
  | { readonly ok: false; readonly issues: readonly TDesignIssue[] };

export interface TPrepareOptions {
  readonly upgradedFrom?: number;
  /** The format about to be generated: its tool's model is built in full and kept (`built`). */
  readonly format?: TFormat;
}

/** Parse, upgrade, complete and validate a design: everything before emitting. */
export function prepareDesign(input: unknown, format?: TFormat): TPrepareResult {
  const parsed = parseDesign(input);
  if (!parsed.ok) return parsed;
  return prepareParsedDesign(parsed.design, { upgradedFrom: parsed.upgradedFrom, format });
}

/** Complete and validate a design already parsed (a planner state's: see `designFromState`). */
export function prepareParsedDesign(
  parsedDesign: TDesign,
  { upgradedFrom, format }: TPrepareOptions = {},
): TPrepareResult {
  const { design, completions } = completeDesign(parsedDesign);
  const issues = validateDesign(design);
  if (issues.some((i) => i.severity === 'error')) return { ok: false, issues };
  const resolved = resolveDesign(design);
  const names = nameNodes(resolved);
  const built = checkOverrides(resolved, names, format);
  if ('issue' in built) return { ok: false, issues: [built.issue] };
  return {
    ok: true,
    design,
    resolved,
    names,
    completions,
    warnings: issues,
    ...(upgradedFrom ? { upgradedFrom } : {}),
    ...(built.terraform || built.arm ? { built } : {}),
  };
}

/**
 * Per-environment overrides work for properties the builders emit as variables; a dry build of
 * the nodes that have overrides finds the ones used for decisions instead (which cannot differ
 * between environments), in each tool the design can be generated for. The tool of the format
 * about to be generated builds every node instead, and its model is kept for generation.
 */
function checkOverrides(
  resolved: TResolvedDesign,
  names: ReadonlyMap<string, TNodeName>,
  format: TFormat | undefined,
): TBuiltModels | { readonly issue: TDesignIssue } {
  const overridden = new Set(
    resolved.nodes.filter((n) => Object.keys(n.overrides).length > 0).map((n) => n.id),
  );
  if (overridden.size === 0) return {};
  const tool = format === undefined ? undefined : format === 'terraform' ? 'terraform' : 'arm';
  try {
    // Generic Azure resources are for one tool: each dry build runs where it can succeed.
    const uses = (id: string) => resolved.nodes.some((n) => n.service.id === id);
    const profile = CLOUD_PROFILES[resolved.design.provider];
    let terraform: TTfModel | undefined;
    if (!uses('azure.arm-resource')) {
      const model = buildTerraform(
        resolved,
        profile,
        names,
        tool === 'terraform' ? undefined : overridden,
      );
      if (tool === 'terraform') terraform = model;
    }
    let arm: TArmModel | undefined;
    if (resolved.design.provider === 'azure' && !uses('azure.resource')) {
      const model = buildArm(resolved, names, tool === 'arm' ? undefined : overridden);
      if (tool === 'arm') arm = model;
    }
    return { ...(terraform ? { terraform } : {}), ...(arm ? { arm } : {}) };
  } catch (e) {
    if (e instanceof BuildError)
      return { issue: { path: 'environments', message: e.message, severity: 'error' } };
    throw e;
  }
}

export interface TGenerateOptions {
  readonly format: TFormat;
  readonly layout?: string;
  readonly ci?: boolean;
  readonly ciProvider?: TCiProvider;
  readonly readme?: boolean;
  /** The user's tag policies: a `block` policy the design breaks stops generation. */
  readonly tagPolicies?: readonly TTagPolicy[];
}

export type TGenerateResult =
  | {
      readonly ok: true;
      readonly files: TGeneratedFile[];
      readonly layout: string;
      readonly completions: readonly TCompletion[];
      readonly warnings: readonly TDesignIssue[];
      readonly naming: readonly TNameViolation[];
      /** Security policy findings on the generated code; exempted ones carry the reason. */
      readonly policy: readonly TPolicyFinding[];
      /** Components whose tags break a cloud rule or a policy (warnings; errors stop generation). */
      readonly tags: readonly TComponentTagReport[];
    }
  | { readonly ok: false; readonly issues: readonly TDesignIssue[] };

export function generate(input: unknown, options: TGenerateOptions): TGenerateResult {
  const prepared = prepareDesign(input, options.format);
  if (!prepared.ok) return prepared;
  return generatePrepared(prepared, options);
}

export function generatePrepared(prepared: TPrepared, options: TGenerateOptions): TGenerateResult {
  const emitter = EMITTERS[options.format];
  const cloud = prepared.design.provider;
  const fail = (message: string): TGenerateResult => ({
    ok: false,
    issues: [{ path: '', message, severity: 'error' }],
  });
  if (!emitter) return fail(`format ${options.format} is not available`);
  if (!emitter.clouds.includes(cloud))
    return fail(`${options.format} is available for ${emitter.clouds.join(', ')} only`);
  const layoutOption =
    options.format === 'terraform'
      ? prepared.design.layout.terraform
      : prepared.design.layout.bicep;
  const layout =
    options.layout ?? (options.format === 'arm' ? emitter.defaultLayout : layoutOption);
  if (!emitter.layouts.includes(layout)) {
    return fail(
      `layout "${layout}" is not one of ${emitter.layouts.join(', ')} for ${options.format}`,
    );
  }
  const tagCheck = checkDesignTags(prepared.design, options.tagPolicies ?? []);
  if (tagCheck.errors.length > 0) return { ok: false, issues: tagCheck.errors };
  try {
    const base = {
      resolved: prepared.resolved,
      names: prepared.names,
      layout,
      ci: options.ci ?? prepared.design.layout.ci,
      ciProvider: options.ciProvider ?? prepared.design.layout.ciProvider,
      readme: options.readme ?? prepared.design.layout.readme,
    };
    // Built once: the policy rules read the same model the emitter prints.
    const exemptions = exemptionsOf(prepared.design);
    let input: typeof base & { tfModel?: TTfModel; armModel?: TArmModel };
    let policy: TPolicyFinding[];
    if (options.format === 'terraform') {
      const tfModel = prepared.built?.terraform ?? terraformModel(base);
      input = { ...base, tfModel };
      policy = checkPolicy(
        { cloud, format: 'terraform', resources: tfModel.resources },
        exemptions,
      );
    } else {
      const armModel = prepared.built?.arm ?? buildArm(prepared.resolved, prepared.names);
      input = { ...base, armModel };
      policy = checkPolicy({ cloud, format: 'arm', resources: armModel.resources }, exemptions);
    }
    const files = emitter.emit(input);
    const naming = [...prepared.names.values()].flatMap((n) => n.violations);
    return {
      ok: true,
      files,
      layout,
      completions: prepared.completions,
      warnings: prepared.warnings,
      naming,
      policy,
      tags: tagCheck.report,
    };
  } catch (e) {
    if (e instanceof BuildError) return fail(e.message);
    throw e;
  }
}

/** The design's per-node waivers of policy rules, with their reasons. */
export function exemptionsOf(design: TDesign): TPolicyExemptions {
  const out = new Map<string, Map<string, string>>();
  for (const n of [...design.groups, ...design.components]) {
    const exempt = n.policy?.exempt ?? [];
    if (exempt.length > 0) out.set(n.id, new Map(exempt.map((e) => [e.rule, e.reason])));
  }
  return out;
}
