import type { FastifyInstance } from 'fastify';
import { getCmdbGraph, type TGraph } from '@stratum/core/contract/cmdb/graph';
import type { TParsedSource } from '@stratum/core/inventory/model';
import { buildGraph } from '@stratum/core/inventory/graph';
import { reduceTransitiveEdges } from '@stratum/core/inventory/graph-queries';
import { AppError } from '../../lib/errors';
import { addRoute, type Authenticator } from '../../lib/route';
import { clusterGraph, type ClusterObjects } from './k8s-graph';

/** What the graph reads of a stored source (the inventory feature answers it). */
export interface GraphSources {
  current(
    userId: string,
    sourceId: string,
    options: { withAttributes: boolean },
  ): Promise<{ id: string; parsed: TParsedSource; assetIds: Map<string, string> } | undefined>;
}

/** A source's graph, each node that is an asset linked to it. */
export async function sourceGraph(
  sources: GraphSources,
  userId: string,
  sourceId: string,
): Promise<TGraph | undefined> {
  const current = await sources.current(userId, sourceId, { withAttributes: false });
  if (!current) return undefined;
  const graph = buildGraph(current.parsed, { idPrefix: `${current.id}:` });
  return {
    ...graph,
    nodes: graph.nodes.map((node) => ({
      ...node,
      assetId:
        node.external || node.mode !== 'managed'
          ? null
          : (current.assetIds.get(node.address) ?? null),
    })),
  };
}

/** Issue 14 §3: `GET /api/cmdb/graph?source=` from the source's current version. */
export function registerCmdbRoutes(
  app: FastifyInstance,
  deps: { sources: GraphSources; clusters: ClusterObjects },
  authenticate: Authenticator,
): void {
  addRoute(app, authenticate, getCmdbGraph, async ({ auth, query }) => {
    const graph = await sourceGraph(deps.sources, auth.user.id, query.source);
    if (!graph) throw new AppError('inventory/source_not_found', 'Source not found');
    const cluster =
      query.cluster === undefined
        ? { nodes: [], edges: [], warnings: [] }
        : await clusterGraph(deps.clusters, auth.user.id, query.cluster);
    const edges = [...graph.edges, ...cluster.edges];
    return {
      data: {
        nodes: [...graph.nodes, ...cluster.nodes],
        edges: query.edges === 'direct' ? reduceTransitiveEdges(edges) : edges,
        warnings: [...graph.warnings, ...cluster.warnings],
      },
    };
  });
}
