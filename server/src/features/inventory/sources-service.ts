import type { TImportResult } from '@stratum/core/contract/inventory/sources';
import type {
  TSource,
  TSourceKind,
  TSourceVersion,
  TVersionDiff,
} from '@stratum/core/contract/inventory/model';
import { diffVersions } from '@stratum/core/inventory/diff-versions';
import type { TParsedSource } from '@stratum/core/inventory/model';
import { parseSource } from '@stratum/core/inventory/parse';
import type { Db } from '../../db/database';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { isNestedDeeperThan } from '../../lib/input-guard';
import { presentSource, presentVersion } from './presenters';
import type { ReadFile } from './read-body';
import * as repo from './repository';
import { withInventoryTables, type InventoryDb, type SourceRow, type VersionRow } from './tables';

/** Deep enough for any real state (nested blocks of WAF rules, policies); refuses hostile nesting. */
const MAX_DEPTH = 128;

export const SOURCE_NOT_FOUND = 'Source not found';
const notFound = () => new AppError('inventory/source_not_found', SOURCE_NOT_FOUND);

/** A source's current version as the parser answered it, for the graph and drift. */
export interface CurrentSource {
  id: string;
  name: string;
  kind: TSourceKind;
  version: number;
  parsed: TParsedSource;
  /** Asset id (the stored row) of each managed instance, by address. */
  assetIds: Map<string, string>;
}

export class SourcesService {
  readonly db: InventoryDb;

  constructor(db: Db) {
    this.db = withInventoryTables(db);
  }

  /** Parses a file: a legacy state or an unreadable file is refused with what is wrong. */
  parse(kind: TSourceKind, file: ReadFile): TParsedSource {
    if (file.text.trim() === '') {
      throw new AppError('inventory/invalid_source', 'The file is empty.');
    }
    if (kind !== 'csv' && isNestedDeeperThan(file.text, MAX_DEPTH)) {
      throw new AppError(
        'inventory/invalid_source',
        `The file nests deeper than ${MAX_DEPTH} levels.`,
      );
    }
    const result = parseSource(kind, file.text);
    if (!result.ok) {
      throw new AppError(
        result.reason === 'legacy' ? 'inventory/legacy_state' : 'inventory/invalid_source',
        result.message,
      );
    }
    return result.value;
  }

  async create(
    userId: string,
    input: { kind: TSourceKind; name: string },
    file: ReadFile,
    origin: VersionRow['origin'],
    actor: AuditActor,
  ): Promise<TImportResult['data']> {
    const parsed = this.parse(input.kind, file);
    return this.db.transaction().execute(async (trx) => {
      const source = await repo.insertSource(trx, userId, input.name, input.kind);
      const version = await repo.insertVersion(trx, source, parsed, { ...file, origin });
      const result = resultOf(source, version);
      await writeAudit(trx, actor, {
        action: 'inventory.sources.create',
        targetType: 'inventory_source',
        targetId: source.id,
        after: { name: source.name, kind: source.kind, ...trailOf(result, origin) },
      });
      return result;
    });
  }

  async reimport(
    userId: string,
    sourceId: string,
    file: ReadFile,
    origin: VersionRow['origin'],
    /** Who asked; a scheduled refresh has no one and its run is not audited. */
    actor?: AuditActor,
  ): Promise<TImportResult['data']> {
    const source = await this.find(userId, sourceId);
    const parsed = this.parse(source.kind, file);
    return this.db.transaction().execute(async (trx) => {
      const version = await repo.insertVersion(trx, source, parsed, { ...file, origin });
      const result = resultOf(source, version);
      if (actor) {
        await writeAudit(trx, actor, {
          action: origin === 'refresh' ? 'inventory.refresh.run' : 'inventory.sources.reimport',
          targetType: 'inventory_source',
          targetId: source.id,
          after: { name: source.name, ...trailOf(result, origin) },
        });
      }
      return result;
    });
  }

