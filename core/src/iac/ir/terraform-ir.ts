import type { TServiceKind } from '../types';

/**
 * Intermediate representation of a Terraform configuration. Values are plain JSON where they
 * can be, and tagged objects (`$`) where HCL needs an expression, so emitters and layouts can
 * rewrite references (for example into module inputs) without parsing strings.
 */
export interface TTfRef {
  readonly $: 'ref';
  /** `aws_vpc.main`, `data.aws_ami.web`, `var.environment`, `module.network`. */
  readonly address: string;
  /** Attribute path after the address (`id`, `endpoint`); empty for variables. */
  readonly attr: string;
}

/** A string with interpolations: `"app-${var.environment}"`. */
export interface TTfTemplate {
  readonly $: 'tpl';
  readonly parts: readonly (string | TTfExpr)[];
}

/** A function call such as `jsonencode({...})` or `upper(var.environment)`. */
export interface TTfCall {
  readonly $: 'call';
  readonly fn: string;
  readonly args: readonly TTfValue[];
}

/** An attribute whose value is an object or map (`tags = {...}`), not a nested block. */
export interface TTfObject {
  readonly $: 'obj';
  readonly entries: Readonly<Record<string, TTfValue>>;
}

export type TTfExpr = TTfRef | TTfTemplate | TTfCall;
export type TTfValue = string | number | boolean | null | TTfExpr | TTfObject | readonly TTfValue[];

/** A nested block (`vpc_config { ... }`); repeated blocks are arrays of these. */
export interface TTfBlock {
  readonly $: 'block';
  readonly body: TTfBody;
}

export type TTfBody = Readonly<Record<string, TTfValue | TTfBlock | readonly TTfBlock[]>>;

export interface TTfResource {
  readonly mode: 'resource' | 'data';
  readonly type: string;
  readonly name: string;
  readonly body: TTfBody;
  /** Design node that produced it, and that node's kind (modules group by kind). */
  readonly node: string;
  readonly kind: TServiceKind;
  readonly dependsOn?: readonly string[];
  readonly lifecycle?: TTfLifecycle;
  /** Provider configuration other than the default: `aws.us_east_1`. */
  readonly provider?: string;
}

export interface TTfResourceOptions {
  readonly lifecycle?: TTfLifecycle;
  readonly provider?: string;
}

/**
 * The `lifecycle` meta-argument. `ignoreChanges` names top-level arguments (written bare, as
 * Terraform wants them): set where something outside Terraform owns the value, such as an
 * autoscaler owning a group's size, so `apply` does not reset it.
 */
export interface TTfLifecycle {
  readonly ignoreChanges?: readonly string[];
  readonly createBeforeDestroy?: boolean;
  readonly preventDestroy?: boolean;
  /**
   * Resources (or their attributes) whose change replaces this one, by address: a write-only
   * copy of a value (a secret version) is written again when its source changes.
   */
  readonly replaceTriggeredBy?: readonly string[];
}

export interface TTfVariable {
  readonly name: string;
  /** HCL type expression: `string`, `number`, `list(string)`. */
  readonly type: string;
  readonly description: string;
  readonly sensitive?: boolean;
  readonly default?: TTfValue;
  /** Values written to each environment's tfvars (absent: left to `TF_VAR_…` or the default). */
  readonly perEnv?: Readonly<Record<string, TTfValue>>;
  /** A `validation` block: the condition on `var.<name>` and the sentence Terraform shows. */
  readonly validation?: { readonly condition: TTfValue; readonly errorMessage: string };
}

export interface TTfOutput {
  readonly name: string;
  readonly description: string;
  readonly value: TTfValue;
  readonly sensitive?: boolean;
  readonly node: string;
  readonly kind: TServiceKind;
}

export interface TTfProvider {
  /** Local name in `required_providers` (`aws`, `azurerm`, `google`, `oci`). */
  readonly name: string;
  /** Set on additional configurations of the same provider (`us_east_1`). */
  readonly alias?: string;
  readonly source: string;
  readonly version: string;
  readonly config: TTfBody;
}

