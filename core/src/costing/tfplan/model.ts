import type { PLAN_ACTIONS } from '../../contract/costing/plan';
import type { TCloud } from '../../iac/types';
import type { TConfigTarget } from './config-targets';
import type { TProviderRef } from './providers';

export type TPlanAction = (typeof PLAN_ACTIONS)[number];
export type TTfValues = Readonly<Record<string, unknown>>;

/** One resource instance of a plan or a state, as pricing needs it. */
export interface TTfResource {
  /** Exactly as Terraform writes it (`module.a["k"].aws_s3_bucket.this[0]`). */
  address: string;
  /** The module instance it is in (`module.a["k"]`), null at the root. */
  moduleAddress: string | null;
  mode: 'managed' | 'data';
  type: string;
  name: string;
  /** The name the plan or state gave its provider, verbatim. */
  providerName: string;
  provider: TProviderRef;
  cloud: TCloud | null;
  /** For a state, `no-op`. */
  action: TPlanAction;
  /** `forget` (Terraform 1.7+): leaves the state without being destroyed. */
  isForgotten: boolean;
  /** The resource as it is (prior state / `change.before`); null when it does not exist yet. */
  before: TTfValues | null;
  /** The resource after the plan (`change.after`); null when the plan destroys it. */
  after: TTfValues | null;
  /** `change.after_unknown`: attributes known only after apply are marked `true`. */
  afterUnknown: TTfValues | null;
  /** The region of the provider configuration the resource uses, when the plan says it. */
  providerRegion: string | null;
  /** From the configuration: attribute → the resources it refers to (`type.name`). */
  references: Readonly<Record<string, readonly string[]>>;
  /**
   * Everything the configuration block refers to or `depends_on`, without instance keys, each
   * relative to the module `levelsUp` above this one (`var.x` is followed up to what the module
   * call passes): `aws_vpc.main`, `data.aws_ami.ubuntu`, `module.vpc.aws_vpc.this` (for the CMDB graph).
   */
  configTargets: readonly TConfigTarget[];
  /** Raw state `dependencies` / `terraform show -json` `depends_on`, verbatim. */
  dependencies: readonly string[];
  /** Attribute paths the file marks sensitive (`sensitive_attributes`, `after_sensitive`, `sensitive_values`). */
  sensitivePaths: readonly TTfPath[];
  /** A plan's `previous_address` (the resource was moved), else null. */
  previousAddress: string | null;
  /** A plan's `action_reason` (`replace_because_cannot_update`…), else null. */
  actionReason: string | null;
}

/** A path into a resource's attributes: `["ttl", 0, "enabled"]`. */
export type TTfPath = readonly (string | number)[];

/** A resource block of a raw state that has no instance (a `count = 0` / empty `for_each`). */
export interface TTfEmptyBlock {
  moduleAddress: string | null;
  mode: 'managed' | 'data';
  type: string;
  name: string;
  providerName: string;
}

export interface TParsedTerraform {
  kind: 'plan' | 'state';
  formatVersion: string;
  terraformVersion: string | null;
  resources: TTfResource[];
  /** Raw states only: blocks without instances (they count as blocks, not as instances). */
  emptyBlocks: TTfEmptyBlock[];
  /** Root output names (state `outputs`, plan `planned_values.outputs` / `output_changes`). */
  outputs: string[];
  /** Raw states only. */
  serial: number | null;
  lineage: string | null;
}

export type TParseResult = { ok: true; value: TParsedTerraform } | { ok: false; message: string };
