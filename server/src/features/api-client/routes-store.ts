import type { FastifyInstance } from 'fastify';
import {
  API_STORE_LIMITS,
  createCollection,
  deleteCollection,
  duplicateCollection,
  getCollection,
  listCollections,
  saveCollection,
} from '@stratum/core/contract/api-client/collections';
import {
  createEnvironment,
  deleteEnvironment,
  getEnvironment,
  listEnvironments,
  revealEnvironmentVariable,
  updateEnvironment,
} from '@stratum/core/contract/api-client/environments';
import {
  clearHistory,
  deleteHistoryEntry,
  getHistoryEntry,
  listHistory,
} from '@stratum/core/contract/api-client/history';
import {
  exportCollection,
  importApiDocument,
} from '@stratum/core/contract/api-client/import-export';
import type { Db } from '../../db/database';
import { actorOf } from '../../lib/audit';
import { addRoute, type Authenticator } from '../../lib/route';
import { CollectionsService } from './collections-service';
import { EnvironmentsService } from './environments-service';
import { HistoryService } from './history-service';
import { ImportService } from './import-service';

export interface ApiClientStoreDeps {
  db: Db;
  /** `keys.encryption`: seals secret environment variables. */
  encryptionKey: Buffer;
}

/** Bodies larger than the app's 1 MiB: whole collection documents and imported files. */
const LARGE_BODIES: Record<string, number> = {
  [`POST ${createCollection.path}`]: API_STORE_LIMITS.collectionBodyBytes,
  [`PUT ${saveCollection.path}`]: API_STORE_LIMITS.collectionBodyBytes,
  // JSON-escaped text grows (quotes, line ends): room for the escaping of the largest file.
  [`POST ${importApiDocument.path}`]: API_STORE_LIMITS.importBytes * 2,
};

/**
 * The API client's stored things (issue 12 §2): collections, environments, history, import
 * and export. Every route is the signed-in user's own; another user's id answers 404.
 */
export async function registerApiClientStoreRoutes(
  app: FastifyInstance,
  deps: ApiClientStoreDeps,
  authenticate: Authenticator,
): Promise<void> {
  const collections = new CollectionsService(deps.db);
  const environments = new EnvironmentsService(deps.db, deps.encryptionKey);
  const history = new HistoryService(deps.db);
  const transfer = new ImportService(collections);

  await app.register((scope, _options, done) => {
    scope.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const limit = LARGE_BODIES[`${method} ${route.url}`];
        if (limit !== undefined) route.bodyLimit = limit;
      }
    });
    const route = <E extends Parameters<typeof addRoute>[2]>(
      endpoint: E,
      handler: Parameters<typeof addRoute<E>>[3],
      options?: Parameters<typeof addRoute>[4],
    ) => addRoute(scope, authenticate, endpoint, handler, options);

    route(listCollections, async ({ auth }) => ({ data: await collections.list(auth.user.id) }));
    route(createCollection, async ({ auth, body, request }) => ({
      data: { collection: await collections.create(actorOf(auth, request), body) },
    }));
    route(getCollection, async ({ auth, params }) => ({
      data: { collection: await collections.get(auth.user.id, params.id) },
    }));
    route(saveCollection, async ({ auth, params, body, request }) => ({
      data: {
        collection: await collections.save(
          actorOf(auth, request),
          params.id,
          body.revision,
          body.doc,
        ),
      },
    }));
    route(duplicateCollection, async ({ auth, params, body, request }) => ({
      data: {
        collection: await collections.duplicate(actorOf(auth, request), params.id, body.name),
      },
    }));
    route(deleteCollection, async ({ auth, params, request }) => {
      await collections.remove(actorOf(auth, request), params.id);
      return { message: 'Collection deleted' };
    });

    route(listEnvironments, async ({ auth }) => ({ data: await environments.list(auth.user.id) }));
    route(createEnvironment, async ({ auth, body, request }) => ({
      data: { environment: await environments.create(actorOf(auth, request), body) },
    }));
    route(getEnvironment, async ({ auth, params }) => ({
      data: { environment: await environments.get(auth.user.id, params.id) },
    }));
    route(updateEnvironment, async ({ auth, params, body, request }) => ({
      data: { environment: await environments.update(actorOf(auth, request), params.id, body) },
    }));
    route(deleteEnvironment, async ({ auth, params, request }) => {
      await environments.remove(actorOf(auth, request), params.id);
      return { message: 'Environment deleted' };
    });
    route(revealEnvironmentVariable, async ({ auth, params, body, request }) => ({
      data: await environments.reveal(actorOf(auth, request), params.id, body.key),
    }));

    route(listHistory, async ({ auth }) => ({ data: await history.list(auth.user.id) }));
    route(getHistoryEntry, async ({ auth, params }) => ({
      data: { entry: await history.get(auth.user.id, params.id) },
    }));
    route(deleteHistoryEntry, async ({ auth, params, request }) => {
      await history.remove(actorOf(auth, request), params.id);
      return { message: 'History entry deleted' };
    });
    route(clearHistory, async ({ auth, request }) => {
      await history.clear(actorOf(auth, request));
      return { message: 'History cleared' };
    });

    route(
      importApiDocument,
      async ({ auth, body, request }) => ({
        data: await transfer.import(actorOf(auth, request), body.format, body.text),
      }),
      // Parsing a large document takes a CPU for a while.
      { rateLimitPerMinute: 30 },
    );
    route(exportCollection, async ({ auth, params }) => ({
      data: await transfer.export(auth.user.id, params.id),
    }));
    done();
  });
}
