import { countRequests } from '@stratum/core/api-client/collection-ops';
import {
  API_LIMITS,
  CURRENT_COLLECTION_VERSION,
  parseCollection,
  type TCollectionDoc,
} from '@stratum/core/api-client/model';
import type { TCollection } from '@stratum/core/contract/api-client/collections';
import type { Db } from '../../db/database';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import * as repo from './collections-repository';
import { presentCollection, presentCollectionSummary } from './presenters';
import { lockUserFor } from './repository';

export const collectionNotFound = () => new AppError('api/not_found', 'Collection not found');

/** A stored document (any version) as the current one: the one parse of it a request makes. */
export function docOf(stored: unknown): TCollectionDoc {
  const parsed = parseCollection(stored);
  if (!parsed.ok) {
    throw new Error(`stored collection cannot be read: ${JSON.stringify(parsed.issues[0])}`);
  }
  return parsed.doc;
}

const valuesOf = (doc: TCollectionDoc): repo.CollectionValues => ({
  name: doc.name,
  doc,
  requestCount: countRequests(doc),
});

/** A user's collections: whole documents saved with optimistic concurrency, up to a limit. */
export class CollectionsService {
  constructor(private readonly db: Db) {}

  async list(userId: string) {
    const rows = await repo.listCollections(this.db, userId);
    return {
      collections: rows.map(presentCollectionSummary),
      limit: API_LIMITS.collectionsPerUser,
    };
  }

  async get(userId: string, id: string): Promise<TCollection> {
    const row = await repo.findCollection(this.db, userId, id);
    if (!row) throw collectionNotFound();
    return presentCollection(row, docOf(row.doc));
  }

  create(
    actor: AuditActor,
    input: { name?: string | undefined; doc?: TCollectionDoc | undefined },
  ) {
    const doc: TCollectionDoc = input.doc ?? {
      v: CURRENT_COLLECTION_VERSION,
      name: input.name ?? 'New collection',
      description: '',
      auth: { type: 'none' },
      variables: [],
      items: [],
    };
    const named = input.name === undefined ? doc : { ...doc, name: input.name };
    return this.insert(actor, named, 'apiClient.collections.create');
  }

  /** One `UPDATE … WHERE revision = $n RETURNING`; else 409 with the stored revision, or 404. */
  async save(actor: AuditActor, id: string, revision: number, doc: TCollectionDoc) {
    const userId = actor.id;
    const saved = await this.db.transaction().execute(async (trx) => {
      const row = await repo.saveCollection(trx, userId, id, revision, valuesOf(doc));
      if (row) {
        await writeAudit(trx, actor, {
          action: 'apiClient.collections.save',
          targetType: 'api_collection',
          targetId: id,
          before: { revision },
          after: trailOf(row),
        });
      }
      return row;
    });
    if (saved) return presentCollectionSummary(saved);
    const currentRevision = await repo.currentRevision(this.db, userId, id);
    if (currentRevision === undefined) throw collectionNotFound();
    throw new AppError(
      'api/revision_conflict',
      'This collection was changed elsewhere since you opened it. Reload it to see the changes.',
      { currentRevision },
    );
  }

  async duplicate(actor: AuditActor, id: string, name: string | undefined) {
    const source = await this.get(actor.id, id);
    const copyName = name ?? `${source.name.slice(0, API_LIMITS.nameChars - 5)} copy`;
    return this.insert(
      actor,
      { ...source.doc, name: copyName },
      'apiClient.collections.duplicate',
      {
        copiedFrom: id,
      },
    );
  }

  async remove(actor: AuditActor, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.findCollection(trx, actor.id, id);
      if (!row || !(await repo.deleteCollection(trx, actor.id, id))) throw collectionNotFound();
      await writeAudit(trx, actor, {
        action: 'apiClient.collections.delete',
        targetType: 'api_collection',
        targetId: id,
        before: trailOf(row),
      });
    });
  }

  /** Stores a new collection if the user is under the limit (counted under a per-user lock). */
  async insert(
    actor: AuditActor,
    doc: TCollectionDoc,
    action: string,
    extra: Record<string, unknown> = {},
  ): Promise<TCollection> {
    const userId = actor.id;
    const row = await this.db.transaction().execute(async (trx) => {
      await lockUserFor(trx, 'collections', userId);
      if ((await repo.countCollections(trx, userId)) >= API_LIMITS.collectionsPerUser) {
        throw new AppError(
          'api/limit_reached',
          `You can keep at most ${API_LIMITS.collectionsPerUser} collections. Delete one first.`,
        );
      }
      const inserted = await repo.insertCollection(trx, userId, valuesOf(doc));
      await writeAudit(trx, actor, {
        action,
        targetType: 'api_collection',
        targetId: inserted.id,
        after: { ...trailOf(inserted), ...extra },
      });
      return inserted;
    });
    return presentCollection(row, doc);
  }
}

/** What the trail keeps of a collection: its name and size, not the whole document. */
function trailOf(row: { name: string; request_count: number; revision: number }) {
  return { name: row.name, requestCount: row.request_count, revision: row.revision };
}