  async find(userId: string, sourceId: string): Promise<SourceRow> {
    const source = await repo.findOwnSource(this.db, userId, sourceId);
    if (!source) throw notFound();
    return source;
  }

  async list(userId: string): Promise<TSource[]> {
    const sources = await repo.listOwnSources(this.db, userId);
    const ids = sources.map((s) => s.id);
    const [versions, refreshes] = await Promise.all([
      repo.versionsOf(this.db, ids),
      repo.refreshesOf(this.db, ids),
    ]);
    return sources.flatMap((source) => {
      const own = versions.filter((v) => v.source_id === source.id);
      const current = own.find((v) => v.is_current) ?? own[0];
      if (!current) return [];
      const refresh = refreshes.find((r) => r.source_id === source.id);
      return [presentSource(source, current, own.length, refresh)];
    });
  }

  async get(userId: string, sourceId: string): Promise<TSource & { versions: TSourceVersion[] }> {
    const source = await this.find(userId, sourceId);
    const [versions, refreshes] = await Promise.all([
      repo.versionsOf(this.db, [source.id]),
      repo.refreshesOf(this.db, [source.id]),
    ]);
    const current = versions.find((v) => v.is_current) ?? versions[0];
    if (!current) throw notFound();
    return {
      ...presentSource(source, current, versions.length, refreshes[0]),
      versions: versions.map(presentVersion),
    };
  }

  async remove(actor: AuditActor, sourceId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const source = await repo.findOwnSource(trx, actor.id, sourceId);
      if (!source || !(await repo.deleteOwnSource(trx, actor.id, sourceId))) throw notFound();
      await writeAudit(trx, actor, {
        action: 'inventory.sources.delete',
        targetType: 'inventory_source',
        targetId: sourceId,
        before: { name: source.name, kind: source.kind },
      });
    });
  }

  async compare(userId: string, sourceId: string, from: number, to: number): Promise<TVersionDiff> {
    const source = await this.find(userId, sourceId);
    const versions = await repo.versionsOf(this.db, [source.id]);
    const pick = (n: number) => {
      const found = versions.find((v) => v.version === n);
      if (!found) {
        const kept = versions.map((v) => v.version).sort((a, b) => a - b);
        throw new AppError(
          'inventory/source_not_found',
          `Version ${n} of this source is not kept (kept: ${kept.join(', ')}).`,
        );
      }
      return found;
    };
    const [older, newer] = [pick(from), pick(to)];
    const [a, b] = await Promise.all([
      repo.parsedOf(this.db, source, older),
      repo.parsedOf(this.db, source, newer),
    ]);
    return diffVersions(a.parsed, b.parsed, { from, to });
  }

  /**
   * The current version of one of the user's sources, parsed back from its rows; without
   * attributes (`{}`) when only the graph is wanted.
   */
  async current(
    userId: string,
    sourceId: string,
    options: { withAttributes: boolean } = { withAttributes: true },
  ): Promise<CurrentSource | undefined> {
    const source = await repo.findOwnSource(this.db, userId, sourceId);
    if (!source) return undefined;
    const version = await this.db
      .selectFrom('inventory_versions')
      .selectAll()
      .where('source_id', '=', source.id)
      .where('is_current', '=', true)
      .executeTakeFirst();
    if (!version) return undefined;
    const { parsed, rows } = options.withAttributes
      ? await repo.parsedOf(this.db, source, version)
      : await repo.graphParsedOf(this.db, source, version);
    return {
      id: source.id,
      name: source.name,
      kind: source.kind,
      version: version.version,
      parsed,
      assetIds: new Map(rows.filter((r) => r.mode === 'managed').map((r) => [r.address, r.id])),
    };
  }
}

/** What the trail keeps of an import: the version and its counts, not the file. */
function trailOf(result: TImportResult['data'], origin: VersionRow['origin']) {
  return { version: result.version, counts: result.counts, origin };
}

function resultOf(source: SourceRow, version: VersionRow): TImportResult['data'] {
  return {
    id: source.id,
    version: version.version,
    counts: version.counts,
    warnings: version.warnings,
  };
}
