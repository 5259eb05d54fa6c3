import type {
  TAttrPath,
  TDriftChange,
  TDriftSummary,
  TIgnoreRule,
  TPlanAction,
} from '../contract/drift/scans';

/**
 * The pure half of issue 14 §4–5. The server reads both sides into these shapes and calls
 * `detectDrift` (detect.ts); `recommend` (recommend.ts) adds the ultra-pro reconciliation.
 */

/** One managed resource instance as IaC believes it is (from a state, or a plan's before). */
export interface TDesiredResource {
  address: string;
  type: string;
  /** The cloud id (`id` attribute), null when unknown. */
  id: string | null;
  attributes: Record<string, unknown>;
  sensitivePaths: TAttrPath[];
}

/** One resource as the cloud has it: a snapshot row, a driftctl entry, a live read. */
export interface TActualResource {
  type: string;
  id: string;
  /** Null when only its existence is known (driftctl `unmanaged` entries). */
  attributes: Record<string, unknown> | null;
}

/** A resource the actual side names without a drift verdict (in sync, or not looked at). */
export interface TResourceRef {
  /** The Terraform address when the tool knows it (plans), else null. */
  address: string | null;
  type: string;
  id: string | null;
}

/**
 * A ready-made judgement from the tool that read the cloud (plan `resource_drift`, what-if,
 * driftctl). `isAddressSuggested`: the tool knew no Terraform address, so `address` is made up
 * from type and id; detection replaces it with the desired side's address when type and id match.
 */
export interface TActualVerdict extends TDriftChange {
  previousAddress: string | null;
  isAddressSuggested: boolean;
}

/** What a plan intends to do (not drift: configuration against the refreshed cloud). */
export type { TPlanAction } from '../contract/drift/scans';

/**
 * What the actual side says. `read` lists resources the cloud has for `readTypes` (anything of
 * those types not listed is gone); `verdicts` are ready-made judgements (plan `resource_drift`,
 * what-if changes, driftctl's lists), which also carry their desired side.
 */
export interface TActualSide {
  readTypes: string[];
  read: TActualResource[];
  verdicts: TActualVerdict[];
  /** Resources the tool said are in sync (count toward `inSync`). */
  inSync: TResourceRef[];
  /** Resources the tool saw but did not compare (what-if `Ignore`, `Deploy`): `notChecked`. */
  notChecked: TResourceRef[];
  /** Entries the reader dropped as noise, by rule. */
  noise: Record<string, number>;
  /** Plans only: the planned actions, for the UI (empty otherwise). */
  planActions: TPlanAction[];
  /** Things the reader could not take as they are (driftctl alerts, what-if diagnostics). */
  warnings: string[];
}

export interface TDriftResult {
  summary: TDriftSummary;
  changes: TDriftChange[];
  checkedTypes: string[];
  notCheckedTypes: string[];
  noise: { rule: string; count: number }[];
  ignored: number;
  /** What the reader could not take as it is (driftctl alerts, what-if diagnostics). */
  warnings: string[];
  /** Plans: what applying the plan would do (configuration against the cloud), not drift. */
  planActions: TPlanAction[];
}

export type TDetectDrift = (
  desired: TDesiredResource[] | null,
  actual: TActualSide,
  options: { ignoreRules: readonly TIgnoreRuleLike[] },
) => TDriftResult;

export type TReadActualResult =
  { ok: true; value: TActualSide; desired?: TDesiredResource[] } | { ok: false; message: string };

/** The ignore-rule fields detection uses (a stored `TIgnoreRule` fits). */
export type TIgnoreRuleLike = Pick<
  TIgnoreRule,
  'addressPattern' | 'resourceType' | 'attributePath'
>;
