import type { FastifyInstance } from 'fastify';
import {
  compareCloudsEndpoint,
  estimateDesignEndpoint,
} from '@stratum/core/contract/costing/estimate';
import { getPriceBook } from '@stratum/core/contract/costing/price-book';
import type { PriceBook, TPriceBookData } from '@stratum/core/costing/book';
import { addRoute, type Authenticator } from '../../lib/route';
import { EstimateService, type CostingDeps } from './estimate-service';

/**
 * Designs are priced whole: a 1,000-component design is about 120 KB of JSON (bench:costing), so
 * 4 MiB takes designs far past what a board holds without letting a body grow unbounded (the
 * app's default is 1 MiB).
 */
export const COSTING_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** The compact data of a book, built once per book version. */
const compact = new WeakMap<PriceBook, TPriceBookData>();

/** Estimates of a design (its own cloud, and every cloud side by side) and the book in force. */
export function registerCostingRoutes(
  app: FastifyInstance,
  deps: CostingDeps,
  authenticate: Authenticator,
): void {
  const estimates = new EstimateService(deps);
  const limit = { bodyLimit: COSTING_BODY_LIMIT_BYTES };
  addRoute(
    app,
    authenticate,
    estimateDesignEndpoint,
    async ({ body }) => ({ data: await estimates.estimate(body) }),
    limit,
  );
  addRoute(
    app,
    authenticate,
    compareCloudsEndpoint,
    async ({ body }) => ({ data: await estimates.compare(body) }),
    limit,
  );
  // The board prices in the browser from this; the version is the ETag, so a client holding the
  // current book gets a bodiless 304.
  addRoute(app, authenticate, getPriceBook, async ({ request, reply }) => {
    const book = await deps.books.current();
    let data = compact.get(book);
    if (!data) {
      data = book.toData();
      compact.set(book, data);
    }
    const etag = `"${book.version}"`;
    void reply.header('etag', etag).header('cache-control', 'private, no-cache');
    const match = request.headers['if-none-match'];
    if (match !== undefined && match.split(',').some((t) => t.trim() === etag)) {
      void reply.code(304);
    }
    return { data };
  });
}
