import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SOURCE_MAX_BYTES } from '@stratum/core/contract/inventory/model';
import {
  compareSourceVersions,
  createSource,
  deleteSource,
  getSource,
  listSources,
  deleteSourceRefresh,
  reimportSource,
  runSourceRefresh,
  setSourceRefresh,
  uploadSource,
} from '@stratum/core/contract/inventory/sources';
import {
  exportAssets,
  getAsset,
  getAssetFacets,
  listAssets,
} from '@stratum/core/contract/inventory/assets';
import type { Db } from '../../db/database';
import type { EgressPolicy } from '../../lib/egress';
import { AppError } from '../../lib/errors';
import { actorOf } from '../../lib/audit';
import { addRoute, type Authenticator } from '../../lib/route';
import { assetFacets, listAssets as queryAssets } from './asset-queries';
import { AssetsService } from './assets-service';
import { assetsCsv } from './csv-export';
import { fileOf, readStreamedFile, TOO_LARGE_MESSAGE, type ReadFile } from './read-body';
import { RefreshService } from './refresh-service';
import { SourcesService } from './sources-service';

/**
 * A JSON body carries the file as a string, which escaping makes longer than the file: the
 * route reads up to 64 MiB and the file inside is held to 50 MB.
 */
const JSON_BODY_LIMIT = 64 * 1024 * 1024;
const IMPORTS_PER_MINUTE = 30;

export interface InventoryDeps {
  db: Db;
  egress: EgressPolicy;
  encryptionKey: Buffer;
  log: { error(obj: object, msg: string): void };
}

/** A body too large for the route answers request/too_large with the cap in words. */
function sayTooLarge(scope: FastifyInstance): void {
  scope.setErrorHandler((error) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError('request/too_large', TOO_LARGE_MESSAGE);
    }
    throw error;
  });
}

/** The streamed file, or the JSON `{ content }` a client sent instead of it. */
async function fileOfRequest(request: FastifyRequest): Promise<ReadFile> {
  const length = Number(request.headers['content-length']);
  const type = String(request.headers['content-type'] ?? '');
  const isJson = /^application\/json\b/i.test(type);
  const file = await readStreamedFile(
    request.raw,
    Number.isFinite(length) ? length : undefined,
    isJson ? JSON_BODY_LIMIT : SOURCE_MAX_BYTES,
  );
  if (!isJson) return fileOf(file.text, file);
  let value: unknown;
  try {
    value = JSON.parse(file.text);
  } catch {
    return file; // not JSON: the parser says what it is not
  }
  const isEnvelope =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).every((k) => k === 'content') &&
    typeof (value as { content?: unknown }).content === 'string';
  return isEnvelope ? fileOf((value as { content: string }).content) : fileOf(file.text, file);
}

/** Issue 14 §1–2: sources (import, re-import, compare, delete) and the assets they hold. */
export async function registerInventoryRoutes(
  app: FastifyInstance,
  deps: InventoryDeps,
  authenticate: Authenticator,
): Promise<SourcesService> {
  const sources = new SourcesService(deps.db);
  const assets = new AssetsService(sources.db);
  const refresh = new RefreshService({ ...deps, sources });

  await app.register((scope, _options, done) => {
    sayTooLarge(scope);
    addRoute(
      scope,
      authenticate,
      createSource,
      async ({ auth, body, request }) => ({
        data: await sources.create(
          auth.user.id,
          body,
          fileOf(body.content),
          'api',
          actorOf(auth, request),
        ),
      }),
      { bodyLimit: JSON_BODY_LIMIT, rateLimitPerMinute: IMPORTS_PER_MINUTE },
    );
    done();
  });

  await app.register((scope, _options, done) => {
    sayTooLarge(scope);
    // Every content type reaches the handler unread: the file is streamed from request.raw.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, next) => next(null, undefined));
    addRoute(
      scope,
      authenticate,
      uploadSource,
      async ({ auth, query, request }) => ({
        data: await sources.create(
          auth.user.id,
          query,
          await fileOfRequest(request),
          'upload',
          actorOf(auth, request),
        ),
      }),
      { bodyLimit: SOURCE_MAX_BYTES, rateLimitPerMinute: IMPORTS_PER_MINUTE },
    );
    addRoute(
      scope,
      authenticate,
      reimportSource,
      async ({ auth, params, request }) => {
        await sources.find(auth.user.id, params.id);
        const file = await fileOfRequest(request);
        const actor = actorOf(auth, request);
        return { data: await sources.reimport(auth.user.id, params.id, file, 'upload', actor) };
      },
      { bodyLimit: JSON_BODY_LIMIT, rateLimitPerMinute: IMPORTS_PER_MINUTE },
    );
    done();
  });

  addRoute(app, authenticate, listSources, async ({ auth }) => ({
    data: { items: await sources.list(auth.user.id) },
  }));
  addRoute(app, authenticate, getSource, async ({ auth, params }) => ({
    data: await sources.get(auth.user.id, params.id),
  }));
  addRoute(app, authenticate, deleteSource, async ({ auth, params, request }) => {
    await sources.remove(actorOf(auth, request), params.id);
    return { message: 'Source deleted' };
  });
  addRoute(app, authenticate, compareSourceVersions, async ({ auth, params, query }) => ({
    data: await sources.compare(auth.user.id, params.id, query.from, query.to),
  }));

  addRoute(app, authenticate, setSourceRefresh, async ({ auth, params, body, request }) => ({
    data: await refresh.set(actorOf(auth, request), params.id, body),
  }));
  addRoute(app, authenticate, deleteSourceRefresh, async ({ auth, params, request }) => {
    await refresh.remove(actorOf(auth, request), params.id);
    return { message: 'The source is no longer refreshed; its credentials are forgotten.' };
  });
  addRoute(
    app,
    authenticate,
    runSourceRefresh,
    async ({ auth, params, request }) => ({
      data: await refresh.runNow(actorOf(auth, request), params.id),
    }),
    { rateLimitPerMinute: IMPORTS_PER_MINUTE },
  );

  addRoute(app, authenticate, listAssets, async ({ auth, query }) => ({
    data: await queryAssets(sources.db, auth.user.id, query),
  }));
  addRoute(app, authenticate, getAssetFacets, async ({ auth, query }) => ({
    data: await assetFacets(sources.db, auth.user.id, query),
  }));
  addRoute(app, authenticate, getAsset, async ({ auth, params }) => ({
    data: await assets.detail(auth.user.id, params.id),
  }));
  app.get(
    exportAssets.path,
    {
      schema: {
        summary: exportAssets.summary,
        tags: ['inventory'],
        security: [{ bearerAuth: [] }],
        querystring: exportAssets.querystring,
      },
    },
    async (request, reply) => {
      const auth = await authenticate(request);
      if (!auth) {
        throw new AppError(
          'auth/unauthorized',
          'Your session has expired or is invalid. Please sign in again.',
        );
      }
      const query = exportAssets.querystring.parse(request.query);
      const csv = await assetsCsv(sources.db, auth.user.id, query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="assets.csv"')
        .send(csv);
    },
  );
  refresh.start();
  app.addHook('onClose', () => refresh.stop());
  return sources;
}
