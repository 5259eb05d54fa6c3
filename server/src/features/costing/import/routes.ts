import type { FastifyInstance } from 'fastify';
import {
  PRICE_IMPORT_MAX_BYTES,
  getPriceImport,
  getPriceImportDiff,
  listPriceImports,
  listPriceLists,
  startPriceImport,
  uploadPriceImportFile,
} from '@stratum/core/contract/admin/price-imports';
import type { Db } from '../../../db/database';
import { actorOf } from '../../../lib/audit';
import type { DenyList, EgressPolicy } from '../../../lib/egress';
import { requireStaff } from '../../../lib/permissions';
import { addRoute, type Authenticator } from '../../../lib/route';
import type { BookService } from '../book-service';
import { presentImport } from './presenters';
import { importDiff, isCurrent, listImports, priceLists } from './queries';
import { PriceImportService } from './service';
import { withPriceTables } from './tables';

export interface PriceImportRouteDeps {
  db: Db;
  books: BookService;
  egress: EgressPolicy;
  /** Stratum's own services, refused whatever the allow-lists say. */
  deny: DenyList;
}

/**
 * The admin's price-list imports (`system.manage`: owner and admin). The upload route reads
 * its raw body itself, as it arrives, so it has its own scope with no body parser and a
 * 2 GiB limit instead of the app's 1 MiB.
 */
export async function registerPriceImportRoutes(
  app: FastifyInstance,
  deps: PriceImportRouteDeps,
  authenticate: Authenticator,
): Promise<PriceImportService> {
  const db = withPriceTables(deps.db);
  const service = new PriceImportService({
    db: deps.db,
    books: deps.books,
    fetch: { egress: deps.egress, deny: deps.deny },
    log: app.log,
  });
  app.addHook('onClose', () => service.settle());

  addRoute(app, authenticate, listPriceLists, async ({ auth }) => {
    requireStaff(auth, 'system.manage');
    return { data: await priceLists(db, deps.books) };
  });

  addRoute(app, authenticate, listPriceImports, async ({ auth, query }) => {
    requireStaff(auth, 'system.manage');
    return { data: await listImports(db, query) };
  });

  addRoute(app, authenticate, startPriceImport, async ({ auth, body, request }) => {
    requireStaff(auth, 'system.manage');
    const row = await service.start(actorOf(auth, request), body);
    return { data: presentImport(row) };
  });

  addRoute(app, authenticate, getPriceImport, async ({ auth, params }) => {
    requireStaff(auth, 'system.manage');
    const row = await service.find(params.id);
    return { data: presentImport(row, await isCurrent(db, row)) };
  });

  addRoute(app, authenticate, getPriceImportDiff, async ({ auth, params, query }) => {
    requireStaff(auth, 'system.manage');
    return { data: await importDiff(db, await service.find(params.id), query) };
  });

  await app.register((scope, _options, done) => {
    // Every content type reaches the handler unread: the service streams request.raw.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, next) => next(null, undefined));
    addRoute(
      scope,
      authenticate,
      uploadPriceImportFile,
      async ({ auth, params, request }) => {
        requireStaff(auth, 'system.manage');
        const length = Number(request.headers['content-length']);
        const row = await service.upload(
          actorOf(auth, request),
          params.id,
          request.raw,
          Number.isFinite(length) ? length : undefined,
        );
        return { data: presentImport(row, await isCurrent(db, row)) };
      },
      { bodyLimit: PRICE_IMPORT_MAX_BYTES },
    );
    done();
  });
  return service;
}
