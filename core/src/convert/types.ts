import type { TDesign } from '../iac/design/schema-v2';
import type { TCloud } from '../iac/types';

/**
 * The converter's shared vocabulary (issue 15): every direction (Terraform → design, design →
 * Terraform/Bicep/ARM, Bicep ↔ ARM) answers the same shape, so the API, the CLI and the page
 * show warnings and what could not be converted the same way.
 */
export const CONVERT_SOURCES = ['terraform', 'bicep', 'arm'] as const;
export type TConvertSource = (typeof CONVERT_SOURCES)[number];
export const CONVERT_TARGETS = ['design', 'terraform', 'bicep', 'arm'] as const;
export type TConvertTarget = (typeof CONVERT_TARGETS)[number];

/**
 * What each source converts to, in the order the page offers them. Terraform goes through a
 * design (so to every format and cloud the engine writes); Bicep and ARM convert into each other
 * for any resource type, and into a design of generic ARM resources. Bicep/ARM → Terraform would
 * need an ARM → provider mapping of every resource type: not offered.
 */
export const CONVERT_PAIRS: Readonly<Record<TConvertSource, readonly TConvertTarget[]>> = {
  terraform: ['design', 'terraform', 'bicep', 'arm'],
  bicep: ['arm', 'design'],
  arm: ['bicep', 'design'],
};

/** An input or output file: a path relative to the upload's root (posix separators). */
export interface TConvertFile {
  readonly path: string;
  readonly content: string;
}

/** Something converted with a caveat; `line` is 1-based in `file` (the input file). */
export interface TConvertWarning {
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

/** A piece of input left out of the output, with where it came from and why. */
export interface TUnconverted {
  readonly file: string;
  readonly line: number;
  /** e.g. 'resource', 'data', 'module', 'expression', 'function', 'provisioner'. */
  readonly kind: string;
  /** Its address or name (`aws_instance.web`, `storageAccount`, `reference()`). */
  readonly name: string;
  readonly reason: string;
  /** The input text of the piece, for the assistant ("convert the rest") and the page. */
  readonly text: string;
}

export interface TConvertRequest {
  readonly from: TConvertSource;
  readonly to: TConvertTarget;
  /** Terraform → design/terraform: the cloud of the output (default: the input's own cloud). */
  readonly provider?: TCloud;
  readonly files: readonly TConvertFile[];
}

/** One row of a design re-targeted to another cloud: a node's service before and after. */
export interface TRetargetRow {
  readonly id: string;
  readonly from: string;
  /** The service on the target cloud; absent when nothing maps (then `reason` says why). */
  readonly to?: string;
  readonly reason?: string;
}

/** The mapping table shown when the output's cloud is not the input's (issue 15 §2). */
export interface TRetargetTable {
  readonly from: TCloud;
  readonly to: TCloud;
  readonly rows: readonly TRetargetRow[];
}

export interface TConvertOutput {
  readonly files: readonly TConvertFile[];
  readonly design?: TDesign;
  readonly warnings: readonly TConvertWarning[];
  readonly unconverted: readonly TUnconverted[];
  readonly retarget?: TRetargetTable;
}

/** A failure of the whole conversion (nothing to show): the input could not be read at all. */
export class ConvertError extends Error {
  constructor(
    message: string,
    readonly file?: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = 'ConvertError';
  }
}
