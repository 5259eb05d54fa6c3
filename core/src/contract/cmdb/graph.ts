import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZImportWarning } from '../inventory/model';

/**
 * Issue 14 §3. Edge kinds: `dependency` (state `dependencies`), `reference` (plan `configuration`
 * expressions), `owner` / `selector` (Kubernetes owner references and label selectors).
 * An edge runs from the dependent to what it depends on.
 */
export const EDGE_KINDS = ['dependency', 'reference', 'owner', 'selector'] as const;

export const ZGraphNode = z.object({
  /** Stable within one answer: `<sourceId>:<address>` or `k8s:<clusterId>:<uid>`. */
  id: z.string(),
  address: z.string(),
  type: z.string(),
  provider: z.string().nullable(),
  /** `module.a["k"]`, null at the root. */
  module: z.string().nullable(),
  /** True when only a dependency names it: it is not in the source. */
  external: z.boolean(),
  /** Data sources are nodes (things depend on them) but not assets. */
  mode: z.enum(['managed', 'data', 'k8s']),
  cloud: z.string().nullable(),
  /** The inventory asset, when the node is one. */
  assetId: z.uuid().nullable(),
});
export type TGraphNode = z.infer<typeof ZGraphNode>;

export const ZGraphEdge = z.object({
  from: z.string(),
  to: z.string(),
  kind: z.enum(EDGE_KINDS),
});
export type TGraphEdge = z.infer<typeof ZGraphEdge>;

export const ZGraph = z.object({
  nodes: z.array(ZGraphNode),
  edges: z.array(ZGraphEdge),
  warnings: z.array(ZImportWarning),
});
export type TGraph = z.infer<typeof ZGraph>;

export const ZGraphQuery = z.object({
  source: z.uuid(),
  /** Add a connected Kubernetes cluster's workloads (owner references and selectors). */
  cluster: z.uuid().optional(),
  /**
   * `all`: every edge the source records (a Terraform 0.13+ state lists each transitive
   * dependency). `direct`: without the edges another path already implies — the same upstream,
   * downstream and blast radius, a fraction of the edges (what the explorer draws).
   */
  edges: z.enum(['all', 'direct']).default('all'),
});

export const getCmdbGraph = defineEndpoint({
  method: 'GET',
  path: '/api/cmdb/graph',
  summary: "A source's dependency graph: resources, modules, external targets and edges",
  auth: true,
  querystring: ZGraphQuery,
  response: z.object({ success: z.literal(true), data: ZGraph }),
});
