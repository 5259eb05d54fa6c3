import { effectiveAuth, findItem } from '@stratum/core/api-client/collection-ops';
import { scopeOf } from '@stratum/core/api-client/variables';
import type { Db } from '../../db/database';
import * as collections from './collections-repository';
import { collectionNotFound, docOf } from './collections-service';
import * as environments from './environments-repository';
import {
  applyEnvironmentChanges,
  environmentNotFound,
  loadEnvironmentScope,
} from './environments-service';
import { appendHistory } from './history-service';
import type { TRunnerStore } from './run-types';

/** The runner's view of the stored collections, environments and history of the user. */
export function runnerStore(db: Db, encryptionKey: Buffer): TRunnerStore {
  return {
    loadEnvironmentScope: (userId, environmentId) =>
      loadEnvironmentScope(db, encryptionKey, userId, environmentId),

    async secretVariableNames(userId, environmentId) {
      const row = await environments.findEnvironment(db, userId, environmentId);
      if (!row) throw environmentNotFound();
      return new Set(row.variables.filter((v) => v.secret).map((v) => v.key));
    },

    applyEnvironmentChanges: (userId, environmentId, changes, actor) =>
      applyEnvironmentChanges(db, encryptionKey, userId, environmentId, changes, actor),

    async appendHistory(userId, entry) {
      await appendHistory(db, userId, {
        request: entry.request,
        method: entry.method,
        // As the editor held it: a secret variable's value never lands in the history.
        url: entry.request.url,
        status: entry.status ?? null,
        error: entry.status === undefined ? (entry.error ?? 'no response') : null,
        durationMs: Math.max(0, Math.round(entry.durationMs)),
        sizeBytes: entry.size ?? 0,
        collectionId: entry.collectionId ?? null,
        itemId: entry.itemId ?? null,
      });
    },

    async loadCollectionContext(userId, collectionId, itemId) {
      const row = await collections.findCollection(db, userId, collectionId);
      if (!row) throw collectionNotFound();
      const doc = docOf(row.doc);
      const variables = scopeOf(doc.variables);
      const collectionAuth = doc.auth.type === 'inherit' ? { type: 'none' as const } : doc.auth;
      if (itemId === undefined) return { variables, inheritedAuth: collectionAuth };
      const found = findItem(doc, itemId);
      // An item deleted meanwhile: the request still runs with the collection's auth.
      if (!found) return { variables, inheritedAuth: collectionAuth };
      // What the item would inherit: its parent's effective auth (the request's own auth is
      // the one the editor sends).
      const parentAuth = found.parent ? effectiveAuth(doc, found.parent.id) : undefined;
      return {
        variables,
        inheritedAuth: parentAuth ?? collectionAuth,
        itemName: found.item.name,
      };
    },
  };
}
