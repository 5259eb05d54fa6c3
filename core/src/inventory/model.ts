import type { TGraph } from '../contract/cmdb/graph';
import type { TAttrPath } from '../contract/drift/scans';
import type { TImportWarning, TSourceCounts, TSourceKind } from '../contract/inventory/model';
import type { TCloud } from '../iac/types';

/**
 * What an imported file holds, before anything is stored: the pure half of issue 14 §1–3.
 * `parseSource(kind, text)` (parse.ts) makes it; the server stores instances as assets and builds
 * the graph with `buildGraph` (graph.ts).
 */
export interface TInventoryInstance {
  /** Exactly as Terraform writes it: `module.a["k.1"].aws_s3_bucket.this[0]`. */
  address: string;
  /** `module.a["k.1"]`, null at the root. */
  module: string | null;
  mode: 'managed' | 'data';
  type: string;
  /** The block name (`this`). */
  name: string;
  /** Provider type (`aws`, `google-beta`), null when the file does not say. */
  provider: string | null;
  cloud: TCloud | null;
  region: string | null;
  cloudId: string | null;
  /** A human name (`name`/`bucket` attribute, `Name` tag), else the block name with its key. */
  displayName: string;
  /** Exact keys and values (a key with a trailing space is that key). */
  tags: Record<string, string>;
  /** Attributes as the file holds them (after the plan for a plan; the row for CSV). */
  attributes: Record<string, unknown>;
  /** Paths the file marks sensitive (state `sensitive_attributes`, plan `after_sensitive`). */
  sensitivePaths: TAttrPath[];
  /** State `dependencies`, verbatim (may name modules, data sources, absent resources). */
  dependencies: string[];
  /**
   * Plan `configuration` references and `depends_on` of this resource's block, as absolute
   * addresses: the module instance they are read in, then the target without keys
   * (`module.a["k"].aws_vpc.main`, `data.aws_ami.x`). `var.x` is followed up to what the module
   * call passes, `module.m.out` down to the output's resource; `module.m` when that is unknown.
   */
  references: string[];
  /**
   * Plans: the action on this instance (a what-if: its `changeType` as the nearest action);
   * states, a plan of a state, driftctl and CSV: null.
   */
  action: 'create' | 'update' | 'delete' | 'replace' | 'no-op' | 'read' | null;
  /** Plans: `previous_address` when the instance was moved (`moved` block). */
  previousAddress?: string | null;
  /** Plans: `action_reason` (`replace_because_cannot_update`, `replace_by_request`…). */
  actionReason?: string | null;
}

export interface TParsedSource {
  kind: TSourceKind;
  counts: TSourceCounts;
  warnings: TImportWarning[];
  terraformVersion: string | null;
  serial: number | null;
  lineage: string | null;
  /** Managed and data instances; only managed ones become assets. */
  instances: TInventoryInstance[];
  /** Root output names. */
  outputs: string[];
}

export type TParseSourceResult =
  | { ok: true; value: TParsedSource }
  /** `legacy` for a pre-0.12 state (the message names the version); `invalid` otherwise. */
  | { ok: false; reason: 'legacy' | 'invalid'; message: string };

/** `buildGraph(parsed, { idPrefix })`: nodes are `${idPrefix}${address}`. */
export type TBuildGraph = (parsed: TParsedSource, options: { idPrefix: string }) => TGraph;
