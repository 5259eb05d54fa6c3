import type { TPlanId } from '@stratum/core/contract/common';
import type { TDriftChange, TDriftScan, TDriftScanBody } from '@stratum/core/contract/drift/scans';
import { compareScans } from '@stratum/core/drift/compare-scans';
import {
  desiredFromParsed,
  desiredFromState,
  detectDrift,
  readActual,
  type TActualSide,
  type TDesiredResource,
} from '@stratum/core/drift/index';
import { recommend } from '@stratum/core/drift/recommend';
import type { TParsedSource } from '@stratum/core/inventory/model';
import { buildGraph } from '@stratum/core/inventory/graph';
import { graphQueries } from '@stratum/core/inventory/graph-queries';
import type { Db } from '../../db/database';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { ConnectionsService } from './connections-service';
import { readK8s, type ClusterLists } from './k8s-reader';
import { presentScan } from './presenters';
import * as repo from './repository';
import { withDriftTables, type DriftDb, type ScanRow } from './tables';

/** What drift reads of a stored source (the inventory feature answers it). */
export interface DriftSources {
  current(
    userId: string,
    sourceId: string,
    options: { withAttributes: boolean },
  ): Promise<{ id: string; name: string; parsed: TParsedSource } | undefined>;
}

export interface ScanDeps {
  db: Db;
  sources: DriftSources;
  plans: { state(userId: string): Promise<{ currentPlan: TPlanId }> };
  connections: ConnectionsService;
  clusters: ClusterLists;
}

const invalid = (message: string) => new AppError('drift/invalid_scan', message);
export const SCAN_NOT_FOUND = 'Scan not found';

const EMPTY_ACTUAL: Omit<TActualSide, 'readTypes' | 'read'> = {
  verdicts: [],
  inSync: [],
  notChecked: [],
  noise: {},
  planActions: [],
  warnings: [],
};

/** Issue 14 §4–6: one scan, from desired and actual to the stored, gated result. */
export class ScanService {
  readonly db: DriftDb;

  constructor(private readonly deps: ScanDeps) {
    this.db = withDriftTables(deps.db);
  }

  async plan(userId: string): Promise<TPlanId> {
    return (await this.deps.plans.state(userId)).currentPlan;
  }

  async run(
    userId: string,
    body: TDriftScanBody,
    trigger: ScanRow['trigger'] = 'manual',
    /** Who asked; a scheduled scan has no one and is not audited. */
    actor?: AuditActor,
  ): Promise<TDriftScan> {
    let desired: TDesiredResource[] | null = null;
    let sourceId: string | null = null;
    let parsed: TParsedSource | null = null;
    if (body.desired && 'sourceId' in body.desired) {
      const current = await this.deps.sources.current(userId, body.desired.sourceId, {
        withAttributes: true,
      });
      if (!current) throw new AppError('inventory/source_not_found', 'Source not found');
      sourceId = current.id;
      parsed = current.parsed;
      desired = desiredFromParsed(current.parsed);
    } else if (body.desired) {
      if (body.desired.content.trim() === '') throw invalid('The desired state is empty.');
      const read = desiredFromState(body.desired.content);
      if (!read.ok) throw invalid(read.message);
      desired = read.value;
    }
    const actual = await this.readActualSide(userId, body.actual, desired);
    if (actual.desired && !desired) desired = actual.desired;
    if (!desired && (body.actual.kind === 'snapshot' || body.actual.kind === 'aws')) {
      throw invalid(
        'A snapshot or a live read needs the desired side: a stored source or a state.',
      );
    }
    const rules = await repo.rulesFor(this.db, userId, sourceId);
    const result = detectDrift(desired, actual.side, {
      ignoreRules: rules.map((r) => ({
        addressPattern: r.address_pattern,
        resourceType: r.resource_type,
        attributePath: r.attribute_path,
      })),
    });
    const radius = parsed ? radiusOf(parsed, sourceId ?? '') : undefined;
    const changes: TDriftChange[] = result.changes.map((change) => ({
      ...change,
      blastRadius: radius ? radius(change.address) : null,
      recommendation: recommend(change),
    }));
    const previous = sourceId ? await repo.previousScan(this.db, userId, sourceId) : undefined;
    const since = previous ? compareScans(previous.changes, changes) : undefined;
    const row = await this.db.transaction().execute(async (trx) => {
      const inserted = await repo.insertScan(trx, {
        userId,
        sourceId,
        projectId: body.projectId ?? null,
        actualKind: body.actual.kind,
        trigger,
        result: { ...result, changes },
        sincePrevious:
          previous && since
            ? { scanId: previous.id, appeared: since.appeared, resolved: since.resolved }
            : null,
      });
      if (actor) {
        await writeAudit(trx, actor, {
          action: 'drift.scans.run',
          targetType: 'drift_scan',
          targetId: inserted.id,
          after: { sourceId, actual: body.actual.kind, trigger, summary: result.summary },
        });
      }
      return inserted;
    });
    return presentScan(row, await this.plan(userId));
  }

  private async readActualSide(
    userId: string,
    actual: TDriftScanBody['actual'],
    desired: TDesiredResource[] | null,
  ): Promise<{ side: TActualSide; desired?: TDesiredResource[] }> {
    switch (actual.kind) {
      case 'plan':
      case 'whatif':
      case 'driftctl':
      case 'snapshot': {
        if (actual.content.trim() === '') throw invalid('The actual side is empty.');
        const read = readActual(
          actual.kind,
          actual.content,
          actual.kind === 'snapshot' ? actual.resourceType : undefined,
        );
        if (!read.ok) throw invalid(read.message);
        return { side: read.value, ...(read.desired && { desired: read.desired }) };
      }
      case 'aws': {
        const live = await this.deps.connections.readLive(
          userId,
          actual.connectionId,
          actual.resourceTypes,
          desired,
        );
        return { side: { ...EMPTY_ACTUAL, readTypes: live.types, read: live.read } };
      }
      case 'k8s': {
        const side = await readK8s(this.deps.db, this.deps.clusters, userId, actual.clusterId);
        if (side.verdicts.length + side.inSync.length + side.notChecked.length === 0) {
          throw invalid(
            'Stratum has applied nothing to this cluster yet: apply manifests from the Kubernetes page, then scan.',
          );
        }
        return { side };
      }
    }
  }

  async get(userId: string, scanId: string): Promise<TDriftScan> {
    const row = await repo.findOwnScan(this.db, userId, scanId);
    if (!row) throw new AppError('drift/scan_not_found', SCAN_NOT_FOUND);
    return presentScan(row, await this.plan(userId));
  }
}

/** How many nodes depend on an address, through the source's CMDB graph. */
function radiusOf(parsed: TParsedSource, sourceId: string): (address: string) => number | null {
  const prefix = `${sourceId}:`;
  const graph = buildGraph(parsed, { idPrefix: prefix });
  const ids = new Set(graph.nodes.map((n) => n.id));
  const queries = graphQueries(graph);
  return (address) => {
    const id = `${prefix}${address}`;
    return ids.has(id) ? queries.blastRadius(id).length : null;
  };
}
