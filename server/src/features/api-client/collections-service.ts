import { countRequests } from '@stratum/core/api-client/collection-ops';
import {
  API_LIMITS,
  CURRENT_COLLECTION_VERSION,
  parseCollection,
  type TCollectionDoc,
} from '@stratum/core/api-client/model';
import type { TCollection } from '@stratum/core/contract/api-client/collections';
import type { Db } from '../../db/database';
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

  create(userId: string, input: { name?: string | undefined; doc?: TCollectionDoc | undefined }) {
    const doc: TCollectionDoc = input.doc ?? {
      v: CURRENT_COLLECTION_VERSION,
      name: input.name ?? 'New collection',
      description: '',
      auth: { type: 'none' },
      variables: [],
      items: [],
    };
    return this.insert(userId, input.name === undefined ? doc : { ...doc, name: input.name });
  }

  /** One `UPDATE … WHERE revision = $n RETURNING`; else 409 with the stored revision, or 404. */
  async save(userId: string, id: string, revision: number, doc: TCollectionDoc) {
    const saved = await repo.saveCollection(this.db, userId, id, revision, valuesOf(doc));
    if (saved) return presentCollectionSummary(saved);
    const currentRevision = await repo.currentRevision(this.db, userId, id);
    if (currentRevision === undefined) throw collectionNotFound();
    throw new AppError(
      'api/revision_conflict',
      'This collection was changed elsewhere since you opened it. Reload it to see the changes.',
      { currentRevision },
    );
  }

  async duplicate(userId: string, id: string, name: string | undefined) {
    const source = await this.get(userId, id);
    const copyName = name ?? `${source.name.slice(0, API_LIMITS.nameChars - 5)} copy`;
    return this.insert(userId, { ...source.doc, name: copyName });
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await repo.deleteCollection(this.db, userId, id))) throw collectionNotFound();
  }

  /** Stores a new collection if the user is under the limit (counted under a per-user lock). */
  async insert(userId: string, doc: TCollectionDoc): Promise<TCollection> {
    const row = await this.db.transaction().execute(async (trx) => {
      await lockUserFor(trx, 'collections', userId);
      if ((await repo.countCollections(trx, userId)) >= API_LIMITS.collectionsPerUser) {
        throw new AppError(
          'api/limit_reached',
          `You can keep at most ${API_LIMITS.collectionsPerUser} collections. Delete one first.`,
        );
      }
      return repo.insertCollection(trx, userId, valuesOf(doc));
    });
    return presentCollection(row, doc);
  }
}
