import type { PLAN_ACTIONS } from '../../contract/costing/plan';
import type { TCloud } from '../../iac/types';
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
}

export interface TParsedTerraform {
  kind: 'plan' | 'state';
  formatVersion: string;
  terraformVersion: string | null;
  resources: TTfResource[];
}

export type TParseResult = { ok: true; value: TParsedTerraform } | { ok: false; message: string };