export interface TTfModel {
  readonly providers: readonly TTfProvider[];
  readonly variables: readonly TTfVariable[];
  readonly resources: readonly TTfResource[];
  readonly outputs: readonly TTfOutput[];
}

export const ref = (address: string, attr = ''): TTfRef => ({ $: 'ref', address, attr });
export const tfVar = (name: string): TTfRef => ({ $: 'ref', address: `var.${name}`, attr: '' });
/** Nested templates are flattened so `"${"a"}-b"` never appears. */
export const tpl = (...parts: (TTfValue | TTfExpr)[]): TTfTemplate => {
  // A loop, not flatMap: templates are built for most names and references of a generation.
  const out: (string | TTfExpr)[] = [];
  for (const p of parts) {
    if (typeof p === 'string') out.push(p);
    else if (typeof p === 'number' || typeof p === 'boolean') out.push(String(p));
    else if (p !== null && !Array.isArray(p) && isTagged(p) && p.$ === 'tpl') {
      for (const x of p.parts) out.push(x);
    } else if (p !== null && !Array.isArray(p) && isTagged(p) && (p.$ === 'ref' || p.$ === 'call'))
      out.push(p);
    else throw new Error('a template part must be a string or an expression');
  }
  return { $: 'tpl', parts: out };
};
export const call = (fn: string, ...args: TTfValue[]): TTfCall => ({ $: 'call', fn, args });
export const obj = (entries: Record<string, TTfValue>): TTfObject => ({ $: 'obj', entries });
export const block = (body: TTfBody): TTfBlock => ({ $: 'block', body });

export function isTagged(value: unknown): value is { $: string } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && '$' in value;
}

export function isBlock(value: unknown): value is TTfBlock {
  return isTagged(value) && value.$ === 'block';
}

export function isBlockList(value: unknown): value is readonly TTfBlock[] {
  return Array.isArray(value) && value.length > 0 && value.every(isBlock);
}

/** Every reference inside a value, in order of appearance. */
export function collectRefs(value: unknown, into: TTfRef[] = []): TTfRef[] {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into);
  } else if (isTagged(value)) {
    const tagged = value as TTfValue | TTfBlock;
    if (typeof tagged !== 'object' || tagged === null || Array.isArray(tagged)) return into;
    switch ((tagged as { $: string }).$) {
      case 'ref':
        into.push(tagged as TTfRef);
        break;
      case 'tpl':
        for (const p of (tagged as TTfTemplate).parts) collectRefs(p, into);
        break;
      case 'call':
        collectRefs((tagged as TTfCall).args, into);
        break;
      case 'obj':
        collectRefs(Object.values((tagged as TTfObject).entries), into);
        break;
      case 'block':
        collectRefs(Object.values((tagged as TTfBlock).body), into);
        break;
    }
  } else if (typeof value === 'object' && value !== null) {
    collectRefs(Object.values(value), into);
  }
  return into;
}

/** Rebuilds a value with every reference passed through `map` (module rewiring). */
export function mapRefs<T>(value: T, map: (r: TTfRef) => TTfValue): T {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isTagged(v)) {
      if (typeof v === 'object' && v !== null) {
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
      }
      return v;
    }
    const t = v;
    switch (t.$) {
      case 'ref':
        return map(v as TTfRef);
      case 'tpl':
        return { $: 'tpl', parts: (v as TTfTemplate).parts.map(walk) };
      case 'call':
        return { $: 'call', fn: (v as TTfCall).fn, args: (v as TTfCall).args.map(walk) };
      case 'obj':
        return { $: 'obj', entries: walk((v as TTfObject).entries) };
      case 'block':
        return { $: 'block', body: walk((v as TTfBlock).body) };
      default:
        return v;
    }
  };
  return walk(value) as T;
}
