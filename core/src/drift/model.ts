import type {
  TAttrPath,
  TDriftChange,
  TDriftSummary,
  TIgnoreRule,
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

/**
 * What the actual side says. `read` lists resources the cloud has for `readTypes` (anything of
 * those types not listed is gone); `verdicts` are ready-made judgements by address (plan
 * `resource_drift`, what-if changes, driftctl's lists), which also carry their desired side.
 */
export interface TActualSide {
  readTypes: string[];
  read: TActualResource[];
  verdicts: TDriftChange[];
  /** Resources the tool said are in sync, by address (count toward `inSync`). */
  inSyncAddresses: string[];
  noise: Record<string, number>;
}

export interface TDriftResult {
  summary: TDriftSummary;
  changes: TDriftChange[];
  checkedTypes: string[];
  notCheckedTypes: string[];
  noise: { rule: string; count: number }[];
  ignored: number;
}

export type TDetectDrift = (
  desired: TDesiredResource[] | null,
  actual: TActualSide,
  options: { ignoreRules: readonly TIgnoreRule[] },
) => TDriftResult;
