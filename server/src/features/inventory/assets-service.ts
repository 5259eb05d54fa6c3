import type { TAssetDetail } from '@stratum/core/contract/inventory/model';
import { buildGraph } from '@stratum/core/inventory/graph';
import { maskSensitive } from '@stratum/core/inventory/assets';
import { AppError } from '../../lib/errors';
import { findOwnAsset, presentAsset } from './asset-queries';
import * as repo from './repository';
import type { InventoryDb } from './tables';

const notFound = () => new AppError('inventory/asset_not_found', 'Asset not found');

/** The detail drawer: attributes masked as the source marks them, the graph around it, history. */
export class AssetsService {
  constructor(private readonly db: InventoryDb) {}

  async detail(userId: string, assetId: string): Promise<TAssetDetail> {
    if (!repo.isUuid(assetId)) throw notFound();
    const row = await findOwnAsset(this.db, userId, assetId);
    if (!row) throw notFound();
    const source = await repo.findOwnSource(this.db, userId, row.source_id);
    const version = source && (await repo.currentVersionOf(this.db, source.id));
    if (!source || !version) throw notFound();
    const { parsed } = await repo.graphParsedOf(this.db, source, version);
    const prefix = `${source.id}:`;
    const graph = buildGraph(parsed, { idPrefix: prefix });
    const addressOf = new Map(graph.nodes.map((n) => [n.id, n.address]));
    const self = `${prefix}${row.address}`;
    const unique = (values: (string | undefined)[]) =>
      [...new Set(values.filter((v): v is string => v !== undefined))].sort();
    const dependencies = unique(
      graph.edges.filter((e) => e.from === self).map((e) => addressOf.get(e.to)),
    );
    const dependents = unique(
      graph.edges.filter((e) => e.to === self).map((e) => addressOf.get(e.from)),
    );
    const masked = maskSensitive(row.attributes, row.sensitive_paths);
    const history = await repo.addressHistory(this.db, source.id, row.address);
    return {
      ...presentAsset(row),
      attributes: masked.attributes,
      maskedPaths: masked.maskedPaths,
      dependencies,
      dependents,
      history: history.map((h) => ({
        version: h.version,
        importedAt: h.imported_at.toISOString(),
        present: h.present,
      })),
    };
  }
}
